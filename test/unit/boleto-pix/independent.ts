/**
 * Small, deliberately different implementations of the check digits, CRC, Reed-Solomon code and a QR reader,
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

// ---------------------------------------------------------------------------------------------------------
// GF(256), Reed-Solomon without log tables

/** Multiplication in GF(2^8) mod x^8+x^4+x^3+x^2+1, shift and add. */
export function gfMulSlow(a: number, b: number): number {
  let r = 0;
  while (b > 0) {
    if (b & 1) r ^= a;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
    b >>= 1;
  }
  return r;
}

function gfPow2(e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = gfMulSlow(r, 2);
  return r;
}

/** ECC codewords by polynomial long division of data(x) * x^n by prod (x - 2^i), i < n. */
export function refRsEcc(data: number[], n: number): number[] {
  // generator, highest degree first, monic
  let gen = [1];
  for (let i = 0; i < n; i++) {
    const root = gfPow2(i);
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((c, j) => {
      next[j]! ^= c;
      next[j + 1]! ^= gfMulSlow(c, root);
    });
    gen = next;
  }
  const msg = [...data, ...new Array<number>(n).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const coef = msg[i]!;
    if (coef === 0) continue;
    for (let j = 0; j < gen.length; j++) msg[i + j]! ^= gfMulSlow(gen[j]!, coef);
  }
  return msg.slice(data.length);
}

/** True when codeword(x) (highest degree first) vanishes at 2^0 .. 2^(n-1). */
export function rsSyndromesZero(codeword: number[], n: number): boolean {
  for (let k = 0; k < n; k++) {
    const x = gfPow2(k);
    let acc = 0;
    for (const c of codeword) acc = gfMulSlow(acc, x) ^ c;
    if (acc !== 0) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// A QR reader for level M, versions 1-10, byte mode (ISO/IEC 18004 tables typed in by hand)

/** Alignment pattern centre coordinates (ISO 18004 annex E). */
const ALIGN: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};

/** Level M error correction blocks (ISO 18004 table 9): [count, total codewords, data codewords]. */
const BLOCKS_M: Record<number, Array<[number, number, number]>> = {
  1: [[1, 26, 16]],
  2: [[1, 44, 28]],
  3: [[1, 70, 44]],
  4: [[2, 50, 32]],
  5: [[2, 67, 43]],
  6: [[4, 43, 27]],
  7: [[4, 49, 31]],
  8: [
    [2, 60, 38],
    [2, 61, 39],
  ],
  9: [
    [3, 58, 36],
    [2, 59, 37],
  ],
  10: [
    [4, 69, 43],
    [1, 70, 44],
  ],
};

/** The 15-bit format word for 2 level bits and 3 mask bits: BCH(15,5) with g = 0x537, xor 0x5412. */
export function refFormatWord(levelBits: number, mask: number): number {
  const data = (levelBits << 3) | mask;
  let v = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (v & (1 << bit)) v ^= 0x537 << (bit - 10);
  return ((data << 10) | v) ^ 0x5412;
}

export interface DecodedQr {
  version: number;
  level: 'L' | 'M' | 'Q' | 'H';
  mask: number;
  text: string;
}

const MASK_FNS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** Reads a symbol (rows of booleans, true = dark, no quiet zone). Throws with a reason when it cannot. */
export function refDecodeQr(rows: boolean[][]): DecodedQr {
  const size = rows.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 10)
    throw new Error(`size ${size} not supported`);
  const dark = (row: number, col: number) => (rows[row]![col] ? 1 : 0);

  // Format information: both copies, nearest valid word
  let copy1 = 0;
  let copy2 = 0;
  const c1: Array<[number, number]> = [
    [0, 8],
    [1, 8],
    [2, 8],
    [3, 8],
    [4, 8],
    [5, 8],
    [7, 8],
    [8, 8],
    [8, 7],
    [8, 5],
    [8, 4],
    [8, 3],
    [8, 2],
    [8, 1],
    [8, 0],
  ]; // [row, col] of bit 0..14
  c1.forEach(([r, c], i) => {
    copy1 |= dark(r, c) << i;
  });
  for (let i = 0; i < 8; i++) copy2 |= dark(8, size - 1 - i) << i;
  for (let i = 8; i < 15; i++) copy2 |= dark(size - 15 + i, 8) << i;
  if (copy1 !== copy2) throw new Error('the two format information copies differ');
  if (dark(size - 8, 8) !== 1) throw new Error('dark module missing');
  let found: { levelBits: number; mask: number } | null = null;
  for (let levelBits = 0; levelBits < 4; levelBits++) {
    for (let mask = 0; mask < 8; mask++)
      if (refFormatWord(levelBits, mask) === copy1) found = { levelBits, mask };
  }
  if (!found) throw new Error(`format word ${copy1.toString(2)} is not a valid code word`);
  const level = (['M', 'L', 'H', 'Q'] as const)[found.levelBits]!;
  if (level !== 'M') throw new Error(`level ${level} not supported by this reader`);

  // Which modules are function patterns
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserve = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) reserved[r]![c] = true;
  };
  reserve(0, 0, 9, 9); // finder, separator, format
  reserve(0, size - 8, 9, 8);
  reserve(size - 8, 0, 8, 9);
  reserve(6, 0, 1, size); // timing
  reserve(0, 6, size, 1);
  const align = ALIGN[version]!;
  for (const r of align) {
    for (const c of align) {
      const nearFinder = (r < 9 && c < 9) || (r < 9 && c > size - 10) || (r > size - 10 && c < 9);
      if (!nearFinder) reserve(r - 2, c - 2, 5, 5);
    }
  }
  if (version >= 7) {
    reserve(0, size - 11, 6, 3);
    reserve(size - 11, 0, 3, 6);
  }

  // Read the bits in the two-column zigzag, unmasking
  const maskFn = MASK_FNS[found.mask]!;
  const bits: number[] = [];
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (const c of [col, col - 1]) {
        if (reserved[row]![c]) continue;
        bits.push(dark(row, c) ^ (maskFn(row, c) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  // De-interleave and check every block
  const layout = BLOCKS_M[version]!.flatMap(([count, total, data]) =>
    new Array(count).fill(null).map(() => ({ total, data })),
  );
  const blocks = layout.map(() => [] as number[]);
  let p = 0;
  const maxData = Math.max(...layout.map((b) => b.data));
  for (let i = 0; i < maxData; i++) {
    for (let k = 0; k < layout.length; k++) if (i < layout[k]!.data) blocks[k]!.push(codewords[p++]!);
  }
  const eccLen = layout[0]!.total - layout[0]!.data;
  for (let i = 0; i < eccLen; i++) {
    for (let k = 0; k < layout.length; k++) blocks[k]!.push(codewords[p++]!);
  }
  blocks.forEach((b, k) => {
    if (!rsSyndromesZero(b, eccLen)) throw new Error(`block ${k} fails its Reed-Solomon check`);
  });
  const data = blocks.flatMap((b, k) => b.slice(0, layout[k]!.data));

  // Byte mode segment
  const stream = data.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((s) => (byte >> s) & 1));
  let q = 0;
  const take = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | stream[q++]!;
    return v;
  };
  const mode = take(4);
  if (mode !== 0b0100) throw new Error(`mode ${mode.toString(2)} is not byte mode`);
  const count = take(version <= 9 ? 8 : 16);
  const bytes = new Uint8Array(count);
  for (let i = 0; i < count; i++) bytes[i] = take(8);
  const after = take(Math.min(4, stream.length - q));
  if (after !== 0) throw new Error('missing terminator');
  return { version, level, mask: found.mask, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}

/** Reads a fixture written from qrencode's ASCII output ('#' dark, '.' light, '#' comment lines skipped). */
export function parseMatrixFixture(text: string): { input: string; rows: boolean[][] } {
  const lines = text.split('\n');
  const input = lines.find((l) => l.startsWith('# input: '))!.slice('# input: '.length);
  const rows = lines
    .filter((l) => /^[#.]+$/.test(l) && !l.startsWith('# '))
    .map((l) => [...l].map((c) => c === '#'));
  return { input, rows };
}
