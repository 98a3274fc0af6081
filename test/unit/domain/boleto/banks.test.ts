import { describe, expect, test } from 'vitest';
import {
  type BancoDoBrasilInput,
  type BanrisulInput,
  type BradescoInput,
  bancoDoBrasilCheckDigit,
  bancoDoBrasilFreeField,
  banrisulFreeField,
  bradescoFreeField,
  type CaixaInput,
  caixaFreeField,
  type FreeField,
  type InterInput,
  interFreeField,
  type SafraInput,
  type SantanderInput,
  type SicoobInput,
  type SicrediInput,
  safraFreeField,
  santanderFreeField,
  sicoobFreeField,
  sicrediFreeField,
} from '../../../../src/domain/boleto/banks.js';
import {
  buildBoleto,
  type ItauFreeFieldInput,
  itauFreeField,
  itauNossoNumeroDac,
} from '../../../../src/domain/boleto/index.js';
import vectors from './fixtures/bank-vectors.json' with { type: 'json' };
import { refMod11Boleto } from './independent.js';

/**
 * Each bank's free field against boletos other implementations published in their tests (the fixture names the
 * repository, commit, file and licence of each): the inputs those tests used, built here into the free field, the
 * nosso número's check digit and the whole 44-digit barcode they assert.
 */

interface Vector {
  bank: string;
  /** null where the test it comes from issued the slip "today": only the free field is fixed then. */
  dueDate: string | null;
  amountCents: number;
  input: Record<string, string | number | boolean>;
  /** `linha` as the source printed it, where it asserted the linha rather than the barcode. */
  expected: { freeField: string; barcode?: string; linha?: string; nossoNumero?: string };
  source: string;
}

const BUILDERS: Record<string, (input: never) => FreeField> = {
  '001': (i: BancoDoBrasilInput) => bancoDoBrasilFreeField(i),
  '104': (i: CaixaInput) => caixaFreeField(i),
  '422': (i: SafraInput) => safraFreeField(i),
  '077': (i: InterInput) => interFreeField(i),
  '341': (i: ItauFreeFieldInput) => ({
    freeField: itauFreeField(i),
    nossoNumero: `${i.carteira}/${i.nossoNumero.padStart(8, '0')}-${itauNossoNumeroDac(i)}`,
  }),
  '237': (i: BradescoInput) => bradescoFreeField(i),
  '033': (i: SantanderInput) => santanderFreeField(i),
  '756': (i: SicoobInput) => sicoobFreeField(i),
  '041': (i: BanrisulInput) => banrisulFreeField(i),
  '748': (i: SicrediInput) => sicrediFreeField(i),
};
const NAMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '104': 'Caixa',
  '422': 'Safra',
  '077': 'Inter',
  '341': 'Itaú',
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
    if (v.dueDate === null) return;
    const boleto = buildBoleto({
      bankCode: bank,
      dueDate: v.dueDate,
      amountCents: v.amountCents,
      freeField: built.freeField,
    });
    expect(boleto.barcode).toBe(v.expected.barcode);
    if (v.expected.linha) expect(boleto.formatted).toBe(v.expected.linha);
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

test("Banco do Brasil's nosso-número digit, as brcobranca's spec asserts it (X for 10)", () => {
  // kivanio/brcobranca@62649aeb83bd spec/brcobranca/boleto/banco_brasil_spec.rb (MIT)
  expect(bancoDoBrasilCheckDigit('12387989000004042')).toBe('4');
  expect(bancoDoBrasilCheckDigit('12387989000061900')).toBe('7');
  expect(bancoDoBrasilCheckDigit('12387989000000719')).toBe('2');
  expect(bancoDoBrasilCheckDigit('12387989777700168')).toBe('7');
  // 6 × 2 = 12 leaves 1 mod 11: 11 − 1 = 10, written X
  expect(bancoDoBrasilCheckDigit('00000000000000006')).toBe('X');
});

test("Safra's nosso-número digit: remainder 0 gives 1, as brcobranca's spec asserts", () => {
  // kivanio/brcobranca@239a6fa6bfb2 spec/brcobranca/boleto/safra_spec.rb (MIT)
  const dv = (nossoNumero: string) =>
    safraFreeField({ agencia: '0040', agenciaDv: '0', conta: '1', contaDv: '7', nossoNumero }).nossoNumero;
  expect(dv('94550200')).toBe('94550200-1');
  expect(dv('93199999')).toBe('93199999-5');
  expect(dv('26173001')).toBe('26173001-1');
});

test('a BB convênio of another length is refused, naming it', () => {
  expect(() => bancoDoBrasilFreeField({ convenio: '12345', sequence: 1, carteira: '18' })).toThrow(
    /^convenio: "12345" has 5 digits; BB's have 4, 6, 7 or 8/,
  );
});

test("Inter's nosso-número digit, as the brcobranca fork's spec asserts it", () => {
  // coyosoftware/brcobranca@99eacbb08ed8 spec/brcobranca/boleto/inter_spec.rb (MIT)
  expect(interFreeField({ carteira: '19', numeroDocumento: 6, conta: '1' }).nossoNumero).toBe('19/0000006-1');
});
