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
  bytes: Uint8Array;
  /** Length of the line in bytes before any cut. */
  length: number;
  end: LineEnd;
}

const CR = 0x0d;
const LF = 0x0a;

export class LineSplitter {
  private parts: Uint8Array[] = [];
  private kept = 0;
  private length = 0;
  private lineNumber = 0;
  /** The previous chunk ended with CR: an LF at the start of the next one belongs to it. */
  private pendingCr = false;

  constructor(private readonly emit: (line: RawLine) => void) {}

  write(chunk: Uint8Array): void {
    // an empty chunk says nothing, not even whether a pending CR is followed by an LF
    if (chunk.length === 0) return;
    let start = 0;
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (chunk[0] === LF) {
        this.flush('crlf');
        start = i = 1;
      } else {
        this.flush('cr');
      }
    }
    // The next CR and LF found by the typed array's own (native) search, not a JavaScript loop over each byte.
    let nextLf = chunk.indexOf(LF, i);
    let nextCr = chunk.indexOf(CR, i);
    for (;;) {
      if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf(LF, i);
      if (nextCr !== -1 && nextCr < i) nextCr = chunk.indexOf(CR, i);
      const at = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (at === -1) break;
      i = at;
      this.append(chunk.subarray(start, i));
      if (chunk[i] === LF) {
        this.flush('lf');
      } else if (i + 1 < chunk.length) {
        if (chunk[i + 1] === LF) {
          this.flush('crlf');
          i++;
        } else {
          this.flush('cr');
        }
      } else {
        this.pendingCr = true;
      }
      start = ++i;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
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
    this.emit({ number: this.lineNumber, bytes, length: this.length, end });
    this.parts = [];
    this.kept = 0;
    this.length = 0;
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

function asciiText(bytes: Uint8Array): string {
  return NodeBuffer
    ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
    : latin1.decode(bytes);
}
