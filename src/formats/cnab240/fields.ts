// Fixed-width field helpers shared by the CNAB 240 writer and reader. Positions in comments and in
// `field(line, from, to)` are FEBRABAN's: 1-based and inclusive, as printed in the layout manuals.
import { FormatError } from '../../domain/errors.js';

export const RECORD_LENGTH = 240;

/** Characters `from`..`to` (1-based, inclusive) of a record. */
export function field(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

/** Folds text to the upper-case ASCII that CNAB files carry: accents removed, other symbols blanked. */
export function foldText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toUpperCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæøœÆØŒ]/g, (c) => FOLD_SPECIAL[c] ?? ' ')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, ' ');
}

const FOLD_SPECIAL: Record<string, string> = { ß: 'SS', æ: 'AE', Æ: 'AE', ø: 'O', Ø: 'O', œ: 'OE', Œ: 'OE' };

/** Alphanumeric field: folded, left-aligned, space-padded, cut to `length`. */
export function alpha(value: string | undefined | null, length: number): string {
  return foldText(value ?? '')
    .slice(0, length)
    .padEnd(length, ' ');
}

/** Numeric field: digits only, right-aligned, zero-padded. Throws when the value does not fit. */
export function num(
  value: string | number | bigint | undefined | null,
  length: number,
  what = 'value',
): string {
  const s = value === undefined || value === null ? '' : String(value);
  // a non-negative safe integer is digits as it is: the usual value (an amount, a sequence) needs no pattern
  const digits = typeof value === 'number' ? Number.isSafeInteger(value) && value >= 0 : /^\d*$/.test(s);
  if (!digits) throw new FormatError(`${what}: "${s}" is not a non-negative integer`);
  if (s.length > length) throw new FormatError(`${what}: ${s} does not fit in ${length} digits`);
  return s.padStart(length, '0');
}

/** `YYYY-MM-DD` -> `DDMMAAAA`. */
export function toCnabDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m || !isValidDate(Number(m[1]), Number(m[2]), Number(m[3])))
    throw new FormatError(`"${iso}" is not a YYYY-MM-DD date`);
  return `${m[3]}${m[2]}${m[1]}`;
}

const isoDates = new Map<number, string | null>();

/** `DDMMAAAA` -> `YYYY-MM-DD`; null when blank, zeros or not a calendar date. */
export function fromCnabDate(ddmmyyyy: string): string | null {
  return ddmmyyyy.length === 8 ? cnabDateAt(ddmmyyyy, 0) : null;
}

/**
 * `fromCnabDate` of the eight characters of `rec` from `start` (0-based), read where they are: a record's dates (a
 * DDA boleto has seven) are read without cutting them out. The date is the number its digits spell, and a file's
 * dates, few and repeated, are each worked out once and kept under that number.
 */
export function cnabDateAt(rec: string, start: number): string | null {
  if (rec.length < start + 8) return null;
  let key = 0;
  for (let i = start; i < start + 8; i++) {
    const digit = rec.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return null;
    key = key * 10 + digit;
  }
  let iso = isoDates.get(key);
  if (iso === undefined) {
    const day = Math.floor(key / 1_000_000);
    const month = Math.floor(key / 10_000) % 100;
    const year = key % 10_000;
    iso = isValidDate(year, month, day) ? `${year}-${twoDigits(month)}-${twoDigits(day)}` : null;
    if (isoDates.size >= 1024) isoDates.clear();
    isoDates.set(key, iso);
  }
  return iso;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `answer` with its answers kept for the last thousand texts it was asked about (a bound: three such caches of 4096
 * held 1.5 MB, which a download's lint added to its memory): what a file says again on
 * every line (a date, a payee's document) is worked out once.
 */
export function remembered<T>(answer: (text: string) => T, size = 1024): (text: string) => T {
  const known = new Map<string, T>();
  // the text asked about last, and its answer: most asks repeat the one before (a remittance's payment date),
  // and comparing two short texts costs less than hashing a new one for the map
  let lastText: string | undefined;
  let lastValue: T;
  return (text) => {
    if (text === lastText) return lastValue;
    let value = known.get(text);
    if (value === undefined && !known.has(text)) {
      value = answer(text);
      if (known.size >= size) known.clear();
      known.set(detached(text), value);
    }
    lastText = text;
    lastValue = value as T;
    return value as T;
  };
}

/**
 * A copy of `text` that holds nothing else alive. A field cut from a record is, in V8, a view of the 64 KiB text the
 * record was cut from: kept as a key of a cache, it kept that whole text, and a file naming a thousand payees held
 * 64 MB (the copy is made when an answer is first kept, so once per distinct text).
 */
function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isValidDate(y: number, m: number, d: number): boolean {
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : (DAYS_IN_MONTH[m - 1] as number));
}

/** Integer cents from a zero-padded numeric field; null when blank or not numeric. */
export function cents(text: string): number | null {
  const n = digitsValue(text);
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

export function intOrNull(text: string): number | null {
  return digitsValue(text);
}

/**
 * `intOrNull(field(rec, from, to))` read in place: a record's lote and sequence are read on every line, and the
 * usual field, all digits, needs no slice; anything else is read as the slice would be.
 */
export function intAt(rec: string, from: number, to: number): number | null {
  let n = 0;
  for (let i = from - 1; i < to; i++) {
    const digit = rec.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return digitsValue(rec.slice(from - 1, to));
    n = n * 10 + digit;
  }
  return to - from + 1 > 15 ? digitsValue(rec.slice(from - 1, to)) : n;
}

/** Whether every character of `text` is a digit (and there is one): a loop, as a regular expression costs more. */
export function allDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return false;
  }
  return text.length > 0;
}

/** Whether `text` is zeros only, or empty (a document or barcode left unfilled). */
export function allZeros(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}

/**
 * The number a field's digits spell, blanks around them aside; null when blank or not all digits. A loop over
 * the characters: every numeric field of every record passes here, and a trim, a regular expression and a
 * Number() cost several times more. Past 15 digits a double is no longer exact, so Number() rounds as it did.
 */
function digitsValue(text: string): number | null {
  // the usual field, digits with spaces at most around them, is read in place; anything else as trim() says
  let from = 0;
  let to = text.length;
  while (from < to && text.charCodeAt(from) === 32) from++;
  while (to > from && text.charCodeAt(to - 1) === 32) to--;
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return trimmedDigitsValue(text);
    n = n * 10 + digit;
  }
  if (from === to) return null;
  return to - from > 15 ? Number(text.slice(from, to)) : n;
}

function trimmedDigitsValue(text: string): number | null {
  const t = text.trim();
  if (t === '' || !/^\d+$/.test(t)) return null;
  return Number(t);
}

export function trimOrNull(text: string): string | null {
  const t = text.trim();
  return t === '' ? null : t;
}

// ---- check digits -------------------------------------------------------------------------------------

export { isValidCnpj, isValidCpf, isValidDocument } from '../../domain/documents.js';

/** Kind of a CPF/CNPJ by length of its digits: 1 = CPF, 2 = CNPJ (FEBRABAN's "tipo de inscrição"). */
export function documentType(doc: string): '1' | '2' {
  return doc.length === 11 ? '1' : '2';
}

/** CPF/CNPJ digits from a document field, by its type (1 CPF, 2 CNPJ); null when blank or zeros. */
export function cpfCnpjOfType(type: string | null, value: string): string | null {
  const digits = value.trim();
  if (allZeros(digits)) return null;
  if (!allDigits(digits)) return digits;
  if (type === '1') return digits.slice(-11).padStart(11, '0');
  if (type === '2') return digits.slice(-14).padStart(14, '0');
  // no type (Itaú's segment A): told by its digits past the zeros that pad it, counted rather than replaced by a
  // regular expression (every payment of a big file passes here, #73)
  let zeros = 0;
  while (digits.charCodeAt(zeros) === 48) zeros++;
  const width = digits.length - zeros <= 11 ? 11 : 14;
  return digits.length === width ? digits : digits.slice(zeros).padStart(width, '0');
}
