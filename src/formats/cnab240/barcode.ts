// Boleto and arrecadação (concessionárias, tributos) barcodes: the 44-digit code that CNAB 240
// segments J and O carry, converted from the 47-digit (boleto) or 48-digit (arrecadação) linha digitável.
import { mod10, mod11Remainder } from './fields.js';

export type BarcodeKind = 'boleto' | 'arrecadacao';

export interface BarcodeInfo {
  barcode: string;
  kind: BarcodeKind;
  /** Boleto: the issuing bank (digits 1-3). Null for arrecadação. */
  bankCode: string | null;
  /** Boleto: the value in the code, in cents (0 when the boleto leaves it open). */
  valueCents: number;
  /** Boleto: the factor of the due date (digits 6-9); 0 when none. */
  dueFactor: number;
}

/**
 * Accepts a 44-digit barcode or a 47/48-digit linha digitável (punctuation ignored) and returns the
 * 44-digit barcode, checking every check digit. Throws an Error saying what is wrong.
 */
export function toBarcode(input: string): string {
  const digits = input.replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(digits)) throw new Error('barcode must contain only digits');
  let barcode: string;
  if (digits.length === 44) barcode = digits;
  else if (digits.length === 47) barcode = boletoLinhaToBarcode(digits);
  else if (digits.length === 48) barcode = arrecadacaoLinhaToBarcode(digits);
  else throw new Error(`barcode must have 44 digits (or a linha digitável of 47/48), got ${digits.length}`);
  const problem = barcodeProblem(barcode);
  if (problem) throw new Error(problem);
  return barcode;
}

/** Why a 44-digit barcode is not valid, or null when it is. */
export function barcodeProblem(barcode: string): string | null {
  if (!/^\d{44}$/.test(barcode)) return 'barcode must have 44 digits';
  if (barcode[0] === '8') {
    const expected = arrecadacaoDv(barcode.slice(0, 3) + barcode.slice(4), barcode[2]!);
    if (expected === null) return `arrecadação barcode has an invalid value identifier ${barcode[2]}`;
    if (expected !== Number(barcode[3])) return `barcode check digit is ${barcode[3]}, expected ${expected}`;
    return null;
  }
  const expected = boletoDv(barcode.slice(0, 4) + barcode.slice(5));
  if (expected !== Number(barcode[4])) return `barcode check digit is ${barcode[4]}, expected ${expected}`;
  return null;
}

export function barcodeInfo(barcode: string): BarcodeInfo {
  if (barcode[0] === '8') {
    return {
      barcode,
      kind: 'arrecadacao',
      bankCode: null,
      valueCents: Number(barcode.slice(4, 15)),
      dueFactor: 0,
    };
  }
  return {
    barcode,
    kind: 'boleto',
    bankCode: barcode.slice(0, 3),
    valueCents: Number(barcode.slice(9, 19)),
    dueFactor: Number(barcode.slice(5, 9)),
  };
}

/**
 * Due date from a boleto's factor. The factor counts days from 1997-10-07 and restarted at 1000 on
 * 2025-02-22; of the two readings, the one nearest `near` (YYYY-MM-DD) is chosen.
 */
export function dueDateFromFactor(factor: number, near: string): string | null {
  if (factor < 1000) return null;
  const day = 86_400_000;
  const old = Date.UTC(1997, 9, 7) + factor * day;
  const renewed = Date.UTC(2025, 1, 22) + (factor - 1000) * day;
  const ref = Date.parse(`${near}T00:00:00Z`);
  const pick = Math.abs(old - ref) <= Math.abs(renewed - ref) ? old : renewed;
  return new Date(pick).toISOString().slice(0, 10);
}

function boletoDv(digits43: string): number {
  const r = 11 - mod11Remainder(digits43);
  return r === 0 || r === 10 || r === 11 ? 1 : r;
}

function arrecadacaoDv(digits43: string, valueId: string): number | null {
  if (valueId === '6' || valueId === '7') return mod10(digits43);
  if (valueId === '8' || valueId === '9') {
    const r = mod11Remainder(digits43);
    return r === 0 || r === 1 ? 0 : 11 - r;
  }
  return null;
}

function boletoLinhaToBarcode(ld: string): string {
  const fields: Array<[string, number]> = [
    [ld.slice(0, 9), Number(ld[9])],
    [ld.slice(10, 20), Number(ld[20])],
    [ld.slice(21, 31), Number(ld[31])],
  ];
  fields.forEach(([body, dv], i) => {
    if (mod10(body) !== dv)
      throw new Error(`linha digitável field ${i + 1} check digit is ${dv}, expected ${mod10(body)}`);
  });
  return ld.slice(0, 4) + ld[32] + ld.slice(33, 47) + ld.slice(4, 9) + ld.slice(10, 20) + ld.slice(21, 31);
}

function arrecadacaoLinhaToBarcode(ld: string): string {
  const valueId = ld[2]!;
  let barcode = '';
  for (let i = 0; i < 4; i++) {
    const body = ld.slice(i * 12, i * 12 + 11);
    const dv = Number(ld[i * 12 + 11]);
    const expected = valueId === '8' || valueId === '9' ? blockMod11(body) : mod10(body);
    if (expected !== dv)
      throw new Error(`linha digitável block ${i + 1} check digit is ${dv}, expected ${expected}`);
    barcode += body;
  }
  return barcode;
}

function blockMod11(body: string): number {
  const r = mod11Remainder(body);
  return r === 0 || r === 1 ? 0 : 11 - r;
}
