/** Itaú's nosso número and free field (carteira 109 and the common layout): built, and read back with its DACs. */
import { FormatError } from '../errors.js';
import { refusal } from '../refusals.js';
import { parseFailure as fail, mod10, type ParseError, requireDigits } from './check-digits.js';

/**
 * A nosso número (the issuer's own number for the slip) from a sequence, zero-padded to `width` digits.
 * Throws a RangeError if the sequence does not fit.
 */
export function nossoNumero(sequence: number, width = 8): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0) {
    throw new FormatError(`nosso número sequence must be a non-negative integer, got ${sequence}`);
  }
  const s = String(sequence);
  if (s.length > width) throw new FormatError(`nosso número ${sequence} does not fit in ${width} digits`);
  return s.padStart(width, '0');
}

export interface ItauFreeFieldInput {
  /** Carteira, 3 digits ("109"). */
  carteira: string;
  /** Nosso número, up to 8 digits (zero-padded). */
  nossoNumero: string;
  /** Agência, 4 digits. */
  agencia: string;
  /** Conta corrente without its DAC, 5 digits. */
  conta: string;
}

/** Carteiras whose nosso-número DAC covers only carteira + nosso número (Itaú's exceptions). */
const ITAU_SHORT_DAC_CARTEIRAS = new Set(['126', '131', '146', '150', '168']);

/** Itaú's DAC of the nosso número: mod 10 of agência + conta + carteira + nosso número (carteira 109 and most others). */
export function itauNossoNumeroDac(input: ItauFreeFieldInput): number {
  const nn = input.nossoNumero.padStart(8, '0');
  return ITAU_SHORT_DAC_CARTEIRAS.has(input.carteira)
    ? mod10(input.carteira + nn)
    : mod10(input.agencia + input.conta + input.carteira + nn);
}

/**
 * Itaú's free field (carteira 109 and the other "sem registro/registrada" carteiras with the common layout):
 * carteira(3) nosso número(8) DAC(1) agência(4) conta(5) DAC agência/conta(1) "000".
 */
export function itauFreeField(input: ItauFreeFieldInput): string {
  requireDigits(input.carteira, 3, 'carteira');
  if (!/^\d{1,8}$/.test(input.nossoNumero)) {
    throw new FormatError(`nossoNumero must be 1 to 8 digits, got '${input.nossoNumero}'`);
  }
  requireDigits(input.agencia, 4, 'agencia');
  requireDigits(input.conta, 5, 'conta');
  const nn = input.nossoNumero.padStart(8, '0');
  return `${input.carteira}${nn}${itauNossoNumeroDac(input)}${input.agencia}${input.conta}${mod10(input.agencia + input.conta)}000`;
}

export interface ItauFreeField extends ItauFreeFieldInput {
  ok: true;
  nossoNumeroDac: number;
  contaDac: number;
}

/** Reads and checks an Itaú free field built by `itauFreeField`'s layout. */
export function parseItauFreeField(freeField: string): ItauFreeField | ParseError {
  if (!/^\d{25}$/.test(freeField))
    return fail(
      refusal('boleto.free-field', { what: 'a free field', got: `'${freeField}'`, expected: '25 digits' }),
    );
  const fields: ItauFreeFieldInput = {
    carteira: freeField.slice(0, 3),
    nossoNumero: freeField.slice(3, 11),
    agencia: freeField.slice(12, 16),
    conta: freeField.slice(16, 21),
  };
  const nossoNumeroDac = Number(freeField[11]);
  const contaDac = Number(freeField[21]);
  const nnExpected = itauNossoNumeroDac(fields);
  if (nossoNumeroDac !== nnExpected) {
    return fail(
      refusal('boleto.free-field', {
        what: 'nosso número DAC',
        got: String(nossoNumeroDac),
        expected: String(nnExpected),
      }),
    );
  }
  const contaExpected = mod10(fields.agencia + fields.conta);
  if (contaDac !== contaExpected)
    return fail(
      refusal('boleto.free-field', {
        what: 'agência/conta DAC',
        got: String(contaDac),
        expected: String(contaExpected),
      }),
    );
  if (freeField.slice(22) !== '000')
    return fail(
      refusal('boleto.free-field', {
        what: "the free field's end",
        got: `'${freeField.slice(22)}'`,
        expected: "'000'",
      }),
    );
  return { ok: true, ...fields, nossoNumeroDac, contaDac };
}
