import { describe, expect, test } from 'vitest';
import {
  barcodeToLinha,
  buildArrecadacao,
  buildBoleto,
  DEFAULT_FACTOR_REFERENCE,
  dueDateFactor,
  factorToDate,
  formatLinhaDigitavel,
  itauFreeField,
  linhaToBarcode,
  nossoNumero,
  parseBarcode,
  parseBoletoCode,
  parseItauFreeField,
  parseLinhaDigitavel,
} from '../../../../src/domain/boleto/index.js';
import { refAddDays, refMod10, refMod11Arrecadacao, refMod11Boleto } from './independent.js';

/** Independent layout check: every check digit of a 47-digit linha, recomputed here. */
function expectLinhaDigitsConsistent(linha: string): void {
  expect(linha).toMatch(/^\d{47}$/);
  expect(Number(linha[9])).toBe(refMod10(linha.slice(0, 9)));
  expect(Number(linha[20])).toBe(refMod10(linha.slice(10, 20)));
  expect(Number(linha[31])).toBe(refMod10(linha.slice(21, 31)));
  const barcodeWithoutDv =
    linha.slice(0, 4) + linha.slice(33) + linha.slice(4, 9) + linha.slice(10, 20) + linha.slice(21, 31);
  expect(Number(linha[32])).toBe(refMod11Boleto(barcodeWithoutDv));
}

// Published linhas digitáveis (boleto generator examples and Itaú's free-field example), with their data.
const BRADESCO = {
  // BoletoPhp's Bradesco example: due 16/06/2016, R$ 289,90
  linha: '23791.10006 60000.000079 89010.200304 4 68270000028990',
  barcode: '23794682700000289901100060000000078901020030',
  dueDate: '2016-06-16',
  amountCents: 28990,
  freeField: '1100060000000078901020030',
};
const ITAU = {
  // Itaú carteira 167 example from the boleto-coding README: factor 3929 (2008-07-10), R$ 3.070,14
  linha: '34191670060463564064460910580004739290000307014',
  barcode: '34197392900003070141670004635640646091058000',
  dueDate: '2008-07-10',
  amountCents: 307014,
};

describe('published boletos', () => {
  test('the Bradesco example validates and decodes', () => {
    const r = parseLinhaDigitavel(BRADESCO.linha, { referenceDate: '2016-06-01' });
    expect(r).toMatchObject({
      ok: true,
      kind: 'boleto',
      bankCode: '237',
      currency: '9',
      dueFactor: 6827,
      dueDate: BRADESCO.dueDate,
      amountCents: BRADESCO.amountCents,
      freeField: BRADESCO.freeField,
      barcode: BRADESCO.barcode,
    });
    expectLinhaDigitsConsistent(BRADESCO.linha.replace(/\D/g, ''));
    expect(refAddDays('1997-10-07', 6827)).toBe(BRADESCO.dueDate);
  });

  test('building the Bradesco example from its parts gives the published codes', () => {
    const b = buildBoleto({
      bankCode: '237',
      currency: '9',
      dueDate: BRADESCO.dueDate,
      amountCents: BRADESCO.amountCents,
      freeField: BRADESCO.freeField,
    });
    expect(b.barcode).toBe(BRADESCO.barcode);
    expect(b.formatted).toBe(BRADESCO.linha);
  });

  test('the Itaú example validates, as barcode and as linha', () => {
    const fromLinha = parseLinhaDigitavel(ITAU.linha, { referenceDate: '2008-06-01' });
    const fromBarcode = parseBarcode(ITAU.barcode, { referenceDate: '2008-06-01' });
    expect(fromLinha).toEqual(fromBarcode);
    expect(fromLinha).toMatchObject({
      ok: true,
      bankCode: '341',
      dueDate: ITAU.dueDate,
      amountCents: 307014,
    });
    expectLinhaDigitsConsistent(ITAU.linha);
  });

  test("Itaú's free-field example: carteira 179, nosso número 00010435, agência 0049, conta 10201", () => {
    const freeField = itauFreeField({
      carteira: '179',
      nossoNumero: '10435',
      agencia: '0049',
      conta: '10201',
    });
    expect(freeField).toBe('1790001043510049102015000');
    // DACs recomputed independently: nosso número over agência+conta+carteira+nosso número, conta over agência+conta
    expect(freeField[11]).toBe(String(refMod10('0049' + '10201' + '179' + '00010435')));
    expect(freeField[21]).toBe(String(refMod10('004910201')));
    expect(parseItauFreeField(freeField)).toMatchObject({
      ok: true,
      carteira: '179',
      contaDac: 5,
      nossoNumeroDac: 1,
    });
    const b = buildBoleto({
      bankCode: '341',
      currency: '9',
      dueDate: refAddDays('2025-02-22', 234), // factor 1234 in the current cycle
      amountCents: 12345,
      freeField,
    });
    // Fields 1-3 as printed in Itaú's example; the general check digit of these parts is 3
    expect(b.formatted).toBe('34191.79001 01043.510047 91020.150008 3 12340000012345');
    expectLinhaDigitsConsistent(b.linhaDigitavel);
  });

  test('the same linha with general check digit 1 is rejected naming field 4', () => {
    expect(parseLinhaDigitavel('34191.79001 01043.510047 91020.150008 1 12340000012345')).toEqual({
      ok: false,
      error: 'general check digit (field 4) is 1, expected 3',
    });
  });
});

describe('due-date factor', () => {
  test('around the 2025 restart', () => {
    expect(dueDateFactor('2025-02-20')).toBe(9998);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2000-07-04')).toBe(1001);
    expect(refAddDays('1997-10-07', 9999)).toBe('2025-02-21');
  });

  test('the factor is the day count since 1997-10-07 within a cycle', () => {
    for (const days of [1000, 1234, 5000, 8888, 9999])
      expect(dueDateFactor(refAddDays('1997-10-07', days))).toBe(days);
    for (const days of [10_000, 12_345, 18_999]) {
      expect(dueDateFactor(refAddDays('1997-10-07', days))).toBe(days - 9000);
    }
  });

  test('factor to date resolves the cycle nearest the reference', () => {
    expect(factorToDate(9999, '2025-02-25')).toBe('2025-02-21');
    expect(factorToDate(1000, '2025-02-20')).toBe('2025-02-22');
    expect(factorToDate(1000, '2001-01-01')).toBe('2000-07-03');
    expect(factorToDate(6827, '2016-01-01')).toBe('2016-06-16');
    expect(factorToDate(6827, '2040-01-01')).toBe(refAddDays('2025-02-22', 5827));
    expect(factorToDate(5000, '1990-01-01')).toBe(refAddDays('1997-10-07', 5000));
  });

  test('without a reference, factors are read in the cycle begun on 2025-02-22', () => {
    expect(DEFAULT_FACTOR_REFERENCE).toMatch(/^2037-/);
    expect(factorToDate(1000)).toBe('2025-02-22');
    expect(factorToDate(9999)).toBe(refAddDays('2025-02-22', 8999));
  });

  test('date -> factor -> date round trip', () => {
    for (let days = 1000; days < 30_000; days += 997) {
      const date = refAddDays('1997-10-07', days);
      expect(factorToDate(dueDateFactor(date), date)).toBe(date);
    }
  });

  test('factor 0 is no due date; 1..999 and dates before 2000-07-03 are out of range', () => {
    expect(factorToDate(0)).toBeNull();
    expect(() => factorToDate(999)).toThrow(RangeError);
    expect(() => factorToDate(10_000)).toThrow(RangeError);
    expect(() => dueDateFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(/invalid date/);
  });

  test('a boleto without due date carries factor 0000', () => {
    const b = buildBoleto({ bankCode: '001', dueDate: null, amountCents: 0, freeField: '0'.repeat(25) });
    expect(b.barcode.slice(5, 19)).toBe('00000000000000');
    expect(parseBarcode(b.barcode)).toMatchObject({ ok: true, dueDate: null, dueFactor: 0, amountCents: 0 });
  });
});

/** A tiny deterministic generator (mulberry32) for reproducible random boletos. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('round trips', () => {
  const random = rng(42);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const cases = Array.from({ length: 200 }, () => ({
    bankCode: String(Math.floor(random() * 800)).padStart(3, '0'), // 8xx would read as arrecadação
    dueDate: refAddDays('2025-02-22', Math.floor(random() * 8999)),
    amountCents: Math.floor(random() * 1e10),
    freeField: digits(25),
  }));

  test('build -> linha -> barcode -> parse gives the inputs back, check digits recomputed independently', () => {
    for (const c of cases) {
      const b = buildBoleto(c);
      expectLinhaDigitsConsistent(b.linhaDigitavel);
      expect(Number(b.barcode[4])).toBe(refMod11Boleto(b.barcode.slice(0, 4) + b.barcode.slice(5)));
      expect(linhaToBarcode(b.formatted)).toBe(b.barcode);
      expect(barcodeToLinha(b.barcode)).toBe(b.linhaDigitavel);
      expect(formatLinhaDigitavel(b.linhaDigitavel)).toBe(b.formatted);
      expect(parseLinhaDigitavel(b.formatted)).toEqual({
        ok: true,
        kind: 'boleto',
        bankCode: c.bankCode,
        currency: '9',
        dueFactor: dueDateFactor(c.dueDate),
        dueDate: c.dueDate,
        amountCents: c.amountCents,
        freeField: c.freeField,
        barcode: b.barcode,
        linhaDigitavel: b.linhaDigitavel,
      });
      expect(parseBoletoCode(b.barcode)).toEqual(parseBoletoCode(b.linhaDigitavel));
    }
  });
});

describe('tampering', () => {
  const linha = BRADESCO.linha.replace(/\D/g, '');

  test('a changed digit in field 2 is rejected naming field 2', () => {
    const tampered = `${linha.slice(0, 12)}${(Number(linha[12]) + 1) % 10}${linha.slice(13)}`;
    const expected = refMod10(tampered.slice(10, 20));
    expect(parseLinhaDigitavel(tampered)).toEqual({
      ok: false,
      error: `check digit of field 2 is ${linha[20]}, expected ${expected}`,
    });
  });

  test('every single-digit change in fields 1-3 is caught by that field', () => {
    const fieldOf = (i: number) => (i < 10 ? 1 : i < 21 ? 2 : 3);
    for (let i = 0; i < 32; i++) {
      for (let delta = 1; delta <= 9; delta++) {
        const d = (Number(linha[i]) + delta) % 10;
        const r = parseLinhaDigitavel(linha.slice(0, i) + d + linha.slice(i + 1));
        expect(r.ok).toBe(false);
        if (!r.ok)
          expect(r.error).toMatch(new RegExp(`^check digit of field ${fieldOf(i)} is \\d, expected \\d$`));
      }
    }
  });

  test('a changed amount is caught by the general check digit', () => {
    const tampered = `${linha.slice(0, 46)}1`; // ...28990 -> ...28991
    const b = BRADESCO.barcode;
    const expected = refMod11Boleto(`${b.slice(0, 4)}${b.slice(5, 18)}1${b.slice(19)}`);
    expect(parseLinhaDigitavel(tampered)).toEqual({
      ok: false,
      error: `general check digit (field 4) is 4, expected ${expected}`,
    });
    const badBarcode = `${BRADESCO.barcode.slice(0, 18)}1${BRADESCO.barcode.slice(19)}`;
    expect(parseBarcode(badBarcode)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^general check digit is 4, expected \d$/),
    });
  });

  test('lengths and characters', () => {
    expect(parseLinhaDigitavel('1234')).toEqual({
      ok: false,
      error: 'a linha digitável has 47 digits (48 for arrecadação), got 4',
    });
    expect(parseBarcode(`${BRADESCO.barcode}0`)).toEqual({
      ok: false,
      error: 'a barcode has 44 digits, got 45',
    });
    expect(parseLinhaDigitavel('23791.1000x')).toEqual({
      ok: false,
      error: "unexpected character 'x' at position 10",
    });
    expect(() => linhaToBarcode('123')).toThrow(/invalid linha digitável/);
  });
});

describe('arrecadação (utility bills, starting with 8)', () => {
  // A published telecom (segment 4) example, value type 6 (mod 10), R$ 10,99
  const barcode = '84670000000109910422023123100000000000054321';
  const linha = '84670000000 9   10991042202 0   31231000000 4   00000054321 5';

  test('the published example validates as barcode and linha', () => {
    const expected = {
      ok: true,
      kind: 'arrecadacao',
      segment: '4',
      valueType: '6',
      amountCents: 1099,
      value: '00000001099',
      companyId: '1042',
      barcode,
      linhaDigitavel: linha.replace(/\D/g, ''),
    };
    expect(parseBarcode(barcode)).toMatchObject(expected);
    expect(parseLinhaDigitavel(linha)).toMatchObject(expected);
    expect(linhaToBarcode(linha)).toBe(barcode);
    expect(Number(barcode[3])).toBe(refMod10(barcode.slice(0, 3) + barcode.slice(4)));
    expect(formatLinhaDigitavel(linha)).toBe('84670000000-9 10991042202-0 31231000000-4 00000054321-5');
  });

  test('a mod-11 slip (value type 8), built here, validates; a changed block is rejected naming it', () => {
    const body = `838${'00000012345'}${'12345678'}${'9'.repeat(21)}`; // segment 3, value type 8, 43 digits without DV
    const code = body.slice(0, 3) + refMod11Arrecadacao(body) + body.slice(3);
    const blocks = [0, 11, 22, 33].map((i) => code.slice(i, i + 11));
    const l = blocks.map((b) => b + refMod11Arrecadacao(b)).join('');
    expect(parseLinhaDigitavel(l)).toMatchObject({
      ok: true,
      kind: 'arrecadacao',
      amountCents: 12345,
      valueType: '8',
    });
    const tampered = `${l.slice(0, 26)}${(Number(l[26]) + 3) % 10}${l.slice(27)}`;
    expect(parseLinhaDigitavel(tampered)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^check digit of field 3 is/),
    });
  });

  test('reference-quantity slips have no amount in cents; an unknown value type is rejected', () => {
    const body = `817${'00000000500'}${'1234'}${'5'.repeat(25)}`;
    const code = body.slice(0, 3) + refMod10(body) + body.slice(3);
    expect(parseBarcode(code)).toMatchObject({
      ok: true,
      valueType: '7',
      amountCents: null,
      value: '00000000500',
    });
    expect(parseBarcode(`815${code.slice(3)}`)).toEqual({
      ok: false,
      error: 'value identifier (3rd digit) is 5, expected 6, 7, 8 or 9',
    });
  });
});

describe('free field and nosso número', () => {
  test('Itaú carteira 109: DACs over agência, conta, carteira and nosso número', () => {
    const ff = itauFreeField({ carteira: '109', nossoNumero: '12345678', agencia: '1234', conta: '56789' });
    expect(ff).toMatch(/^10912345678\d123456789\d000$/);
    expect(ff[11]).toBe(String(refMod10('1234' + '56789' + '109' + '12345678')));
    expect(ff[21]).toBe(String(refMod10('123456789')));
    expect(parseItauFreeField(ff)).toMatchObject({ ok: true, nossoNumero: '12345678' });
    const bad = `${ff.slice(0, 11)}${(Number(ff[11]) + 1) % 10}${ff.slice(12)}`;
    expect(parseItauFreeField(bad)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^nosso número DAC is/),
    });
  });

  test('nossoNumero pads a sequence and refuses overflow', () => {
    expect(nossoNumero(42)).toBe('00000042');
    expect(nossoNumero(42, 11)).toBe('00000000042');
    expect(() => nossoNumero(123_456_789)).toThrow(RangeError);
    expect(() => nossoNumero(-1)).toThrow(RangeError);
  });

  test('buildBoleto refuses bad input', () => {
    const ok = { bankCode: '341', dueDate: '2025-03-10', amountCents: 100, freeField: '0'.repeat(25) };
    expect(() => buildBoleto({ ...ok, bankCode: '34' })).toThrow(/bankCode/);
    expect(() => buildBoleto({ ...ok, bankCode: '841' })).toThrow(/arrecadação/);
    expect(() => buildBoleto({ ...ok, freeField: '1' })).toThrow(/freeField/);
    expect(() => buildBoleto({ ...ok, amountCents: 1.5 })).toThrow(/amountCents/);
    expect(() => buildBoleto({ ...ok, amountCents: 1e10 })).toThrow(/amountCents/);
  });
});

describe('buildArrecadacao: a utility bill or tax guide as its collector prints it', () => {
  // linhas printed by others, parsed into their parts and built again from them
  test.each([
    ['836400000011331201380002812884627116080136181551', '3', 13_312], // energy (segment 3), mod 10
    ['846700000017435900240209024050002435842210108119', '4', 14_359], // telecom (segment 4), mod 10
  ])('%s rebuilds from its parts', (linha, segment, cents) => {
    const parsed = parseBoletoCode(linha);
    if (!parsed.ok || parsed.kind !== 'arrecadacao') throw new Error('the example does not parse');
    expect([parsed.segment, parsed.amountCents]).toEqual([segment, cents]);
    const built = buildArrecadacao({
      segment: parsed.segment,
      amountCents: cents,
      companyId: parsed.companyId,
      freeField: parsed.freeField,
    });
    expect(built.linhaDigitavel).toBe(linha);
    expect(built.barcode).toBe(parsed.barcode);
  });

  test.each(['6', '8'] as const)(
    'value identifier %s: every check digit agrees with the independent ones',
    (valueType) => {
      const { barcode, linhaDigitavel } = buildArrecadacao({
        segment: '2',
        amountCents: 18_734,
        companyId: '0097',
        freeField: '1234567890123456789012345',
        valueType,
      });
      const dv = valueType === '6' ? refMod10 : refMod11Arrecadacao;
      expect(barcode).toMatch(/^82/);
      expect(Number(barcode[3])).toBe(dv(barcode.slice(0, 3) + barcode.slice(4)));
      for (let block = 0; block < 4; block++) {
        const digits = linhaDigitavel.slice(block * 12, block * 12 + 11);
        expect(Number(linhaDigitavel[block * 12 + 11])).toBe(dv(digits));
      }
      expect(parseBoletoCode(linhaDigitavel)).toMatchObject({
        ok: true,
        kind: 'arrecadacao',
        amountCents: 18_734,
      });
    },
  );

  test('parts that do not fit are refused, naming the part', () => {
    const base = { segment: '2', amountCents: 100, companyId: '0097', freeField: '1'.repeat(25) };
    expect(() => buildArrecadacao({ ...base, companyId: '97' })).toThrow(/companyId must have 4 digits/);
    expect(() => buildArrecadacao({ ...base, segment: '8' })).toThrow(/segment 8/);
    expect(() => buildArrecadacao({ ...base, freeField: '1' })).toThrow(/freeField must have 25 digits/);
  });
});
