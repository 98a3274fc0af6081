// Tax guides paid by their data (segment N): FEBRABAN's N1 (GPS) and N2 (DARF), and Itaú's SISPAG segment N
// (GPS 01, DARF 02, FGTS 11 with its barcode), written at the positions the two independent implementations named
// in layouts.ts agree on, read back, and answered by the bank's return.
import { describe, expect, test } from 'vitest';
import {
  type RemittancePayment,
  readCnab240Sync,
  writePaymentRemittance,
  writePaymentReturn,
} from '../../../../src/formats/cnab240/index.js';
import { Cnab240InputError } from '../../../../src/formats/cnab240/remittance-input.js';
import { FGTS_GUIDE, OWN_BOLETO, sampleGuides, sampleInput } from './fixtures.js';

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
const GUIDES = sampleGuides();
const FGTS = FGTS_GUIDE;

const linesOf = (text: string) => text.split('\r\n').slice(0, -1);
const segments = (lines: string[], s: string) => lines.filter((l) => l[7] === '3' && l[13] === s);

describe("FEBRABAN's segment N (v10.11, N1 GPS and N2 DARF)", () => {
  const text = writePaymentRemittance(sampleInput(GUIDES, 'febraban'));
  const lines = linesOf(text);

  test('a lote per tribute (service 22, forma 16 DARF, 17 GPS); the FGTS guide by its barcode, in O (forma 11)', () => {
    const headers = lines.filter((l) => l[7] === '1');
    expect(headers.map((h) => `${at(h, 10, 11)}:${at(h, 12, 13)}`)).toEqual(['22:11', '22:16', '22:17']);
    expect(segments(lines, 'O')).toHaveLength(1);
    expect(at(segments(lines, 'O')[0]!, 18, 61)).toBe(FGTS.barcode);
  });

  test('N2: seu número, contributor, the total, then receita, CNPJ (type 01), 16, apuração, reference, values', () => {
    const darf = segments(lines, 'N').find((l) => at(l, 133, 134) === '16')!;
    expect(at(darf, 18, 37).trim()).toBe('DARF-OUT');
    expect(at(darf, 58, 87).trim()).toBe('CONDOMINIO EDIFICIO SAO LUIS');
    expect(at(darf, 88, 95)).toBe('05032025');
    expect(Number(at(darf, 96, 110))).toBe(15_150);
    expect(at(darf, 111, 132)).toBe('0017080111222333000181');
    expect(at(darf, 135, 142)).toBe('31012025');
    expect(Number(at(darf, 143, 159))).toBe(12_345);
    expect([at(darf, 160, 174), at(darf, 175, 189), at(darf, 190, 204)].map(Number)).toEqual([
      15_000, 100, 50,
    ]);
    expect(at(darf, 205, 212)).toBe('20022025');
    expect(at(darf, 213, 240).trim()).toBe('');
  });

  test('N1: the competência as MMAAAA, the INSS value and the other entities apart', () => {
    const gps = segments(lines, 'N').find((l) => at(l, 133, 134) === '17')!;
    expect(at(gps, 111, 134)).toBe('002100011122233300018117');
    expect(at(gps, 135, 140)).toBe('012025');
    expect([at(gps, 141, 155), at(gps, 156, 170), at(gps, 171, 185)].map(Number)).toEqual([90_000, 8_700, 0]);
  });

  test('read back: the tribute, its revenue code, contributor and period; paid by the return', () => {
    const file = readCnab240Sync(text);
    expect(file.errors).toEqual([]);
    const tributes = file.items
      .filter((i) => i.segment === 'N')
      .map((i) => ({ seu: i.seu_numero, ...i.tribute }));
    expect(tributes).toEqual([
      {
        seu: 'DARF-OUT',
        kind: 'darf',
        code: '16',
        revenue_code: '1708',
        contributor_document: '11222333000181',
        period: '2025-01-31',
      },
      {
        seu: 'GPS-JAN',
        kind: 'gps',
        code: '17',
        revenue_code: '2100',
        contributor_document: '11222333000181',
        period: '2025-01',
      },
    ]);
    const ret = readCnab240Sync(writePaymentReturn(text, () => ({ code: '00', paidDate: '2025-03-06' })));
    const paid = ret.items.filter((i) => i.segment === 'N');
    expect(paid.map((i) => [i.status, i.date, i.amount_cents])).toEqual([
      ['paid', '2025-03-06', 15_150],
      ['paid', '2025-03-06', 98_700],
    ]);
    expect(ret.batches.map((b) => b.trailer_amount_cents)).toEqual([48_210, 15_150, 98_700]);
  });
});

describe("Itaú's segment N (SISPAG v086): the tribute's block at 18-195, seu número at 196-215", () => {
  const text = writePaymentRemittance(sampleInput(GUIDES, 'itau-sispag'));
  const lines = linesOf(text);
  const n = (code: string) => segments(lines, 'N').find((l) => at(l, 18, 19) === code)!;

  test('lotes 16, 17 and 35 (FGTS in N, not O), layout 030', () => {
    const headers = lines.filter((l) => l[7] === '1');
    expect(headers.map((h) => `${at(h, 10, 11)}:${at(h, 12, 13)}:${at(h, 14, 16)}`)).toEqual([
      '22:16:030',
      '22:17:030',
      '22:35:030',
    ]);
    expect(segments(lines, 'O')).toEqual([]);
  });

  test('DARF (02): receita, CNPJ as type 2, apuração, reference, 14-digit values and total, dates, contributor', () => {
    const d = n('02');
    expect(at(d, 15, 17)).toBe('000');
    expect(at(d, 20, 38)).toBe('1708211222333000181');
    expect(at(d, 39, 46)).toBe('31012025');
    expect(Number(at(d, 47, 63))).toBe(12_345);
    expect([64, 78, 92, 106].map((p) => Number(at(d, p, p + 13)))).toEqual([15_000, 100, 50, 15_150]);
    expect(`${at(d, 120, 127)} ${at(d, 128, 135)}`).toBe('20022025 05032025');
    expect(at(d, 166, 195).trim()).toBe('CONDOMINIO EDIFICIO SAO LUIS');
    expect(at(d, 196, 215).trim()).toBe('DARF-OUT');
  });

  test('GPS (01): código de pagamento, competência, identifier, INSS, other entities, update, total, date', () => {
    const g = n('01');
    expect(at(g, 20, 43)).toBe('210001202511222333000181');
    expect([44, 58, 72, 86].map((p) => Number(at(g, p, p + 13)))).toEqual([90_000, 8_700, 0, 98_700]);
    expect(at(g, 100, 107)).toBe('05032025');
  });

  test('FGTS (11): the 48-digit linha, the FGTS identifier, the seal zeros, contributor, date, amount', () => {
    const g = n('11');
    expect(at(g, 20, 38)).toBe('0115211222333000181');
    expect(at(g, 39, 86)).toBe(FGTS.linha);
    expect(at(g, 87, 113)).toBe(`1234567890123456${'0'.repeat(11)}`);
    expect(at(g, 114, 143).trim()).toBe('CONDOMINIO EDIFICIO SAO LUIS');
    expect(`${at(g, 144, 151)} ${Number(at(g, 152, 165))}`).toBe('05032025 48210');
  });

  test("read back as Itaú's and answered in the same layout: one rejected, two paid", () => {
    const file = readCnab240Sync(text);
    expect(file.errors).toEqual([]);
    expect(file.items.map((i) => [i.seu_numero, i.tribute?.kind, i.amount_cents])).toEqual([
      ['DARF-OUT', 'darf', 15_150],
      ['GPS-JAN', 'gps', 98_700],
      ['FGTS-JAN', 'fgts', 48_210],
    ]);
    const ret = readCnab240Sync(
      writePaymentReturn(text, (i) => ({ code: i.seu_numero === 'GPS-JAN' ? 'IT' : '00' })),
    );
    expect(ret.direction).toBe('retorno');
    expect(ret.items.map((i) => [i.seu_numero, i.status, i.nosso_numero !== null])).toEqual([
      ['DARF-OUT', 'paid', true],
      ['GPS-JAN', 'rejected', true],
      ['FGTS-JAN', 'paid', true],
    ]);
  });
});

describe("a guide the writer cannot write names the payment's field", () => {
  const refusal = (patch: Partial<RemittancePayment>, index = 0) => {
    const payments = GUIDES.map((g, i) => (i === index ? ({ ...g, ...patch } as RemittancePayment) : g));
    try {
      writePaymentRemittance(sampleInput(payments, 'febraban'));
    } catch (e) {
      if (e instanceof Cnab240InputError) return e.message;
      throw e;
    }
    return 'written';
  };

  test.each([
    [{ revenueCode: '17' }, 0, 'payments[0].revenueCode: must be 4 digits, got "17"'],
    [{ period: '2025-13' }, 1, 'payments[1].period: must be the competência as YYYY-MM, got "2025-13"'],
    [{ period: undefined }, 0, 'payments[0].period: is required'],
    [
      { fineCents: 20_000 },
      0,
      'payments[0].amountCents: must be more than the fine, interest and other entities together',
    ],
    [
      { barcode: OWN_BOLETO },
      2,
      'payments[2].barcode: an FGTS guide has an arrecadação barcode (starting with 8)',
    ],
    [
      { contributorDocument: '11.222.333/0001-82' },
      0,
      'payments[0].contributorDocument: "11.222.333/0001-82" is not a valid CPF (11 digits) or CNPJ (14 digits)',
    ],
  ] as const)('%o', (patch, index, message) => {
    expect(refusal(patch as Partial<RemittancePayment>, index)).toBe(message);
  });
});
