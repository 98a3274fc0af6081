import { describe, expect, test } from 'vitest';
import {
  type BradescoInput,
  bradescoFreeField,
  type FreeField,
  type SantanderInput,
  type SicoobInput,
  santanderFreeField,
  sicoobFreeField,
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
  input: Record<string, string | number>;
  expected: { freeField: string; barcode: string; nossoNumero?: string };
  source: string;
}

const BUILDERS: Record<string, (input: never) => FreeField> = {
  '237': (i: BradescoInput) => bradescoFreeField(i),
  '033': (i: SantanderInput) => santanderFreeField(i),
  '756': (i: SicoobInput) => sicoobFreeField(i),
};
const NAMES: Record<string, string> = { '237': 'Bradesco', '033': 'Santander', '756': 'Sicoob' };

describe.each(Object.keys(BUILDERS))('bank %s', (bank) => {
  const cases = (vectors as unknown as Vector[]).filter((v) => v.bank === bank);

  test(`${NAMES[bank]}: at least two published vectors`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(2);
  });

  test.each(cases.map((v) => [v.source, v] as const))('%s', (_source, v) => {
    const built = (BUILDERS[bank] as (input: unknown) => FreeField)(v.input);
    expect(built.freeField).toBe(v.expected.freeField);
    if (v.expected.nossoNumero) expect(built.nossoNumero.at(-1)).toBe(v.expected.nossoNumero.at(-1));
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
