// Boleto and arrecadação (concessionárias, tributos) barcodes as CNAB 240 segments J and O carry them: the
// 44-digit code, converted from a 47-digit (boleto) or 48-digit (arrecadação) linha digitável. The rules
// themselves (check digits, the due-date factor) live in src/domain/boleto; this is the writer's and
// reader's view of them.

import {
  type BoletoParseResult,
  factorToDate,
  parseBarcode,
  parseBoletoCode,
} from '../../domain/boleto/index.js';
import { FormatError } from '../../domain/errors.js';
import type { Message } from '../../domain/message.js';
import { refusal } from '../../domain/refusals.js';

export type BarcodeKind = 'boleto' | 'arrecadacao';

export interface BarcodeInfo {
  barcode: string;
  kind: BarcodeKind;
  /** Boleto: the issuing bank (digits 1-3). Null for arrecadação. */
  bankCode: string | null;
  /** The value in the code, in cents (0 when the code leaves it open). */
  valueCents: number;
  /** Boleto: the factor of the due date (digits 6-9); 0 when none. */
  dueFactor: number;
}

/** The boleto module's reason, worded as a file reader reports it (the general digit is the barcode's). */
function problemOf(result: BoletoParseResult): Message | null {
  if (result.ok) return null;
  const f = result.finding;
  return f.code === 'boleto.general-digit'
    ? refusal('boleto.general-digit', {
        ...(f.params as { got: number; expected: number }),
        where: 'barcode',
      })
    : f;
}

/**
 * Accepts a 44-digit barcode or a 47/48-digit linha digitável (punctuation ignored) and returns the
 * 44-digit barcode, checking every check digit. Throws an Error saying what is wrong.
 */
export function toBarcode(input: string): string {
  const result = parseBoletoCode(input);
  if (!result.ok) throw new FormatError(problemOf(result)?.message ?? 'invalid barcode');
  return result.barcode;
}

/** Why a 44-digit barcode is not valid, or null when it is. */
export function barcodeProblem(barcode: string): Message | null {
  return problemOf(parseBarcode(barcode));
}

/** What a valid 44-digit barcode says (see `toBarcode`). */
export function barcodeInfo(barcode: string): BarcodeInfo {
  const result = parseBarcode(barcode);
  if (!result.ok) throw new FormatError(problemOf(result)?.message ?? 'invalid barcode');
  if (result.kind === 'arrecadacao') {
    return {
      barcode,
      kind: 'arrecadacao',
      bankCode: null,
      valueCents: result.amountCents ?? 0,
      dueFactor: 0,
    };
  }
  return {
    barcode,
    kind: 'boleto',
    bankCode: result.bankCode,
    valueCents: result.amountCents,
    dueFactor: result.dueFactor,
  };
}

/**
 * Due date from a boleto's factor: of its readings across the 2025 restart, the one nearest `near`
 * (YYYY-MM-DD). Null when the boleto has no due date (factor below 1000).
 */
export function dueDateFromFactor(factor: number, near: string): string | null {
  return factor < 1000 ? null : factorToDate(factor, near);
}
