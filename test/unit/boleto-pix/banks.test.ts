import { describe, expect, test } from 'vitest';
import {
  type BanrisulInput,
  type BradescoInput,
  banrisulFreeField,
  bradescoFreeField,
  type FreeField,
  type SantanderInput,
  type SicoobInput,
  type SicrediInput,
  santanderFreeField,
  sicoobFreeField,
  sicrediFreeField,
} from '../../../src/formats/boleto/banks.js';
import { buildBoleto } from '../../../src/formats/boleto/index.js';
import vectors from './fixtures/bank-vectors.json' with { type: 'json' };
import { refMod11Boleto } from './independent.js';

/**
 * Each bank's free field against boletos other implementations published in their tests (the fixture names the
 * repository, commit, file and licence of each): the inputs those tests used, built here into the free field, the
 * nosso número's check digit and the whole 44-digit barcode they assert.
 */

interface Vector {
  bank: string;
  dueDate: string;
  amountCents: number;
  input: Record<string, string | number | boolean>;
  expected: { freeField: string; barcode: string; nossoNumero?: string };
  source: string;
}

const BUILDERS: Record<string, (input: never) => FreeField> = {
  '237': (i: BradescoInput) => bradescoFreeField(i),
  '033': (i: SantanderInput) => santanderFreeField(i),
  '756': (i: SicoobInput) => sicoobFreeField(i),
  '041': (i: BanrisulInput) => banrisulFreeField(i),
  '748': (i: SicrediInput) => sicrediFreeField(i),
};
const NAMES: Record<string, string> = {
  '237': 'Bradesco',
  '033': 'Santander',
  '756': 'Sicoob',
  '041': 'Banrisul',
  '748': 'Sicredi',
};

describe.each(Object.keys(BUILDERS))('bank %s', (bank) => {
  const cases = (vectors as unknown as Vector[]).filter((v) => v.bank === bank);

  test(`${NAMES[bank]}: published vectors to check against`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(1);
  });

  test.each(cases.map((v) => [v.source, v] as const))('%s', (_source, v) => {
    const built = (BUILDERS[bank] as (input: unknown) => FreeField)(v.input);
    expect(built.freeField).toBe(v.expected.freeField);
    // libraries print the nosso número each its own way; its check digit(s) after the dash are the bank's
    if (v.expected.nossoNumero)
      expect(built.nossoNumero.split('-').at(-1)?.slice(-2)).toBe(
        v.expected.nossoNumero.split('-').at(-1)?.slice(-2),
      );
    const boleto = buildBoleto({
      bankCode: bank,
      dueDate: v.dueDate,
      amountCents: v.amountCents,
      freeField: built.freeField,
    });
    expect(boleto.barcode).toBe(v.expected.barcode);
    // and the general check digit by the independent implementation
    expect(Number(boleto.barcode[4])).toBe(
      refMod11Boleto(boleto.barcode.slice(0, 4) + boleto.barcode.slice(5)),
    );
  });
});

test('a part that does not fit is refused, naming it', () => {
  expect(() => bradescoFreeField({ agencia: '12345', carteira: '09', nossoNumero: 1, conta: '1' })).toThrow(
    /^agencia: "12345" has more than 4 digits/,
  );
  expect(() => santanderFreeField({ beneficiario: 'abc', nossoNumero: 1, carteira: '101' })).toThrow(
    /^beneficiario: "abc" is not a number/,
  );
});
