// Splits a byte stream into lines on CRLF, LF or a lone CR, across chunk boundaries, keeping the work
// per line bounded: a "line" longer than MAX_LINE_BYTES is cut (its full length is still reported).

export const MAX_LINE_BYTES = 4096;

// Node's Buffer decodes ASCII five times faster than a TextDecoder (and every line of a file passes here); the
// decoder serves where there is no Buffer
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

export type LineEnd = 'crlf' | 'lf' | 'cr' | 'none';

export interface RawLine {
  /** 1-based line number. */
  number: number;
  /**
   * With `plainAsText`, the line's text when every byte of it is printable ASCII or a tab (the usual line, told by
   * one scan of the chunk it came in, and cut from the chunk's text); null otherwise, and `bytes` holds the line.
   */
  text: string | null;
  /** The line's bytes when `text` is null; empty otherwise. */
  bytes: Uint8Array;
  /** Length of the line in bytes before any cut. */
  length: number;
  end: LineEnd;
}

const NO_BYTES = new Uint8Array(0);

const TEXT_WINDOW = 64 * 1024;

const CR = 0x0d;
const LF = 0x0a;

export class LineSplitter {
  private parts: Uint8Array[] = [];
  private kept = 0;
  private length = 0;
  private lineNumber = 0;
  /** The previous chunk ended with CR: an LF at the start of the next one belongs to it. */
  private pendingCr = false;

  constructor(
    private readonly emit: (line: RawLine) => void,
    /** `firstLine`: the number of the first line, when the bytes begin inside a file (its second half, #73) */
    private readonly options: { plainAsText?: boolean; firstLine?: number } = {},
  ) {
    this.lineNumber = (options.firstLine ?? 1) - 1;
  }

  /** Nothing of a line is held: every byte written so far ended a line (where a file can be cut in two). */
  get idle(): boolean {
    return this.length === 0 && !this.pendingCr;
  }

  write(chunk: Uint8Array): void {
    // A big chunk (a file read 1 MiB at a time) is taken 64 KiB at a time, so its text is a small string that
    // dies young: decoding 1 MiB strings took 66 ms of a 200,000-line file's read (profiled), 64 KiB ones under
    // 7 ms, and big strings live in the large-object space until a major GC.
    for (let at = 0; at < chunk.length; at += TEXT_WINDOW)
      this.writeWindow(chunk.subarray(at, at + TEXT_WINDOW));
  }

  private writeWindow(chunk: Uint8Array): void {
    // an empty chunk says nothing, not even whether a pending CR is followed by an LF
    if (chunk.length === 0) return;
    if (!this.options.plainAsText || !isPlainText(chunk)) {
      this.writeBytes(chunk);
      return;
    }
    // A plain chunk (the usual one) is decoded once and its lines are cut from that text: a line costs a slice,
    // not a copy of its bytes, a decode and a scan of its own. What the previous chunk left open (a CR, a line
    // begun) is finished first, from the bytes.
    let start = this.afterPendingCr(chunk);
    if (this.length > 0) {
      const lf = chunk.indexOf(LF, start);
      const cr = chunk.indexOf(CR, start);
      const at = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      this.append(chunk.subarray(start, at === -1 ? chunk.length : at));
      if (at === -1) return;
      start = this.endAt(chunk, at);
      if (start === -1) return;
    }
    if (start >= chunk.length) return;
    const text = asciiText(chunk.subarray(start));
    let from = 0;
    let nextLf = text.indexOf('\n');
    let nextCr = text.indexOf('\r');
    for (;;) {
      if (nextLf !== -1 && nextLf < from) nextLf = text.indexOf('\n', from);
      if (nextCr !== -1 && nextCr < from) nextCr = text.indexOf('\r', from);
      const at = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (at === -1) break;
      let end: LineEnd = 'lf';
      let next = at + 1;
      if (text.charCodeAt(at) === CR) {
        if (at + 1 === text.length) {
          // the LF that would make it CRLF may start the next chunk
          this.append(chunk.subarray(start + from, start + at));
          this.pendingCr = true;
          return;
        }
        if (text.charCodeAt(at + 1) === LF) {
          end = 'crlf';
          next++;
        } else end = 'cr';
      }
      this.emitText(text, from, at, end);
      from = next;
    }
    if (from < text.length) this.append(chunk.subarray(start + from));
  }

  private emitText(text: string, from: number, to: number, end: LineEnd): void {
    const length = to - from;
    this.lineNumber++;
    this.emit({
      number: this.lineNumber,
      text: text.slice(from, length > MAX_LINE_BYTES ? from + MAX_LINE_BYTES : to),
      bytes: NO_BYTES,
      length,
      end,
    });
  }

  /** Lines from any bytes: a chunk that is not plain text, and the ends of lines that cross chunks. */
  private writeBytes(chunk: Uint8Array): void {
    let start = this.afterPendingCr(chunk);
    let i = start;
    // The next CR and LF found by the typed array's own (native) search, not a JavaScript loop over each byte.
    let nextLf = chunk.indexOf(LF, i);
    let nextCr = chunk.indexOf(CR, i);
    for (;;) {
      if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf(LF, i);
      if (nextCr !== -1 && nextCr < i) nextCr = chunk.indexOf(CR, i);
      const at = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (at === -1) break;
      this.append(chunk.subarray(start, at));
      i = start = this.endAt(chunk, at);
      if (start === -1) return;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
  }

  /** Ends the line the previous chunk's last CR ended (with this chunk's LF, if it starts with one). */
  private afterPendingCr(chunk: Uint8Array): number {
    if (!this.pendingCr) return 0;
    this.pendingCr = false;
    if (chunk[0] === LF) {
      this.flush('crlf');
      return 1;
    }
    this.flush('cr');
    return 0;
  }

  /** Ends the line at the CR or LF at `at`; where the next line starts, or -1 when a CR ends the chunk. */
  private endAt(chunk: Uint8Array, at: number): number {
    if (chunk[at] === LF) {
      this.flush('lf');
      return at + 1;
    }
    if (at + 1 === chunk.length) {
      // the LF that would make it CRLF may start the next chunk
      this.pendingCr = true;
      return -1;
    }
    if (chunk[at + 1] === LF) {
      this.flush('crlf');
      return at + 2;
    }
    this.flush('cr');
    return at + 1;
  }

  end(): void {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.flush('cr');
      return;
    }
    if (this.length > 0) this.flush('none');
  }

  private append(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.length += bytes.length;
    const room = MAX_LINE_BYTES - this.kept;
    if (room <= 0) return;
    const piece = bytes.length > room ? bytes.subarray(0, room) : bytes;
    // copy: the caller may reuse its chunk buffer
    this.parts.push(piece.slice());
    this.kept += piece.length;
  }

  private flush(end: LineEnd): void {
    let bytes: Uint8Array;
    if (this.parts.length === 1) bytes = this.parts[0]!;
    else {
      bytes = new Uint8Array(this.kept);
      let at = 0;
      for (const p of this.parts) {
        bytes.set(p, at);
        at += p.length;
      }
    }
    this.lineNumber++;
    this.emit({ number: this.lineNumber, text: null, bytes, length: this.length, end });
    this.parts = [];
    this.kept = 0;
    this.length = 0;
  }
}

/**
 * Counts the lines LineSplitter would number in bytes written to it in turn: a CRLF, an LF or a lone CR ends one.
 * The native search finds each end; a CR that ends a chunk waits for the next chunk's first byte.
 */
export class LineEndCounter {
  count = 0;
  private pendingCr = false;

  write(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.pendingCr && chunk[0] !== LF) this.count++;
    this.pendingCr = false;
    for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) this.count++;
    for (let at = chunk.indexOf(CR); at !== -1; at = chunk.indexOf(CR, at + 1)) {
      if (at + 1 === chunk.length) this.pendingCr = true;
      else if (chunk[at + 1] !== LF) this.count++;
    }
  }

  /** The lines counted, a last CR included; a line the bytes leave open is not. */
  end(): number {
    if (this.pendingCr) this.count++;
    this.pendingCr = false;
    return this.count;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

export interface DecodedLine {
  text: string;
  /** 'ascii', 'utf-8' or 'windows-1252' (the fallback when the bytes are not UTF-8). */
  encoding: 'ascii' | 'utf-8' | 'windows-1252';
  /** Share of NUL bytes, high for UTF-16 text. */
  nulRatio: number;
  /** Whether a control character (other than tab and line feed) is in the line: the reader then finds which. */
  control: boolean;
}

export function decodeLine(bytes: Uint8Array): DecodedLine {
  // the usual line, printable ASCII only, is told by one native scan of its text, not a loop over its bytes
  const latin = asciiText(bytes);
  if (!/[^\x20-\x7e\t\n]/.test(latin)) return { text: latin, encoding: 'ascii', nulRatio: 0, control: false };
  let ascii = true;
  let nul = 0;
  let control = false;
  // an indexed loop: a typed array's iterator is several times slower, and this runs over every byte of the file
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b >= 0x80) ascii = false;
    else if (b < 0x20 || b === 0x7f) {
      if (b === 0) nul++;
      if (b !== 0x09 && b !== 0x0a) control = true;
    }
  }
  const nulRatio = bytes.length === 0 ? 0 : nul / bytes.length;
  if (ascii) return { text: latin, encoding: 'ascii', nulRatio, control };
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8', nulRatio, control };
  } catch {
    return { text: latin1.decode(bytes), encoding: 'windows-1252', nulRatio, control };
  }
}

/**
 * Whether every byte is printable ASCII, a tab, a CR or an LF: four bytes at a time, with the bit tricks that
 * tell a byte at or above 0x80, below 0x20 or equal to 0x7F in a word (a word that has one is looked at byte by
 * byte, as every line end makes one). About three times faster than a regular expression over the decoded text.
 */
function isPlainText(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  const aligned = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < aligned; i++) if (!plainByte(bytes[i] as number)) return false;
  const words = (n - i) >> 2;
  const view = words > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + i, words) : new Int32Array(0);
  for (let k = 0; k < words; k++) {
    const x = view[k] as number;
    if (((x & 0x80808080) | (((x - 0x20202020) | (x + 0x01010101)) & ~x & 0x80808080)) !== 0) {
      const at = i + k * 4;
      if (
        !plainByte(bytes[at] as number) ||
        !plainByte(bytes[at + 1] as number) ||
        !plainByte(bytes[at + 2] as number) ||
        !plainByte(bytes[at + 3] as number)
      )
        return false;
    }
  }
  for (i += words * 4; i < n; i++) if (!plainByte(bytes[i] as number)) return false;
  return true;
}

function plainByte(b: number): boolean {
  return (b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d;
}

function asciiText(bytes: Uint8Array): string {
  return NodeBuffer
    ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
    : latin1.decode(bytes);
}
