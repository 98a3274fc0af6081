/** The check digits of boletos and arrecadação slips (FEBRABAN mod 10 and mod 11), and a parse's refusal. */
import { FormatError } from '../errors.js';
import { type Message, withFinding } from '../message.js';
import { oneLine } from '../text.js';

// ---------------------------------------------------------------------------------------------------------
// Check digits

/** FEBRABAN mod 10: weights 2,1,2,1... from the right, digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = (digits.charCodeAt(i) - 48) * weight;
    if (p > 9) p -= 9; // same as adding its two digits
    sum += p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** The general check digit of a boleto de cobrança barcode: mod 11, weights 2..9; 0, 10 and 11 become 1. */
export function mod11Boleto(digits: string): number {
  return boletoDigitOf(mod11Sum(digits));
}

/** A boleto's general check digit from its weighted sum: 0, 10 and 11 become 1. */
export function boletoDigitOf(sum: number): number {
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Mod 11 as used by arrecadação slips: weights 2..9; 10 and 11 become 0. */
export function mod11Arrecadacao(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11);
  return dv >= 10 ? 0 : dv;
}

// ---------------------------------------------------------------------------------------------------------
// A code that does not parse

export interface ParseError {
  ok: false;
  /** One line, e.g. `check digit of field 2 is 3, expected 7`. */
  error: string;
  /** The same, by its code (refusals.ts), for a reader in another language; not enumerable. */
  readonly finding: Message;
}

/** A code refused: its reason on one line, and by its code (refusals.ts) beside it. */
export function parseFailure(finding: Message): ParseError {
  return withFinding({ ok: false as const, error: oneLine(finding.message) }, finding);
}

/** A field that must be `length` digits, or a FormatError naming it. */
export function requireDigits(value: string, length: number, what: string): void {
  if (value.length !== length || !/^\d+$/.test(value)) {
    throw new FormatError(`${what} must be ${length} digits, got '${value}'`);
  }
}
