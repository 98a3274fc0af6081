import { type DayMonthReading, parseDateInput } from '../domain/date-input.js';
import { UsageError } from '../domain/errors.js';
import { parseReais } from '../domain/money.js';
import { refusedField } from '../domain/refusals.js';

/**
 * Flag values turned into typed values before a verb touches credentials or the network; each failure is a
 * usage error (exit 2) naming the flag.
 */

export function reaisFlag(flag: string, value: string): number {
  const parsed = parseReais(value);
  if (!parsed.ok) throw new UsageError(refusedField(flag, parsed.error));
  return parsed.value;
}

/** A date flag; `'next'` for a date still to come (a due date, a payment date), where DD/MM is the next one. */
export function dateFlag(flag: string, value: string, today: string, dayMonth?: DayMonthReading): string {
  const parsed = parseDateInput(value, today, dayMonth);
  if (!parsed.ok) throw new UsageError(refusedField(flag, parsed.error));
  return parsed.value;
}

/**
 * `--month 2026-11` (or `--from`, `--to`): a month, checked, as YYYY-MM; typed as Brazilians write it too
 * (`11/2026`, `1/2027`, #53).
 */
export function monthFlag(flag: string, text: string): string {
  const iso = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}`;
  const br = /^(0?[1-9]|1[0-2])\/(\d{4})$/.exec(text.trim());
  if (br) return `${br[2]}-${(br[1] as string).padStart(2, '0')}`;
  throw new UsageError({
    en: `${flag}: "${text}" is not a month (YYYY-MM or MM/YYYY)`,
    pt: `${flag}: "${text}" não é um mês (MM/AAAA ou AAAA-MM)`,
  });
}

/** One of `allowed`, whatever the case it is typed in (pix, PIX; boleto_pix, BOLETO_PIX). */
export function enumFlag<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const v = value.trim().toLowerCase();
  const found = allowed.find((a) => a.toLowerCase() === v);
  if (found === undefined) {
    const near = nearest(v, allowed);
    throw new UsageError({
      en: `${flag}: "${value}" is not one of ${allowed.join(', ')}${near ? `; did you mean "${near}"?` : ''}`,
      pt: `${flag}: "${value}" não é um de ${allowed.join(', ')}${near ? `; quis dizer "${near}"?` : ''}`,
    });
  }
  return found;
}

/** The one value a typo is closest to (at most two edits, or a unique start), if any. */
export function nearest(typed: string, values: readonly string[]): string | undefined {
  const starts = values.filter((v) => typed.length >= 2 && v.toLowerCase().startsWith(typed));
  if (starts.length === 1) return starts[0];
  const scored = values
    .map((v) => ({ v, d: editDistance(typed, v.toLowerCase()) }))
    .filter((x) => x.d <= Math.min(2, Math.floor(x.v.length / 3)))
    .sort((a, b) => a.d - b.d);
  return scored.length > 0 && scored[0]?.d !== scored[1]?.d ? scored[0]?.v : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length] as number;
}

/** An http(s) URL, or a usage error naming the flag. */
export function urlFlag(flag: string, text: string): URL {
  try {
    const u = new URL(text);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u;
  } catch {
    // not a URL at all: the same message
  }
  throw new UsageError({
    en: `${flag}: "${text}" is not an http(s) URL`,
    pt: `${flag}: "${text}" não é uma URL http(s)`,
  });
}

export function intFlag(flag: string, value: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError({
      en: `${flag}: "${value}" is not a whole number`,
      pt: `${flag}: "${value}" não é um número inteiro`,
    });
  const n = Number(value);
  if (n < min || n > max)
    throw new UsageError({
      en: `${flag}: ${n} is out of range (${min}..${max})`,
      pt: `${flag}: ${n} está fora do intervalo (${min}..${max})`,
    });
  return n;
}

/** Public ids (ULIDs): upper-cased, since a person may paste them in lower case. */
export function publicIdArg(name: string, value: string): string {
  const v = value.trim().toUpperCase();
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(v))
    throw new UsageError({
      en: `${name}: "${value}" is not an id (26-character ULID)`,
      pt: `${name}: "${value}" não é um id (26 letras e algarismos)`,
    });
  return v;
}

/** Collects a repeatable flag (`--field a=1 --field b=2`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A bank's code as `--bank` takes it: up to three digits (341, 756, 1 for Banco do Brasil's 001). */
export function bankCodeFlag(text: string): string {
  const digits = text.trim();
  if (!/^\d{1,3}$/.test(digits))
    throw new UsageError({
      en: `--bank: "${text}" is not a bank code (three digits, as 341 or 756)`,
      pt: `--bank: "${text}" não é um código de banco (três dígitos, como 341 ou 756)`,
    });
  return digits.padStart(3, '0');
}
