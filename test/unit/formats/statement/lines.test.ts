import { describe, expect, test } from 'vitest';
import { balanceText, parseStatement } from '../../../../src/formats/statement/index.js';

/**
 * #35 point 1: what each line of a statement is. Balance lines (Banco do Brasil's and Caixa's OFX) are balances,
 * never movements; a FITID a bank gave two transactions keeps both; an entry dated after the statement's end or
 * today is scheduled. Every line ends in exactly one place.
 */

function ofx(lines: string, opts: { end?: string; ledger?: string } = {}): Uint8Array {
  return new TextEncoder().encode(`OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>001
<BRANCHID>1607
<ACCTID>28410-6
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20261101
<DTEND>${opts.end ?? '20261110'}
${lines}
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>${opts.ledger ?? '850.50'}
<DTASOF>20261110
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`);
}

const line = (fitid: string, date: string, amount: string, memo: string, name?: string) =>
  `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${date}\n<TRNAMT>${amount}\n<FITID>${fitid}\n<CHECKNUM>${fitid}\n${name ? `<NAME>${name}\n` : ''}<MEMO>${memo}\n</STMTTRN>`;

/** A Banco do Brasil statement's shape: the opening balance, the day's movements, the day's balance. */
const BB_DAY = [
  line('1', '20261103', '1000.00', 'Saldo Anterior'),
  line('2', '20261103', '-250.00', 'Pagamento de Boleto', 'CONDOMINIO SOL'),
  line('3', '20261103', '100.50', 'Pix - Recebido'),
  line('4', '20261103', '-45.00', 'PAGTO SALDO DEVEDOR CARTAO'),
  line('5', '20261103', '805.50', 'S A L D O'),
];

describe('balance lines', () => {
  test('Banco do Brasil’s "Saldo Anterior" and "S A L D O" are balances, checked; "PAGTO SALDO …" is a payment', async () => {
    const parsed = await parseStatement(ofx(BB_DAY.join('\n'), { ledger: '805.50' }));
    expect(parsed.errors).toEqual([]);
    const s = parsed.statements[0]!;
    expect(s.transactions.map((t) => t.memo)).toEqual([
      'Pagamento de Boleto',
      'Pix - Recebido',
      'PAGTO SALDO DEVEDOR CARTAO',
    ]);
    expect(s.transactionCount).toBe(3);
    expect(s.netAmountCents).toBe(-25000 + 10050 - 4500);
    expect(s.balanceCount).toBe(2);
    // as the file writes them, to be found there
    expect(s.balanceLines.map((b) => [b.memo, b.amountCents])).toEqual([
      ['Saldo Anterior', 100000],
      ['S A L D O', 80550],
    ]);
    // each is named in a warning; the second follows from the first and the movements between, and so does the
    // LEDGERBAL: no warning says otherwise
    const said = parsed.warnings.map((w) => w.message);
    expect(said).toContain(
      '"Saldo Anterior" R$ 1.000,00 on 2026-11-03 is the balance, not a movement: kept as the statement\'s opening balance',
    );
    expect(said).toContain(
      '"S A L D O" R$ 805,50 on 2026-11-03 is the balance, not a movement: kept as the statement\'s balance',
    );
    expect(said.filter((m) => /make R\$/.test(m))).toEqual([]);
  });

  test('a balance that does not follow from the one before and the movements is said, with both lines', async () => {
    const wrong = [...BB_DAY.slice(0, 4), line('5', '20261103', '900.00', 'Saldo do dia')];
    const parsed = await parseStatement(ofx(wrong.join('\n'), { ledger: '805.50' }));
    const said = parsed.warnings.map((w) => `${w.line}: ${w.message}`);
    expect(said).toContainEqual(
      expect.stringMatching(
        /"Saldo do dia" R\$ 900,00 on 2026-11-03 is the balance, not a movement; but the balance on line \d+ and the movements between make R\$ 805,50/,
      ),
    );
    expect(said).toContainEqual(
      expect.stringMatching(
        /LEDGERBAL\) is R\$ 805,50; the balance on line \d+ and the movements after it make R\$ 900,00/,
      ),
    );
  });

  test('"SALDO" and other words is a balance only when it has no counterpart and is the running balance', () => {
    expect(balanceText('Saldo Anterior')).toBe('strong');
    expect(balanceText('  s a l d o ')).toBe('strong');
    expect(balanceText('SALDO DO DIA 03/11')).toBe('strong');
    expect(balanceText('Saldo aplic. automática')).toBe('weak');
    expect(balanceText('PAGTO SALDO DEVEDOR')).toBe('none');
    expect(balanceText('Transferência')).toBe('none');
  });

  test('a weak "SALDO …" line is a movement unless its amount is the running balance', async () => {
    const lines = [
      line('1', '20261103', '1000.00', 'Saldo Anterior'),
      line('2', '20261103', '-100.00', 'Tarifa'),
      line('3', '20261103', '900.00', 'SALDO C/C + APLIC'),
      line('4', '20261104', '-50.00', 'SALDO PARCELA ACORDO'),
    ];
    const parsed = await parseStatement(ofx(lines.join('\n'), { ledger: '850.00' }));
    const s = parsed.statements[0]!;
    expect(s.balanceLines.map((b) => b.memo)).toEqual(['Saldo Anterior', 'SALDO C/C + APLIC']);
    expect(s.transactions.map((t) => t.memo)).toEqual(['Tarifa', 'SALDO PARCELA ACORDO']);
  });
});

describe('one FITID, two transactions', () => {
  test('both are imported, with different keys and a warning naming both lines', async () => {
    const parsed = await parseStatement(
      ofx(
        [
          line('777', '20261105', '-80.00', 'Pix enviado - Jardinagem'),
          line('777', '20261105', '-120.00', 'Pix enviado - Limpeza'),
          line('777', '20261105', '-120.00', 'Pix enviado - Limpeza'),
        ].join('\n'),
        { ledger: '0' },
      ),
    );
    const [a, b, c] = parsed.statements[0]!.transactions;
    expect(new Set([a!.key, b!.key, c!.key]).size).toBe(3);
    // the first line of a key is the plain key: what a migration gives the movements stored before (#35)
    expect(a!.key).toBe('777\u001f2026-11-05\u001f-8000\u001fPix enviado - Jardinagem');
    expect(c!.key).toBe(`${b!.key}\u001f2`);
    const said = parsed.warnings.map((w) => w.message);
    expect(said).toContain(
      "duplicate FITID '777' (also at line 27) on another transaction (its date, amount or memo differ): both imported",
    );
    expect(parsed.statements[0]!.netAmountCents).toBe(-32000);
  });

  test('an exact repeat of a FITID’s first line is a second transaction too', async () => {
    const same = line('9', '20261105', '-10.00', 'Tarifa');
    const parsed = await parseStatement(ofx([same, same].join('\n'), { ledger: '0' }));
    const keys = parsed.statements[0]!.transactions.map((t) => t.key);
    expect(keys).toEqual([
      '9\u001f2026-11-05\u001f-1000\u001fTarifa',
      '9\u001f2026-11-05\u001f-1000\u001fTarifa\u001f2',
    ]);
    expect(parsed.warnings.map((w) => w.message)).toContain(
      "duplicate FITID '9' (also at line 27) with the same date, amount and memo: imported as a second transaction",
    );
  });
});

describe('FITIDs remembered (#73: a table of their hashes and characters, not of strings)', () => {
  test('among 5,000, a repeat is named with its first line, and no FITID is taken for another', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => line(`F${i}`, '20261105', '-1.00', `PIX ${i}`));
    // a repeat of the 8th, the same; of the 4,322nd, another; FITIDs that start or end like others are not them
    lines.push(line('F7', '20261105', '-1.00', 'PIX 7'), line('F4321', '20261105', '-2.00', 'OUTRO'));
    lines.push(line('F43210', '20261105', '-1.00', 'X'), line('F', '20261105', '-1.00', 'Y'));
    lines.push(line('Fé7', '20261105', '-1.00', 'Z'), line('Fé7', '20261105', '-1.00', 'Z'));
    const parsed = await parseStatement(ofx(lines.join('\n'), { ledger: '0' }));
    const each = line('F0', '20261105', '-1.00', 'PIX 0').split('\n').length;
    const at = (i: number) => 27 + i * each;
    expect(parsed.statements[0]!.transactionCount).toBe(5006);
    expect(parsed.warnings.filter((w) => /FITID/.test(w.message)).map((w) => w.message)).toEqual([
      `duplicate FITID 'F7' (also at line ${at(7)}) with the same date, amount and memo: imported as a second transaction`,
      `duplicate FITID 'F4321' (also at line ${at(4321)}) on another transaction (its date, amount or memo differ): both imported`,
      `duplicate FITID 'Fé7' (also at line ${at(5004)}) with the same date, amount and memo: imported as a second transaction`,
    ]);
  });
});

describe('scheduled entries', () => {
  test('dated after the statement’s end or after today: counted, shown, not summed', async () => {
    const lines = [
      line('1', '20261105', '-10.00', 'Tarifa'),
      line('2', '20261112', '-300.00', 'Agendamento - Energia'),
      line('3', '20261109', '-20.00', 'Agendado p/ amanha'),
    ];
    const parsed = await parseStatement(ofx(lines.join('\n'), { end: '20261110', ledger: '0' }), {
      today: '2026-11-08',
    });
    const s = parsed.statements[0]!;
    expect(s.transactions.map((t) => [t.memo, t.kind])).toEqual([
      ['Tarifa', 'movement'],
      ['Agendamento - Energia', 'scheduled'],
      ['Agendado p/ amanha', 'scheduled'],
    ]);
    expect(s.scheduledCount).toBe(2);
    expect(s.netAmountCents).toBe(-1000);
    expect(s.lastDate).toBe('2026-11-05');
    const said = parsed.warnings.map((w) => w.message);
    expect(said).toContain(
      '2026-11-12 -R$ 300,00 "Agendamento - Energia" is dated after the statement\'s end (2026-11-10): scheduled, not imported until a later file carries it as done',
    );
    expect(said).toContain(
      '2026-11-09 -R$ 20,00 "Agendado p/ amanha" is dated after today (2026-11-08): scheduled, not imported until a later file carries it as done',
    );
  });
});
