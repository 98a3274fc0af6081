import { Buffer, isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';
import type { StatementInput, TextEncodingName } from './types.js';

/**
 * Bytes to text for bank files, with the encoding sniffed from the bytes (headers such as `CHARSET:1252` or
 * `ENCODING:USASCII` are routinely wrong). Every non-ASCII sequence that is valid UTF-8 is read as UTF-8; any
 * other byte is read as windows-1252 (a superset of Latin-1's printable range). A UTF-8 BOM is dropped; a UTF-16
 * BOM switches to UTF-16. Line breaks (CRLF, CR, LF) come out as `\n`, unless the reader takes them as written
 * (`keepLineBreaks`: the OFX tokenizer reads all three itself, #73: rewriting them was 35 ms of 25 MB). Works chunk
 * by chunk.
 */

// windows-1252 code points for bytes 0x80..0x9F (undefined bytes map to the C1 control, as browsers do).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export interface DecoderReport {
  encoding: TextEncodingName;
  /** Set when UTF-8 and single-byte text were both found. */
  mixed: boolean;
  bom: boolean;
}

export class SniffingDecoder {
  private pending: Uint8Array | null = null;
  private started = false;
  private utf16: TextDecoder | null = null;
  private utf16Name: TextEncodingName | null = null;
  private endsWithCR = false;
  private utf8Sequences = 0;
  private legacyBytes = 0;
  private c1Bytes = 0;
  private bom = false;
  /** Declared charset, from a header, used only to name a single-byte encoding (`latin1` vs `windows-1252`). */
  declaredCharset: string | null = null;

  constructor(private readonly options: { keepLineBreaks?: boolean } = {}) {}

  decode(chunk: Uint8Array, final = false): string {
    let bytes = chunk;
    if (this.pending) {
      const joined = new Uint8Array(this.pending.length + chunk.length);
      joined.set(this.pending);
      joined.set(chunk, this.pending.length);
      bytes = joined;
      this.pending = null;
    }
    if (!this.started) {
      if (bytes.length < 3 && !final) {
        this.pending = bytes.slice();
        return '';
      }
      this.started = true;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.bom = true;
        bytes = bytes.subarray(3);
      } else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        this.bom = true;
        this.utf16Name = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
        this.utf16 = new TextDecoder(this.utf16Name);
        bytes = bytes.subarray(2);
      }
    }
    const text = this.utf16 ? this.utf16.decode(bytes, { stream: !final }) : this.decodeHybrid(bytes, final);
    return this.options.keepLineBreaks ? text : this.normalizeNewlines(text);
  }

  end(): string {
    return this.decode(new Uint8Array(0), true);
  }

  report(): DecoderReport {
    if (this.utf16Name) return { encoding: this.utf16Name, mixed: false, bom: true };
    let encoding: TextEncodingName = 'utf-8';
    if (this.legacyBytes > this.utf8Sequences) {
      const declared = (this.declaredCharset ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
      if (this.c1Bytes > 0 || declared === '1252' || declared === 'windows1252' || declared === 'cp1252') {
        encoding = 'windows-1252';
      } else encoding = 'latin1';
    }
    return { encoding, mixed: this.legacyBytes > 0 && this.utf8Sequences > 0, bom: this.bom };
  }

  private normalizeNewlines(text: string): string {
    if (text.length === 0) return text;
    let out = text;
    if (this.endsWithCR && out.charCodeAt(0) === 10) out = out.slice(1);
    this.endsWithCR = text.charCodeAt(text.length - 1) === 13;
    return out.indexOf('\r') === -1 ? out : out.replace(/\r\n?/g, '\n');
  }

  private decodeHybrid(bytes: Uint8Array, final: boolean): string {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Fast path: pure ASCII chunk (told by Node's own scan, not a loop here)
    if (isAscii(buf)) return buf.toString('latin1');
    let i = 0;
    const n = bytes.length;
    while (i < n && bytes[i]! < 0x80) i++;
    const parts: string[] = [buf.toString('latin1', 0, i)];
    let runStart = i;
    while (i < n) {
      const b = bytes[i]!;
      if (b < 0x80) {
        i++;
        continue;
      }
      if (runStart < i) parts.push(buf.toString('latin1', runStart, i));
      const len = utf8SequenceLength(bytes, i);
      if (len === -1 && !final) {
        // Incomplete sequence at the end of the chunk: wait for the next one.
        this.pending = bytes.slice(i);
        runStart = n;
        i = n;
        break;
      }
      if (len > 0) {
        parts.push(buf.toString('utf8', i, i + len));
        this.utf8Sequences++;
        i += len;
      } else {
        this.legacyBytes++;
        if (b < 0xa0) this.c1Bytes++;
        parts.push(String.fromCharCode(b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b));
        i++;
      }
      runStart = i;
    }
    if (runStart < n) parts.push(buf.toString('latin1', runStart, n));
    return parts.join('');
  }
}

/** Length of the valid UTF-8 sequence at `i`; 0 when invalid; -1 when valid so far but cut by the chunk end. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lo = 0xa0;
    if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lo = 0x90;
    if (b === 0xf4) hi = 0x8f;
  } else return 0;
  for (let k = 1; k <= need; k++) {
    const c = bytes[i + k];
    if (c === undefined) return -1;
    if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return 0;
  }
  return need + 1;
}

/** Iterates the chunks of any accepted input form. */
export async function* chunksOf(input: StatementInput): AsyncGenerator<Uint8Array> {
  if (input instanceof Uint8Array) {
    yield input;
    return;
  }
  for await (const chunk of input as AsyncIterable<Uint8Array>) yield chunk;
}

/** Reads from an input until at least `min` bytes are buffered (or it ends); returns them and the rest. */
export async function peekInput(
  input: StatementInput,
  min: number,
): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  if (input instanceof Uint8Array) return { head: input, rest: (async function* () {})() };
  const iterator = chunksOf(input);
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < min) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(parts);
  const rest = done
    ? (async function* () {})()
    : (async function* () {
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      })();
  return { head: new Uint8Array(head.buffer, head.byteOffset, head.byteLength), rest };
}

/** Re-joins a peeked head with the rest of its input. */
export async function* withHead(
  head: Uint8Array,
  rest: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (head.length > 0) yield head;
  for await (const chunk of rest) yield chunk;
}
