/**
 * The free field (campo livre, barcode positions 20-44) and the nosso número with its check digit, as each bank
 * lays them out for its boleto de cobrança. The 19 positions before are FEBRABAN's and the same for every bank
 * (`buildBoleto`). Each layout names the bank's document it follows; the tests check each against vectors
 * published by independent implementations (test/unit/domain/boleto/banks.test.ts).
 */

import { digitsOnly } from '../digits.js';
import { mod10 } from './index.js';

/** The banks whose boletos the sandbox lays out as the bank does (the free fields below). */
export const BOLETO_BANKS = ['001', '033', '041', '077', '104', '237', '341', '422', '748', '756'] as const;

export class FreeFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FreeFieldError';
  }
}

/** `value` as exactly `width` digits, zero-padded on the left; refuses anything else, naming the field. */
function digits(value: string | number, width: number, field: string): string {
  const text = String(value).replace(/[\s.\-/]/g, '');
  if (!/^\d+$/.test(text)) throw new FreeFieldError(field, `"${value}" is not a number`);
  if (text.length > width) throw new FreeFieldError(field, `"${value}" has more than ${width} digits`);
  return text.padStart(width, '0');
}

/** Σ digit × weight, the weights cycling 2..max from the rightmost digit. */
function weightedFromRight(text: string, max = 9): number {
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = weight === max ? 2 : weight + 1;
  }
  return sum;
}

/** 11 − (Σ mod 11), with 10 and 11 written as 0: the mod 11 most banks use for their own check digits. */
function mod11Zero(text: string, max = 9): number {
  const dv = 11 - (weightedFromRight(text, max) % 11);
  return dv > 9 ? 0 : dv;
}

export interface FreeField {
  /** The 25 digits of barcode positions 20-44. */
  freeField: string;
  /** The nosso número as the bank prints it on the slip (with its check digit where it has one). */
  nossoNumero: string;
}

// ---- Banco do Brasil (001) -----------------------------------------------------------------------------

export interface BancoDoBrasilInput {
  /** Convênio of 4, 6, 7 or 8 digits: it decides the layout. */
  convenio: string;
  /** The slip's sequence within the convênio. */
  sequence: number;
  /** Agência and conta without check digits (used by the 4- and 6-digit convênios). */
  agencia?: string;
  conta?: string;
  carteira: string;
  /** Convênio of 6 only: a 17-digit nosso número chosen freely by the client (carteiras 16 and 18, service 21). */
  nossoNumeroLivre?: boolean;
}

/** BB's nosso-número check digit: mod 11, weights 9..2 from the left (2..9 from the right), 10 written X. */
export function bancoDoBrasilCheckDigit(text: string): string {
  const r = weightedFromRight(text) % 11;
  const dv = 11 - r;
  return dv === 10 ? 'X' : dv === 11 ? '0' : String(dv);
}

/**
 * Banco do Brasil, "Especificações técnicas para confecção de boleto de cobrança do Banco do Brasil": convênio
 * of 4 digits: convênio(4) sequência(7) agência(4) conta(8) carteira(2); of 6: convênio(6) sequência(5)
 * agência(4) conta(8) carteira(2), or with a free nosso número convênio(6) nosso número(17) "21"; of 7:
 * "000000" convênio(7) sequência(10) carteira(2), a nosso número of 17 digits with no check digit. The newer
 * convênios of 8 digits keep that 17-digit nosso número, with a sequência of 9.
 */
export function bancoDoBrasilFreeField(input: BancoDoBrasilInput): FreeField {
  const convenio = digitsOnly(input.convenio);
  const carteira = digits(input.carteira, 2, 'carteira');
  const agencyAccount = () =>
    digits(input.agencia ?? '', 4, 'agencia') + digits(input.conta ?? '', 8, 'conta');
  if (convenio.length === 7 || convenio.length === 8) {
    const nn = convenio + digits(input.sequence, 17 - convenio.length, 'sequence');
    return { freeField: `000000${nn}${carteira}`, nossoNumero: nn };
  }
  if (convenio.length === 6 && input.nossoNumeroLivre) {
    const nn = digits(input.sequence, 17, 'sequence');
    return { freeField: `${convenio}${nn}21`, nossoNumero: nn };
  }
  if (convenio.length === 6 || convenio.length === 4) {
    const nn = convenio + digits(input.sequence, 11 - convenio.length, 'sequence');
    return {
      freeField: `${nn}${agencyAccount()}${carteira}`,
      nossoNumero: `${nn}-${bancoDoBrasilCheckDigit(nn)}`,
    };
  }
  throw new FreeFieldError(
    'convenio',
    `"${input.convenio}" has ${convenio.length} digits; BB's have 4, 6, 7 or 8`,
  );
}

// ---- Bradesco (237) ------------------------------------------------------------------------------------

export interface BradescoInput {
  agencia: string;
  carteira: string;
  /** 11 digits. */
  nossoNumero: string | number;
  /** Conta without its check digit, 7 digits. */
  conta: string;
}

/**
 * Bradesco, "Boleto de cobrança: especificações técnicas": agência(4) carteira(2) nosso número(11) conta(7) "0".
 * The nosso número's digit: mod 11 of carteira + nosso número, weights 2..7; remainder 1 is written P, 0 is 0.
 */
export function bradescoFreeField(input: BradescoInput): FreeField {
  const carteira = digits(input.carteira, 2, 'carteira');
  const nn = digits(input.nossoNumero, 11, 'nossoNumero');
  const r = weightedFromRight(carteira + nn, 7) % 11;
  const dv = r === 0 ? '0' : r === 1 ? 'P' : String(11 - r);
  return {
    freeField: `${digits(input.agencia, 4, 'agencia')}${carteira}${nn}${digits(input.conta, 7, 'conta')}0`,
    nossoNumero: `${carteira}/${nn}-${dv}`,
  };
}

// ---- Caixa (104), SIGCB ---------------------------------------------------------------------------------

export interface CaixaInput {
  /** Código do beneficiário, 6 digits. */
  beneficiario: string;
  /** The 15 digits after the nosso número's two constants. */
  sequence: number | string;
  /** Registered (1, the default) or not (2): the nosso número's first digit. */
  registrada?: boolean;
}

/**
 * Caixa, SIGCB ("Especificações do código de barras para bloquetos de cobrança, SIGCB"): beneficiário(6) DV(1)
 * nosso número 3-5 (3) constante 1 (1: 1 registrada, 2 sem registro) nosso número 6-8 (3) constante 2 (1: 4,
 * issued by the beneficiário) nosso número 9-17 (9) DV of the 24 digits before (1). The nosso número printed is
 * the constants and the 15 digits: `14` + 15.
 */
export function caixaFreeField(input: CaixaInput): FreeField {
  const beneficiario = digits(input.beneficiario, 6, 'beneficiario');
  const seq = digits(input.sequence, 15, 'sequence');
  const kind = input.registrada === false ? '2' : '1';
  const head = `${beneficiario}${mod11Zero(beneficiario)}${seq.slice(0, 3)}${kind}${seq.slice(3, 6)}4${seq.slice(6)}`;
  const nn = `${kind}4${seq}`;
  return { freeField: `${head}${mod11Zero(head)}`, nossoNumero: `${nn}-${mod11Zero(nn)}` };
}

// ---- Santander (033) -----------------------------------------------------------------------------------

export interface SantanderInput {
  /** Código do beneficiário, 7 digits. */
  beneficiario: string;
  /** 12 digits, without its check digit. */
  nossoNumero: string | number;
  /** 101 (cobrança simples rápida com registro), 102 (sem registro), 201 (penhor). */
  carteira: string;
  /** IOF percentage, insurers only (0 otherwise, the default). */
  iof?: string | number;
}

/**
 * Santander, "Layout do código de barras" (cobrança): "9" beneficiário(7) nosso número(12) DV(1) IOF "0"
 * carteira(3). The nosso número's digit: mod 11, weights 2..9; remainder 0 or 1 gives 0, 10 gives 1.
 */
export function santanderFreeField(input: SantanderInput): FreeField {
  const nn = digits(input.nossoNumero, 12, 'nossoNumero');
  const r = weightedFromRight(nn) % 11;
  const dv = r === 10 ? 1 : r <= 1 ? 0 : 11 - r;
  return {
    freeField: `9${digits(input.beneficiario, 7, 'beneficiario')}${nn}${dv}${digits(input.iof ?? 0, 1, 'iof')}${digits(input.carteira, 3, 'carteira')}`,
    nossoNumero: `${nn}-${dv}`,
  };
}

// ---- Sicoob (756) --------------------------------------------------------------------------------------

export interface SicoobInput {
  /** 1 (simples com registro) or 3 (garantida caucionada). */
  carteira: string;
  cooperativa: string;
  /** 01 simples com registro, 02 sem registro, 03 garantida caucionada. */
  modalidade: string;
  /** Código do cliente (beneficiário), 7 digits with its check digit. */
  cliente: string;
  /** 7 digits, without its check digit. */
  nossoNumero: string | number;
  parcela?: number;
}

/**
 * Sicoob, "Layout do código de barras" (cobrança bancária): carteira(1) cooperativa(4) modalidade(2) cliente(7)
 * nosso número(7) DV(1) parcela(3). The nosso número's digit: cooperativa(4) + cliente(10) + nosso número(7)
 * weighted 3, 1, 9, 7 repeating from the left; 11 − (Σ mod 11), 0 when that is 10 or 11.
 */
export function sicoobFreeField(input: SicoobInput): FreeField {
  const cooperativa = digits(input.cooperativa, 4, 'cooperativa');
  const cliente = digits(input.cliente, 7, 'cliente');
  const nn = digits(input.nossoNumero, 7, 'nossoNumero');
  const text = `${cooperativa}${cliente.padStart(10, '0')}${nn}`;
  const weights = [3, 1, 9, 7];
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += (text.charCodeAt(i) - 48) * (weights[i % 4] as number);
  const dv = 11 - (sum % 11) > 9 ? 0 : 11 - (sum % 11);
  return {
    freeField: `${digits(input.carteira, 1, 'carteira')}${cooperativa}${digits(input.modalidade, 2, 'modalidade')}${cliente}${nn}${dv}${digits(input.parcela ?? 1, 3, 'parcela')}`,
    nossoNumero: `${nn}-${dv}`,
  };
}

// ---- Sicredi (748) -------------------------------------------------------------------------------------

export interface SicrediInput {
  cooperativa: string;
  posto: string;
  /** Código do beneficiário, 5 digits. */
  beneficiario: string;
  /** Two-digit year of issue. */
  year: number | string;
  /** Byte de geração: 1 when the bank issues it, 2-9 when the beneficiário does. */
  byte: number | string;
  /** Sequence, 5 digits. */
  sequence: number | string;
  /** 1 with registration (the default), 3 without. */
  registrada?: boolean;
  /** Whether the barcode carries a value (a slip with a value of zero writes 0 here). */
  withValue?: boolean;
}

/**
 * Sicredi, "Manual de cobrança: layout do código de barras": tipo de cobrança(1) carteira "1" nosso número(9:
 * ano 2, byte 1, sequência 5, DV 1) cooperativa(4) posto(2) beneficiário(5) "1" (a value) or "0" filler "0" DV
 * of the 24 digits before, mod 11 weights 2..9 (0 when 10 or 11). The nosso número's digit covers cooperativa,
 * posto, beneficiário, ano, byte and sequência, by the same rule.
 */
export function sicrediFreeField(input: SicrediInput): FreeField {
  const cooperativa = digits(input.cooperativa, 4, 'cooperativa');
  const posto = digits(input.posto, 2, 'posto');
  const beneficiario = digits(input.beneficiario, 5, 'beneficiario');
  const nnBody = `${digits(input.year, 2, 'year')}${digits(input.byte, 1, 'byte')}${digits(input.sequence, 5, 'sequence')}`;
  const nn = `${nnBody}${mod11Zero(`${cooperativa}${posto}${beneficiario}${nnBody}`)}`;
  const head = `${input.registrada === false ? '3' : '1'}1${nn}${cooperativa}${posto}${beneficiario}${input.withValue === false ? '0' : '1'}0`;
  return {
    freeField: `${head}${mod11Zero(head)}`,
    nossoNumero: `${nn.slice(0, 2)}/${nn.slice(2, 8)}-${nn.slice(8)}`,
  };
}

// ---- Banrisul (041) ------------------------------------------------------------------------------------

export interface BanrisulInput {
  agencia: string;
  /** Código do beneficiário, 7 digits. */
  beneficiario: string;
  /** 8 digits, without its check digits. */
  nossoNumero: string | number;
}

/**
 * Banrisul's "duplo dígito" (NC): mod 10, then mod 11 (weights 2..7) of the digits and the first; a mod 11 that
 * would be 10 adds one to the first digit (10 wraps to 0) and is computed again.
 */
export function banrisulDoubleDigit(text: string): string {
  let first = mod10(text);
  for (;;) {
    const r = weightedFromRight(`${text}${first}`, 7) % 11;
    if (r === 1) {
      first = (first + 1) % 10;
      continue;
    }
    return `${first}${r === 0 ? 0 : 11 - r}`;
  }
}

/**
 * Banrisul, "Cobrança Banrisul: especificações do código de barras": produto "2" (cobrança) "1" agência(4)
 * beneficiário(7) nosso número(8) "40" duplo dígito(2) of the 23 digits before.
 */
export function banrisulFreeField(input: BanrisulInput): FreeField {
  const nn = digits(input.nossoNumero, 8, 'nossoNumero');
  const head = `21${digits(input.agencia, 4, 'agencia')}${digits(input.beneficiario, 7, 'beneficiario')}${nn}40`;
  return {
    freeField: `${head}${banrisulDoubleDigit(head)}`,
    nossoNumero: `${nn}-${banrisulDoubleDigit(nn)}`,
  };
}

// ---- Safra (422) ---------------------------------------------------------------------------------------

export interface SafraInput {
  /** Agência, 4 digits, and the check digit Safra gave it. */
  agencia: string;
  agenciaDv: string;
  /** Conta, 8 digits, and its check digit. */
  conta: string;
  contaDv: string;
  /** 8 digits, without its check digit. */
  nossoNumero: string | number;
}

/**
 * Safra, "Formatação do código de barras: cobrança registrada": "7" (Safra's system) agência(5, with its digit)
 * conta(9, with its digit) nosso número(9, with its digit) "2" (registered). The nosso número's digit: mod 11,
 * weights 2..9; remainder 0 gives 1, remainder 1 gives 0.
 */
export function safraFreeField(input: SafraInput): FreeField {
  const nn = digits(input.nossoNumero, 8, 'nossoNumero');
  const r = weightedFromRight(nn) % 11;
  const dv = r === 0 ? 1 : r === 1 ? 0 : 11 - r;
  return {
    freeField: `7${digits(input.agencia, 4, 'agencia')}${digits(input.agenciaDv, 1, 'agenciaDv')}${digits(input.conta, 8, 'conta')}${digits(input.contaDv, 1, 'contaDv')}${nn}${dv}2`,
    nossoNumero: `${nn}-${dv}`,
  };
}

// ---- Inter (077) ---------------------------------------------------------------------------------------

export interface InterInput {
  /** 12 (the default) or 19. */
  carteira?: string;
  /** The slip's number, 7 digits. */
  numeroDocumento: string | number;
  /** Conta corrente without its digit, 10 digits. */
  conta: string;
}

/**
 * Banco Inter's boleto de cobrança as it was issued by carteira (the Intermedium layout, before its API): agência
 * "1", produto "000", carteira(2), sistema "10", document number(7), conta(10). The nosso número's digit: mod 11
 * of carteira + document number, weights 2..7; 10 is written P, 11 is 0.
 */
export function interFreeField(input: InterInput): FreeField {
  const carteira = digits(input.carteira ?? '12', 2, 'carteira');
  const numero = digits(input.numeroDocumento, 7, 'numeroDocumento');
  const dv = 11 - (weightedFromRight(`${carteira}${numero}`, 7) % 11);
  return {
    freeField: `1000${carteira}10${numero}${digits(input.conta, 10, 'conta')}`,
    nossoNumero: `${carteira}/${numero}-${dv === 10 ? 'P' : dv === 11 ? '0' : String(dv)}`,
  };
}
