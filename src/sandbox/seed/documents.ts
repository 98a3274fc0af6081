/** CPF and CNPJ check digits (módulo 11), to seed documents that a validator accepts. */

function mod11Digit(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF from its first 9 digits: the two check digits appended (11 digits). */
export function cpfWithCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError(`a CPF base has 9 digits: ${base9}`);
  const d1 = mod11Digit(base9, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit(`${base9}${d1}`, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base9}${d1}${d2}`;
}

/** A CNPJ from its first 12 digits (8 root + 4 branch): the two check digits appended (14 digits). */
export function cnpjWithCheckDigits(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new RangeError(`a CNPJ base has 12 digits: ${base12}`);
  const d1 = mod11Digit(base12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit(`${base12}${d1}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base12}${d1}${d2}`;
}

export function isValidCpf(text: string): boolean {
  return /^\d{11}$/.test(text) && !/^(\d)\1{10}$/.test(text) && cpfWithCheckDigits(text.slice(0, 9)) === text;
}

export function isValidCnpj(text: string): boolean {
  return (
    /^\d{14}$/.test(text) && !/^(\d)\1{13}$/.test(text) && cnpjWithCheckDigits(text.slice(0, 12)) === text
  );
}
