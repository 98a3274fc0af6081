import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { parseStatement, summarizeStatement } from '../../../../src/formats/statement/index.js';
import {
  csvTransactionId,
  parseCsvAmount,
  parseCsvDate,
  parseCsvStatement,
} from '../../../../src/formats/statement-csv/index.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('CSV values', () => {
  test.each([
    ['1.234,56', 123456],
    ['-1.234,56', -123456],
    ['1,234.56', 123456],
    ['R$ 1.234,56', 123456],
    ['-R$ 10,00', -1000],
    ['$1,036.47', 103647],
    ["11'373.94", 1137394],
    ['(12.00)', -1200],
    ['12,00-', -1200],
    ['12,00 D', -1200],
    ['12,00 C', 1200],
    ['50000', 5000000],
    ['1.000', 100000],
    ['2,500', 250000],
    ['-50.5', -5050],
    ['0,99', 99],
    ['1.234.567,8', 123456780],
  ])('amount %j -> %d', (raw, cents) => {
    const r = parseCsvAmount(raw);
    expect(r.ok && r.cents).toBe(cents);
  });

  test.each(['', 'abc', '1.23.4', '1,2,3,4', '--1'])('bad amount %j', (raw) => {
    expect(parseCsvAmount(raw).ok).toBe(false);
  });

  test('an amount field padded with 200,000 spaces is read at once (the fuzzer found one that took 17 s)', () => {
    // a pattern that backtracks over the padding takes minutes here, past the test's timeout
    const pad = ' '.repeat(200_000);
    expect(parseCsvAmount(`-${pad}x`).ok).toBe(false);
    expect(parseCsvAmount(`12,00${pad}D`)).toEqual({ ok: true, cents: -1200, rounded: false });
    expect(parseCsvAmount(`-${pad}D`).ok).toBe(false);
  });

  test('dates in every order', () => {
    expect(parseCsvDate('05/03/2021', 'DMY')).toBe('2021-03-05');
    expect(parseCsvDate('05/03/2021', 'MDY')).toBe('2021-05-03');
    expect(parseCsvDate('2021-03-05', 'YMD')).toBe('2021-03-05');
    expect(parseCsvDate('2021-02-03 13:12', 'YMD')).toBe('2021-02-03');
    expect(parseCsvDate('31.03.2019', 'DMY')).toBe('2019-03-31');
    expect(parseCsvDate('6/12/15', 'MDY')).toBe('2015-06-12');
    expect(parseCsvDate('23-Jan-15', 'DMY')).toBe('2015-01-23');
    expect(parseCsvDate('10/fev/2024', 'DMY')).toBe('2024-02-10');
    expect(parseCsvDate('31/02/2024', 'DMY')).toBeNull();
    expect(parseCsvDate('00/00/0000', 'DMY')).toBeNull();
  });

  test('the dedup hash is sha256 hex of date, amount and description', () => {
    const id = csvTransactionId('2024-01-05', -1050, '  Padaria   Real ');
    expect(id).toBe(createHash('sha256').update('2024-01-05\u001f-1050\u001fPadaria Real').digest('hex'));
    expect(csvTransactionId('2024-01-05', -1050, 'Padaria Real', 2)).not.toBe(id);
  });
});

describe('CSV layouts', () => {
  test('Nubank account export, detected from its header', async () => {
    const csv =
      'Data,Valor,Identificador,Descrição\n' +
      '01/02/2024,-50.00,65b2-aaaa,Compra no débito - Padaria\n' +
      '02/02/2024,1500.00,65b2-bbbb,"Transferência recebida pelo Pix - FULANO, DE TAL"\n';
    const r = await parseCsvStatement(utf8(csv));
    expect(r.layout).toBe('nubank');
    expect(r.errors).toEqual([]);
    const s = r.statements[0]!;
    expect(s).toMatchObject({
      bankId: '0260',
      currency: 'BRL',
      startDate: '2024-02-01',
      endDate: '2024-02-02',
    });
    expect(s.transactions.map((t) => [t.id, t.date, t.amountCents, t.memo])).toEqual([
      ['65b2-aaaa', '2024-02-01', -5000, 'Compra no débito - Padaria'],
      ['65b2-bbbb', '2024-02-02', 150000, 'Transferência recebida pelo Pix - FULANO, DE TAL'],
    ]);
  });

  test('Nubank card export: ISO dates, purchases positive become debits', async () => {
    const r = await parseCsvStatement(
      utf8('date,title,amount\n2024-01-10,Uber *Trip,23.45\n2024-01-12,Pagamento recebido,-500.00\n'),
    );
    expect(r.layout).toBe('nubank-card');
    expect(r.statements[0]!.accountType).toBe('CREDITCARD');
    expect(r.statements[0]!.transactions.map((t) => t.amountCents)).toEqual([-2345, 50000]);
  });

  test('Banco do Brasil: balance rows are not transactions; the final balance is the ledger balance', async () => {
    const csv = [
      '"Data","Dependencia Origem","Histórico","Data do Balancete","Número do documento","Valor",',
      '"29/12/2023","","Saldo Anterior","","0","1000.00",',
      '"02/01/2024","","Pagamento de Boleto","","123456","-250.00",',
      '"02/01/2024","","Pix - Recebido","","778899","100.50",',
      '"02/01/2024","","Saldo do dia","","0","850.50",',
      '"03/01/2024","","Tarifa Pacote de Serviços","","0","-30.00",',
      '"00/00/0000","","S A L D O","","0","820.50",',
    ].join('\r\n');
    const r = await parseCsvStatement(latin1(csv));
    expect(r.layout).toBe('bb');
    expect(r.encoding).toBe('latin1');
    expect(r.errors).toEqual([]);
    expect(r.dataRows).toBe(6);
    expect(r.balanceRows).toBe(3);
    const s = r.statements[0]!;
    expect(s.transactionCount).toBe(r.dataRows - r.balanceRows);
    expect(s).toMatchObject({ bankId: '001', ledgerBalanceCents: 82050, ledgerBalanceDate: '2024-01-03' });
    expect(s.transactions.map((t) => [t.memo, t.amountCents, t.checkNumber])).toEqual([
      ['Pagamento de Boleto', -25000, '123456'],
      ['Pix - Recebido', 10050, '778899'],
      ['Tarifa Pacote de Serviços', -3000, '0'],
    ]);
  });

  test('Banco do Brasil with every line wrapped in quotes, inner quotes doubled: unwrapped, with a warning', async () => {
    // the shape of a real export: `"Data,""Histórico"",""Valor""..."`; the rows the same as the plain file's
    const rows = [
      'Data,"Dependencia Origem","Histórico","Data do Balancete","Número do documento","Valor",',
      '"29/12/2023","","Saldo Anterior","","0","1000.00",',
      '"02/01/2024","","Pagamento de Boleto, parcela 1","","123456","-250.00",',
      '"02/01/2024","","Pix - Recebido","","778899","100.50",',
      '"00/00/0000","","S A L D O","","0","850.50",',
    ];
    const wrapped = rows.map((row) => `"${row.replaceAll('"', '""')}"`).join('\r\n');
    const r = await parseCsvStatement(latin1(wrapped));
    expect(r.errors).toEqual([]);
    expect(r.layout).toBe('bb');
    expect(r.warnings).toContainEqual({
      line: 1,
      message: 'every line is one quoted field holding the whole row (quotes doubled inside); unwrapped',
    });
    expect(r.statements[0]!.transactions.map((t) => [t.memo, t.amountCents])).toEqual([
      ['Pagamento de Boleto, parcela 1', -25000],
      ['Pix - Recebido', 10050],
    ]);
    expect(r.statements[0]!.ledgerBalanceCents).toBe(85050);
  });

  test('a file whose fields are each quoted is not mistaken for a wrapped one', async () => {
    const plain = [
      '"Data","Valor","Descrição"',
      '"01/02/2024","-50.00","Padaria"',
      '"02/02/2024","10.00","Pix"',
    ];
    const r = await parseCsvStatement(utf8(plain.join('\n')));
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => w.message)).not.toContainEqual(expect.stringMatching(/unwrapped/));
    expect(r.statements[0]!.transactions).toHaveLength(2);
  });

  test('newer Banco do Brasil layout (Lançamento, Detalhes, 1.234,56)', async () => {
    const csv = [
      'Data;Lançamento;Detalhes;N° documento;Valor;Tipo Lançamento',
      '31/12/2023;Saldo Anterior;;;1.000,00;',
      '02/01/2024;Pix - Enviado;02/01 10:00 Condominio Ed. Sol;102030;-1.250,00;Saída',
      '02/01/2024;Saldo do dia;;;-250,00;',
      '00/00/0000;S A L D O;;;-250,00;',
    ].join('\n');
    const r = await parseCsvStatement(utf8(csv));
    expect(r.layout).toBe('bb');
    expect(r.statements[0]!.transactions).toHaveLength(1);
    expect(r.statements[0]!.transactions[0]).toMatchObject({
      amountCents: -125000,
      memo: 'Pix - Enviado - 02/01 10:00 Condominio Ed. Sol',
    });
    expect(r.balanceRows).toBe(3);
  });

  test("';'-separated generic export with 1.234,56, BOM and cp1252", async () => {
    const bytes = latin1(
      'data;histórico;valor\n05/01/2024;Manutenção elevador;-1.234,56\n06/01/2024;Taxa condomínio;2.000,00\n',
    );
    const r = await parseCsvStatement(bytes);
    expect(r.errors).toEqual([]);
    expect(r.statements[0]!.transactions.map((t) => [t.memo, t.amountCents])).toEqual([
      ['Manutenção elevador', -123456],
      ['Taxa condomínio', 200000],
    ]);
    const bom = await parseCsvStatement(utf8('\ufeffdata;descrição;valor\n05/01/2024;Ação;1,00\n'));
    expect(bom.encoding).toBe('utf-8');
    expect(bom.statements[0]!.transactions[0]!.memo).toBe('Ação');
  });

  test('column mapping and date format, as the CLI passes them', async () => {
    const csv =
      'Dt;Histórico;Documento;Valor (R$)\n01/05/2024;Água;D-1;-300,00\n01/06/2024;Luz;D-2;-120,10\n';
    const r = await parseStatement(utf8(csv), {
      format: 'csv',
      csvColumns: { date: 'Dt', amount: 'Valor (R$)', description: 'Historico', id: 'Documento' },
      dateFormat: 'MM/DD/YYYY',
    });
    expect(r.layout).toBe('mapped');
    expect(r.errors).toEqual([]);
    expect(r.statements[0]!.transactions.map((t) => [t.id, t.date, t.amountCents, t.memo])).toEqual([
      ['D-1', '2024-01-05', -30000, 'Água'],
      ['D-2', '2024-01-06', -12010, 'Luz'],
    ]);
    const missing = await parseStatement(utf8(csv), {
      format: 'csv',
      csvColumns: { date: 'Dt', amount: 'Montante' },
    });
    expect(missing.errors).toEqual([{ line: 1, message: "column 'Montante' not found in the header" }]);
    const badFormat = await parseStatement(utf8(csv), {
      format: 'csv',
      csvColumns: { date: 'Dt', amount: 'Valor (R$)' },
      dateFormat: 'QQ',
    });
    expect(badFormat.errors[0]!.message).toMatch(/unknown date format 'QQ'/);
  });

  test('quoted fields with delimiters, quotes and line breaks keep line numbers', async () => {
    const csv = 'Data,Valor,Descrição\n01/02/2024,-1.00,"a, ""b""\nsegunda linha"\n02/02/2024,x,c\n';
    const r = await parseCsvStatement(utf8(csv));
    expect(r.statements[0]!.transactions[0]!.memo).toBe('a, "b"\nsegunda linha');
    expect(r.errors).toEqual([{ line: 4, message: "column 'Valor': amount 'x' is not an amount" }]);
  });

  test('errors name the column and line; the row is not kept', async () => {
    const csv = 'Data;Valor;Descrição\n32/01/2024;10,00;a\n01/02/2024;;b\n01/02/2024;1,00;c;extra;more\n';
    const r = await parseCsvStatement(utf8(csv));
    expect(r.errors).toEqual([
      { line: 2, message: "column 'Data': '32/01/2024' is not a date (DD/MM/YYYY)" },
      { line: 3, message: "column 'Valor': amount is empty" },
      { line: 4, message: "5 fields where the header has 3 (a value with an unquoted ';'?)" },
    ]);
    expect(r.statements[0]!.transactionCount).toBe(0);
  });

  test('ambiguous day/month order is read day-first with a warning; CSV without id gets hash ids', async () => {
    const r = await parseCsvStatement(
      utf8('date,amount,description\n05/03/2021,-1.00,x\n05/03/2021,-1.00,x\n'),
    );
    expect(r.warnings[0]!.message).toMatch(/DD\/MM or MM\/DD/);
    const [a, b] = r.statements[0]!.transactions;
    expect(a!.date).toBe('2021-03-05');
    expect(a!.id).toBe(csvTransactionId('2021-03-05', -100, 'x'));
    expect(b!.id).toBe(csvTransactionId('2021-03-05', -100, 'x', 2));
  });

  test('the summary for a CSV has one statement with what it can know', async () => {
    const parsed = await parseStatement(utf8('Data,Valor,Identificador,Descrição\n01/02/2024,-50.00,a,x\n'));
    expect(parsed.format).toBe('csv');
    expect(summarizeStatement(parsed)).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      statements: [
        {
          bank_id: '0260',
          account_id: null,
          account_type: 'CHECKING',
          currency: 'BRL',
          start_date: '2024-02-01',
          end_date: '2024-02-01',
          ledger_balance_cents: null,
          ledger_balance_date: null,
          transactions: 1,
        },
      ],
      transactions: 1,
      net_amount_cents: -5000,
      first_date: '2024-02-01',
      last_date: '2024-02-01',
      warnings: [],
      errors: [],
    });
  });

  test('garbage never throws', async () => {
    for (const junk of ['', '\n\n', 'just text', '"unterminated,1,2\n', ';;;\n;;;']) {
      const r = await parseCsvStatement(utf8(junk));
      expect(r.errors.length).toBeGreaterThan(0);
    }
  });
});
