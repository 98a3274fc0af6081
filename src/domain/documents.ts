/**
 * CPF and CNPJ (Brazil's personal and company tax ids): check digits (módulo 11), validation and, for seed
 * data, completing a base with its check digits. The CNPJ rules include the alphanumeric CNPJ (12 of
 * [0-9A-Z] then 2 numeric check digits; a character counts as its ASCII code minus 48).
 */

const value = (c: string) => c.charCodeAt(0) - 48;

/** CPF check digit over `base` (9 or 10 characters): weights n+1 down to 2. */
function cpfDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += value(base[i] as string) * (base.length + 1 - i);
  return ((sum * 10) % 11) % 10;
}

/** CNPJ check digit over `base` (12 or 13 characters): weights 2..9 from the right, repeating. */
function cnpjDigit(base: string): number {
  return cnpjDigitAt(base, 0, base.length);
}

/** `cnpjDigit` of the `length` characters of `text` from `start`, read where they lie (no slice). */
function cnpjDigitAt(text: string, start: number, length: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = start + length - 1; i >= start; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A CPF from its first 9 digits: the two check digits appended (11 digits). */
export function cpfWithCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError(`a CPF base has 9 digits: ${base9}`);
  const first = `${base9}${cpfDigit(base9)}`;
  return `${first}${cpfDigit(first)}`;
}

/** A CNPJ from its first 12 characters (8 root + 4 branch): the two check digits appended. */
export function cnpjWithCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new RangeError(`a CNPJ base has 12 characters: ${base12}`);
  const first = `${base12}${cnpjDigit(base12)}`;
  return `${first}${cnpjDigit(first)}`;
}

/**
 * Whether the 14 digits of `text` from `start` are a CNPJ with right check digits (`isValidCnpj`), read where they
 * lie: a DDA file names a beneficiary on each of its boletos, by the hundred thousand. Digits only (the caller has
 * seen them).
 */
export function isValidCnpjDigitsAt(text: string, start: number): boolean {
  const lead = text.charCodeAt(start);
  let repeated = true;
  for (let i = start + 1; i < start + 14 && repeated; i++) repeated = text.charCodeAt(i) === lead;
  return (
    !repeated &&
    text.charCodeAt(start + 12) - 48 === cnpjDigitAt(text, start, 12) &&
    text.charCodeAt(start + 13) - 48 === cnpjDigitAt(text, start, 13)
  );
}

/** CPF check digits. Accepts 11 digits, punctuated or not; rejects repeated digits (000.000.000-00). */
export function isValidCpf(cpf: string): boolean {
  const d = cpf.replace(/[.\-\s]/g, '');
  return /^\d{11}$/.test(d) && !/^(\d)\1{10}$/.test(d) && cpfWithCheckDigits(d.slice(0, 9)) === d;
}

/** CNPJ check digits. Accepts 14 characters, punctuated or not, alphanumeric included; rejects repeats. */
export function isValidCnpj(cnpj: string): boolean {
  const d = cnpj.replace(/[.\-/\s]/g, '').toUpperCase();
  return (
    /^[0-9A-Z]{12}\d{2}$/.test(d) && !/^(\d)\1{13}$/.test(d) && cnpjWithCheckDigits(d.slice(0, 12)) === d
  );
}

/** A CPF (11 characters) or a CNPJ (14) whose check digits are right; any other length is neither. */
export function isValidDocument(doc: string): boolean {
  return doc.length === 11 ? isValidCpf(doc) : doc.length === 14 && isValidCnpj(doc);
}

/** A CPF or CNPJ as people write it: 123.456.789-09, 12.345.678/0001-95; anything else as it came. */
export function formatDocument(doc: string): string {
  if (/^\d{11}$/.test(doc)) return doc.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc))
    return doc.replace(/^(.{2})(.{3})(.{3})(.{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return doc;
}
