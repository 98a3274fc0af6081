// CNAB 240 account statements (extrato para conciliação, service 04, segment E), #51 point 4. The oracle for the
// positions is a statement built here from FEBRABAN's table as printed; the writer is then checked against the reader.
import { describe, expect, test } from 'vitest';
import { lintCnab } from '../../../../src/formats/cnab240/lint.js';
import { readCnab240Sync } from '../../../../src/formats/cnab240/reader.js';
import { isCnabStatement } from '../../../../src/formats/cnab240/sniff.js';
import { cnabStatementAsOfx, writeCnabStatement } from '../../../../src/formats/cnab240/statement.js';
import { parseStatement } from '../../../../src/formats/statement/index.js';
import { type Cell, record } from './manual-table.js';

/** FEBRABAN's extrato table: lote header, two segments E, lote trailer (positions as the layout prints them). */
function byTheTable(): string {
  const start = (lote: string, type: string): Cell[] => [
    [1, 3, '341'],
    [4, 7, lote],
    [8, 8, type],
  ];
  const account: Cell[] = [
    [53, 57, '350'],
    [59, 70, '12345'],
    [71, 71, '1'],
  ];
  const e = (
    n: number,
    date: string,
    value: string,
    dc: string,
    code: string,
    history: string,
    doc: string,
  ): string =>
    record([
      ...start('0001', '3'),
      [9, 13, String(n)],
      [14, 14, 'E'],
      ...account,
      [143, 150, date],
      [151, 168, value],
      [169, 169, dc],
      [170, 172, dc === 'D' ? '105' : '205'],
      [173, 176, code],
      [177, 201, history],
      [202, 240, doc],
    ]);
  return [
    record([
      ...start('0000', '0'),
      [18, 18, '2'],
      [19, 32, '11222333000181'],
      [143, 143, '2'],
      [144, 151, '30112026'],
    ]),
    record([
      ...start('0001', '1'),
      [9, 9, 'E'],
      [10, 11, '04'],
      [12, 13, '40'],
      [14, 16, '033'],
      ...account,
      [143, 150, '01112026'],
      [151, 168, '100000'],
      [169, 169, 'C'],
      [170, 170, 'F'],
    ]),
    e(1, '03112026', '25050', 'D', '0105', 'PAGTO FORNECEDOR', '000123'),
    e(2, '05112026', '80000', 'C', '0209', 'PIX RECEBIDO', 'E1234'),
    record([
      ...start('0001', '5'),
      ...account,
      [143, 150, '30112026'],
      [151, 168, '154950'],
      [169, 169, 'C'],
      [170, 170, 'F'],
      [171, 176, '4'],
      [177, 194, '25050'],
      [195, 212, '80000'],
    ]),
    record([...start('9999', '9'), [18, 23, '1'], [24, 29, '6']]),
    '',
  ].join('\r\n');
}

describe('a CNAB 240 account statement', () => {
  test('is read by FEBRABAN’s positions: movements, their signs, and the opening and closing balances', async () => {
    const text = byTheTable();
    expect(isCnabStatement(text)).toBe(true);
    const parsed = await parseStatement(Buffer.from(text));
    expect(parsed.format).toBe('cnab240');
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    const [s] = parsed.statements;
    expect(s).toMatchObject({
      bankId: '341',
      accountId: '12345-1',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      ledgerBalanceCents: 154_950,
      ledgerBalanceDate: '2026-11-30',
      transactionCount: 2,
      netAmountCents: 54_950,
      balanceCount: 2,
    });
    expect(s!.transactions.map((t) => [t.line, t.date, t.amountCents, t.memo, t.checkNumber])).toEqual([
      // a numeric document without the zeros that fill its field
      [3, '2026-11-03', -25_050, 'PAGTO FORNECEDOR', '123'],
      [4, '2026-11-05', 80_000, 'PIX RECEBIDO', 'E1234'],
    ]);
  });

  test('the CNAB reader names it and reads it without a word; lint finds nothing wrong', async () => {
    const file = readCnab240Sync(byTheTable());
    expect(file.service).toBe('statement');
    expect(file.direction).toBe('retorno');
    expect(file.details).toBe(2);
    expect([...file.warnings, ...file.errors]).toEqual([]);
    const report = await lintCnab(byTheTable());
    expect(report.errors).toBe(0);
    expect(report.findings).toEqual([]);
  });

  test('a movement’s identity: the same file again gives the same ids; two equal movements of a day stay two', async () => {
    const movement = {
      date: '2026-11-10',
      amountCents: -5_000,
      historyCode: '0105',
      history: 'TARIFA',
      document: '',
    };
    const input = {
      bankCode: '237',
      bankName: 'Bradesco',
      company: { name: 'Condomínio Aurora', document: '99888777000114' },
      agency: '2290',
      agencyDigit: '1',
      account: '98765',
      accountDigit: '4',
      opening: { date: '2026-11-01', cents: 10_000 },
      closing: { date: '2026-11-30', cents: 0 },
      movements: [movement, movement],
      generatedAt: '2026-11-30T08:00:00',
      fileSequence: 7,
    };
    const text = writeCnabStatement(input);
    for (const line of text.split('\r\n').slice(0, -1)) expect(line).toHaveLength(240);
    const once = await parseStatement(Buffer.from(text));
    const again = await parseStatement(Buffer.from(text));
    const ids = once.statements[0]!.transactions.map((t) => t.id);
    expect(new Set(ids).size).toBe(2);
    expect(again.statements[0]!.transactions.map((t) => t.id)).toEqual(ids);
    expect(once.errors).toEqual([]);
    expect(once.warnings).toEqual([]);
    // sent as OFX: the same ids as FITIDs and the closing balance as LEDGERBAL
    const ofx = cnabStatementAsOfx(once)!;
    const back = await parseStatement(Buffer.from(ofx));
    expect(back.format).toBe('ofx');
    expect(back.statements[0]!.transactions.map((t) => t.fitid)).toEqual(ids);
    expect(back.statements[0]!.ledgerBalanceCents).toBe(0);
    expect(back.statements[0]!.accountId).toBe('98765-4');
  });

  test('what cannot be read is refused with its line: a cut file, a short movement, a sign that is neither D nor C', async () => {
    const lines = byTheTable().split('\r\n');
    const cut = await parseStatement(Buffer.from(lines.slice(0, 4).join('\r\n')));
    expect(cut.errors).toEqual([
      { line: 4, message: expect.stringMatching(/ends without its lote trailer .*cut/) },
    ]);
    const short = [...lines];
    short[2] = short[2]!.slice(0, 150);
    expect((await parseStatement(Buffer.from(short.join('\r\n')))).errors).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/150 characters, expected 240: it ends before its history code/),
      },
    ]);
    const sign = [...lines];
    sign[3] = `${sign[3]!.slice(0, 168)}X${sign[3]!.slice(169)}`;
    expect((await parseStatement(Buffer.from(sign.join('\r\n')))).errors).toEqual([
      { line: 4, message: 'movement: position 169 says "X", not D (debit) or C (credit)' },
    ]);
  });
});
