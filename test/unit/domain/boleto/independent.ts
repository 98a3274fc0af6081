/**
 * Small, deliberately different implementations of the check digits and the CRC,
 * written from the standards for the tests alone, so that the modules under test are not checked against
 * themselves. Nothing here imports src/.
 */

// ---------------------------------------------------------------------------------------------------------
// FEBRABAN check digits

/** Mod 10 written left to right: the rightmost digit has weight 2. */
export function refMod10(digits: string): number {
  const n = digits.length;
  const total = [...digits].reduce((acc, ch, i) => {
    const weight = (n - i) % 2 === 1 ? 2 : 1;
    const product = Number(ch) * weight;
    return (
      acc +
      String(product)
        .split('')
        .reduce((s, d) => s + Number(d), 0)
    );
  }, 0);
  const r = total % 10;
  return r === 0 ? 0 : 10 - r;
}

/** Weighted sum with weights 2..9 repeating from the right. */
function weightedSum(digits: string): number {
  const reversed = [...digits].reverse();
  return reversed.reduce((acc, ch, i) => acc + Number(ch) * ((i % 8) + 2), 0);
}

/** Boleto general check digit: 11 - (sum mod 11), with 0, 10, 11 -> 1. */
export function refMod11Boleto(digits: string): number {
  const v = 11 - (weightedSum(digits) % 11);
  return [0, 10, 11].includes(v) ? 1 : v;
}

/** Arrecadação mod 11: 11 - (sum mod 11), with 10, 11 -> 0. */
export function refMod11Arrecadacao(digits: string): number {
  const v = 11 - (weightedSum(digits) % 11);
  return v > 9 ? 0 : v;
}

/** Days between two ISO dates, by counting (independent of the module's arithmetic). */
export function refAddDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12); // local noon: no DST edge
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ---------------------------------------------------------------------------------------------------------
// CRC-16/CCITT-FALSE, table driven

const CRC_TABLE: number[] = [];
for (let n = 0; n < 256; n++) {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  CRC_TABLE.push(c & 0xffff);
}

export function refCrc16(s: string): string {
  let crc = 0xffff;
  for (const b of new TextEncoder().encode(s))
    crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ b) & 0xff]!;
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
