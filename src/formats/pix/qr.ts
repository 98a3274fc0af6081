/**
 * A compact QR Code encoder (ISO/IEC 18004) for BR Codes: byte mode only, versions 1 to 40, error correction
 * L/M/Q/H (M by default), mask chosen by the standard's penalty score. Plus a renderer for terminals with
 * Unicode half blocks (two rows of modules per line of text).
 *
 * Steps: bytes -> bit stream (mode, count, data, terminator, pad codewords) -> blocks -> Reed-Solomon ECC per
 * block over GF(256) (x^8+x^4+x^3+x^2+1) -> interleaving -> function patterns, zigzag placement, masking,
 * format information (BCH(15,5), xor 0x5412) and version information (BCH(18,6), from version 7).
 *
 * Pure: no I/O.
 */

export type ErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrCode {
  version: number;
  /** Modules per side: 17 + 4 * version. */
  size: number;
  ecl: ErrorCorrectionLevel;
  /** Mask pattern 0..7. */
  mask: number;
  /** Row-major: modules[y][x], true = dark. */
  modules: boolean[][];
}

export interface QrOptions {
  ecl?: ErrorCorrectionLevel;
  minVersion?: number;
  maxVersion?: number;
  /** Force a mask (0..7) instead of choosing by penalty. */
  mask?: number;
}

// Per version 1..40 (index 0 unused), per level: ECC codewords per block and number of blocks (ISO 18004 table 9).
const ECC_PER_BLOCK: Record<ErrorCorrectionLevel, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  Q: [
    -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
    28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  H: [
    -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
};
const NUM_BLOCKS: Record<ErrorCorrectionLevel, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
    17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
    29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  Q: [
    -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
    38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  H: [
    -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
    45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
};
/** The 2-bit level indicator in the format information. */
const ECL_BITS: Record<ErrorCorrectionLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

// ---------------------------------------------------------------------------------------------------------
// GF(256) and Reed-Solomon

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

/** Coefficients (highest degree first, leading 1 omitted) of prod_{i<degree} (x - alpha^i). */
export function rsGenerator(degree: number): Uint8Array {
  const g = new Uint8Array(degree);
  g[degree - 1] = 1; // start from the polynomial "1", stored right-aligned
  let root = 1;
  for (let i = 0; i < degree; i++) {
    // multiply by (x - root): shift left and add root * previous
    for (let j = 0; j < degree; j++) {
      g[j] = gfMul(g[j]!, root) ^ (j + 1 < degree ? g[j + 1]! : 0);
    }
    root = gfMul(root, 2);
  }
  return g;
}

/** The Reed-Solomon ECC codewords of `data` for a generator of `degree` (= number of ECC codewords). */
export function rsRemainder(data: ArrayLike<number>, degree: number): Uint8Array {
  const gen = rsGenerator(degree);
  const rem = new Uint8Array(degree);
  for (let i = 0; i < data.length; i++) {
    const factor = data[i]! ^ rem[0]!;
    rem.copyWithin(0, 1);
    rem[degree - 1] = 0;
    for (let j = 0; j < degree; j++) rem[j]! ^= gfMul(gen[j]!, factor);
  }
  return rem;
}

// ---------------------------------------------------------------------------------------------------------
// Capacity

/** Modules available for data and ECC in a version (everything but function patterns and format/version info). */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const numAlign = Math.floor(version / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords (excluding ECC) of a version and level. */
export function dataCodewords(version: number, ecl: ErrorCorrectionLevel): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[ecl][version]! * NUM_BLOCKS[ecl][version]!;
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16; // byte mode character count indicator
}

// ---------------------------------------------------------------------------------------------------------
// Codewords

/** The data codewords (mode, count, bytes, terminator, padding) for byte mode in a version. */
export function encodeDataCodewords(
  bytes: Uint8Array,
  version: number,
  ecl: ErrorCorrectionLevel,
): Uint8Array {
  const capacityBits = dataCodewords(version, ecl) * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, countBits(version));
  for (const b of bytes) push(b, 8);
  if (bits.length > capacityBits) throw new RangeError('data does not fit in this version');
  push(0, Math.min(4, capacityBits - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const out = new Uint8Array(capacityBits / 8);
  for (let i = 0; i < bits.length; i++) out[i >>> 3]! |= bits[i]! << (7 - (i & 7));
  for (let i = bits.length / 8, pad = 0xec; i < out.length; i++, pad ^= 0xec ^ 0x11) out[i] = pad;
  return out;
}

/** Splits data codewords into blocks, appends each block's ECC, and interleaves: the final codeword sequence. */
export function addEccAndInterleave(
  data: Uint8Array,
  version: number,
  ecl: ErrorCorrectionLevel,
): Uint8Array {
  const numBlocks = NUM_BLOCKS[ecl][version]!;
  const eccLen = ECC_PER_BLOCK[ecl][version]!;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const numShort = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks) - eccLen; // data codewords of a short block
  const blocks: Uint8Array[] = [];
  const eccs: Uint8Array[] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const len = shortLen + (i < numShort ? 0 : 1);
    const block = data.subarray(k, k + len);
    k += len;
    blocks.push(block);
    eccs.push(rsRemainder(block, eccLen));
  }
  const out: number[] = [];
  for (let i = 0; i <= shortLen; i++) {
    for (const b of blocks) if (i < b.length) out.push(b[i]!);
  }
  for (let i = 0; i < eccLen; i++) for (const e of eccs) out.push(e[i]!);
  return Uint8Array.from(out);
}

// ---------------------------------------------------------------------------------------------------------
// BCH codes

/** The 15 format bits (level, mask, BCH(15,5) remainder, xor 0x5412), most significant first. */
export function formatBits(ecl: ErrorCorrectionLevel, mask: number): number {
  const data = (ECL_BITS[ecl] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (version, BCH(18,6) remainder), for versions 7 and up. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** Centre coordinates of the alignment patterns on each axis. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const num = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (num * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < num; pos -= step) out.splice(1, 0, pos);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Matrix

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];
  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  fn(x: number, y: number, dark: boolean): void {
    this.modules[y]![x] = dark;
    this.isFunction[y]![x] = true;
  }
}

function drawFunctionPatterns(m: Matrix, version: number): void {
  const size = m.size;
  // Timing patterns
  for (let i = 0; i < size; i++) {
    m.fn(6, i, i % 2 === 0);
    m.fn(i, 6, i % 2 === 0);
  }
  // Finder patterns with their separators
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        m.fn(x, y, d !== 2 && d !== 4);
      }
    }
  }
  // Alignment patterns, except where they would overlap the finders
  const pos = alignmentPositions(version);
  const n = pos.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          m.fn(pos[i]! + dx, pos[j]! + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
  }
  // Reserve the format areas (drawn for real once the mask is known) and the dark module
  drawFormatBits(m, 0);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const bit = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      m.fn(a, b, bit);
      m.fn(b, a, bit);
    }
  }
}

/** Draws the 15 format bits in both copies, and the dark module. */
function drawFormatBits(m: Matrix, bits: number): void {
  const size = m.size;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  // First copy, around the top-left finder
  for (let i = 0; i <= 5; i++) m.fn(8, i, bit(i));
  m.fn(8, 7, bit(6));
  m.fn(8, 8, bit(7));
  m.fn(7, 8, bit(8));
  for (let i = 9; i < 15; i++) m.fn(14 - i, 8, bit(i));
  // Second copy: bits 0-7 below the top-right finder... split between the other two finders
  for (let i = 0; i < 8; i++) m.fn(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) m.fn(8, size - 15 + i, bit(i));
  m.fn(8, size - 8, true);
}

function placeCodewords(m: Matrix, codewords: Uint8Array): void {
  const size = m.size;
  const totalBits = codewords.length * 8;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // skip the vertical timing column
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = upward ? size - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (m.isFunction[y]![x]) continue;
        // Remainder bits (past the last codeword) stay light
        m.modules[y]![x] = i < totalBits && ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

function applyMask(m: Matrix, mask: number): void {
  const f = MASKS[mask]!;
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.isFunction[y]![x] && f(x, y)) m.modules[y]![x] = !m.modules[y]![x];
    }
  }
}

/** The penalty score of a finished matrix (ISO 18004 section 7.8.3: N1=3, N2=3, N3=40, N4=10). */
export function penaltyScore(modules: boolean[][]): number {
  const size = modules.length;
  const at = (x: number, y: number) => modules[y]![x]!;
  let score = 0;
  // Rule 1: runs of 5 or more of one colour, in rows and columns
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let run = 1;
      for (let b = 1; b <= size; b++) {
        const same = b < size && (horizontal ? at(b, a) === at(b - 1, a) : at(a, b) === at(a, b - 1));
        if (same) run++;
        else {
          if (run >= 5) score += 3 + (run - 5);
          run = 1;
        }
      }
    }
  }
  // Rule 2: 2x2 blocks of one colour
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = at(x, y);
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3;
    }
  }
  // Rule 3: 1:1:3:1:1 finder-like patterns with 4 light modules on one side
  const pattern = [true, false, true, true, true, false, true];
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      const get = (b: number) => (horizontal ? at(b, a) : at(a, b));
      for (let b = 0; b + 7 <= size; b++) {
        let match = true;
        for (let k = 0; k < 7 && match; k++) match = get(b + k) === pattern[k];
        if (!match) continue;
        const lightRun = (from: number) => {
          for (let k = from; k < from + 4; k++) if (k < 0 || k >= size || get(k)) return false;
          return true;
        };
        if (lightRun(b - 4)) score += 40;
        if (lightRun(b + 7)) score += 40;
      }
    }
  }
  // Rule 4: proportion of dark modules, 10 per full 5% away from 50%
  let dark = 0;
  for (const row of modules) for (const v of row) if (v) dark++;
  const total = size * size;
  score += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return score;
}

/** Encodes text (UTF-8, byte mode) in the smallest version that fits. Throws a RangeError if it does not fit. */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const ecl = options.ecl ?? 'M';
  const minVersion = options.minVersion ?? 1;
  const maxVersion = options.maxVersion ?? 40;
  if (minVersion < 1 || maxVersion > 40 || minVersion > maxVersion)
    throw new RangeError('versions must be in 1..40');
  if (
    options.mask !== undefined &&
    !(Number.isInteger(options.mask) && options.mask >= 0 && options.mask <= 7)
  ) {
    throw new RangeError('mask must be 0..7');
  }
  const bytes = new TextEncoder().encode(text);
  let version = minVersion;
  while (4 + countBits(version) + bytes.length * 8 > dataCodewords(version, ecl) * 8) {
    if (++version > maxVersion) {
      throw new RangeError(`${bytes.length} bytes do not fit a QR code of version ${maxVersion}-${ecl}`);
    }
  }
  const codewords = addEccAndInterleave(encodeDataCodewords(bytes, version, ecl), version, ecl);
  const size = version * 4 + 17;
  const base = new Matrix(size);
  drawFunctionPatterns(base, version);
  placeCodewords(base, codewords);

  const build = (mask: number): Matrix => {
    const m = new Matrix(size);
    for (let y = 0; y < size; y++) {
      m.modules[y] = [...base.modules[y]!];
      m.isFunction[y] = [...base.isFunction[y]!];
    }
    applyMask(m, mask);
    drawFormatBits(m, formatBits(ecl, mask));
    return m;
  };
  let best: { mask: number; matrix: Matrix; score: number } | null = null;
  for (const mask of options.mask !== undefined ? [options.mask] : [0, 1, 2, 3, 4, 5, 6, 7]) {
    const matrix = build(mask);
    const score = options.mask !== undefined ? 0 : penaltyScore(matrix.modules);
    if (!best || score < best.score) best = { mask, matrix, score };
  }
  return { version, size, ecl, mask: best!.mask, modules: best!.matrix.modules };
}

// ---------------------------------------------------------------------------------------------------------
// Terminal rendering

export interface RenderOptions {
  ecl?: ErrorCorrectionLevel;
  /** Light modules around the symbol (the standard asks for 4). Default 2, which phones read fine. */
  quietZone?: number;
  /**
   * true (default): for terminals with light text on a dark background, light modules are drawn as blocks.
   * false: dark modules are drawn as blocks (dark text on a light background).
   */
  lightOnDark?: boolean;
}

/**
 * Draws text as a QR code with Unicode half blocks, two module rows per line; lines end with "\n".
 */
export function renderQrTerminal(text: string, options: RenderOptions = {}): string {
  const qr = encodeQr(text, { ecl: options.ecl ?? 'M' });
  const quiet = options.quietZone ?? 2;
  const lightOnDark = options.lightOnDark ?? true;
  const full = qr.size + quiet * 2;
  // "inked" = drawn with the foreground colour
  const inked = (x: number, y: number): boolean => {
    const mx = x - quiet;
    const my = y - quiet;
    const dark = mx >= 0 && my >= 0 && mx < qr.size && my < qr.size && qr.modules[my]![mx]!;
    return lightOnDark ? !dark : dark;
  };
  let out = '';
  for (let y = 0; y < full; y += 2) {
    for (let x = 0; x < full; x++) {
      const top = inked(x, y);
      const bottom = y + 1 < full ? inked(x, y + 1) : lightOnDark; // past the end: quiet zone
      out += top ? (bottom ? '█' : '▀') : bottom ? '▄' : ' ';
    }
    out += '\n';
  }
  return out;
}
