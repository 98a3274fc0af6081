/**
 * Incremental tokenizer for OFX bodies, SGML (1.x) and XML (2.x) alike: tags, text, processing instructions.
 * It knows nothing of which elements are leaves; the parser decides that. Input is text with its line breaks as
 * written (CRLF, LF or CR: each one line, and `\n` in what it gives), fed in pieces of any size; memory is bounded by
 * the longest single text run or tag.
 */

import type { Message } from '../../domain/message.js';
import { statementFinding as finding } from '../statement/findings.js';

export interface TokenHandler {
  /** `known`: the name's place among the names the tokenizer was given, -1 when it is none of them or not told */
  open(name: string, line: number, selfClosing: boolean, known: number): void;
  close(name: string, line: number, known: number): void;
  /**
   * Text between tags, entities decoded. As written (possibly whitespace only, `line` where it starts), or, while
   * the handler's `trimsText` says so, trimmed and never empty, `line` where its first character is.
   */
  text(text: string, line: number): void;
  /** Read before each text is given: whether the handler wants it trimmed (a value, not a header). */
  readonly trimsText?: boolean;
  instruction(content: string, line: number): void;
  malformed(line: number, message: Message): void;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const MAX_TAG = 4096;
const MAX_TEXT = 1 << 20;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes XML/SGML character references once; a raw `&` that starts no reference is kept as is. */
export function decodeEntities(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The ASCII white space String.prototype.trim takes away (tab, line breaks, form feed, space). */
const isAsciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** A tag's first character: a letter or `_`. */
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** A tag name's other characters, as TAG reads them (`\w`, `.`, `:`, `-`). */
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 58 || c === 45;

/** plainTag's answer when the buffer ends inside what may be a plain tag. */
const NEEDS_MORE = -1;

/** A name's characters folded into a number as plainTag reads them, to find it among the names known. */
const nameHash = (h: number, c: number) => (Math.imul(h, 31) + c) | 0;

/** Slots of the table of names known (a power of two, some times their number: few share a slot). */
const KNOWN_SLOTS = 1024;
const slotOf = (hash: number, length: number) => (hash ^ (length * 0x9e3779b1)) & (KNOWN_SLOTS - 1);

/**
 * The names a reader expects, each kept once: a tag that is one of them is given as that very string, not a new
 * copy of the buffer's characters (#73: a 200,000-transaction file has 1.4 million tags, and the parser's sets
 * and maps find a known string's hash already made). A slot holds the first name of its hash and length; a
 * second one is read as any other name.
 */
function knownNames(names: Iterable<string>): { names: (string | undefined)[]; places: Int16Array } {
  const known = new Array<string | undefined>(KNOWN_SLOTS).fill(undefined);
  const places = new Int16Array(KNOWN_SLOTS).fill(-1);
  let place = 0;
  for (const name of names) {
    let h = 0;
    for (let i = 0; i < name.length; i++) h = nameHash(h, name.charCodeAt(i));
    const slot = slotOf(h, name.length);
    if (known[slot] === undefined) {
      known[slot] = name;
      places[slot] = place;
    }
    place++;
  }
  return { names: known, places };
}

/** Whether `name` is written in `buf` at `from`, compared by its characters (a call to startsWith cost more). */
function sameAt(buf: string, from: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if (buf.charCodeAt(from + i) !== name.charCodeAt(i)) return false;
  return true;
}

/** plainTag's reading of the name: its hash (nameHash over its characters). */
let plainTagHash = 0;
/** tagName's: the name's place among the names known, -1 when it is none of them. */
let tagPlace = -1;

/**
 * Where the plain tag at `lt` (`<NAME>` or `</NAME>`, what TAG matches without attributes or spaces) ends, past its
 * `>`; 0 when it is anything else (TAG and the checks around it decide), NEEDS_MORE when the buffer ends first.
 * The name's hash is left in plainTagHash.
 */
function plainTag(buf: string, lt: number): number {
  let i = lt + 1;
  if (buf.charCodeAt(i) === 47) i++;
  const first = buf.charCodeAt(i);
  if (!isNameStart(first)) return i >= buf.length ? NEEDS_MORE : 0;
  let h = nameHash(0, first);
  const end = Math.min(buf.length, lt + MAX_TAG);
  for (i++; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === 62) {
      plainTagHash = h;
      return i + 1;
    }
    if (!isNameChar(c)) return 0;
    h = nameHash(h, c);
  }
  return i >= buf.length ? NEEDS_MORE : 0;
}

function hasLowerCase(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/**
 * Line breaks in `s` between `from` and `to`, each LF and each CR not followed by one (a CR at `to` followed by
 * an LF after it is the one line its LF makes). A short span by its characters, a long one by indexOf.
 */
function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  if (to - from <= 32) {
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
    }
    return n;
  }
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++;
  for (let i = s.indexOf('\r', from); i !== -1 && i < to; i = s.indexOf('\r', i + 1))
    if (s.charCodeAt(i + 1) !== 10) n++;
  return n;
}

/** Text with its line breaks as `\n`, whatever they were. */
const withLineFeeds = (text: string) => (text.indexOf('\r') === -1 ? text : text.replace(/\r\n?/g, '\n'));

export class OfxTokenizer {
  private buf = '';
  /** Line number of `buf[0]`. */
  private line = 1;
  /** the text being gathered: pieces from earlier buffers, then a range of this one (-1 when none) */
  private textParts: string[] = [];
  private textFrom = -1;
  private textTo = -1;
  private textSize = 0;
  private textLine = 1;
  private textOverflow = false;
  /**
   * What addText saw of the range as it counted its line breaks: its first and last characters that are not white
   * space (-1: none), the line of the first, and whether the slice between them is the value as it is (no `&`,
   * nothing past ASCII, no CR inside): then flushText gives that slice and looks at no character again (#73).
   */
  private textFirst = -1;
  private textLast = -1;
  private textFirstLine = 1;
  private textPlain = true;
  private textCrAfterFirst = false;
  private readonly known: (string | undefined)[];
  private readonly places: Int16Array;

  /** `names`: the element names the handler expects, given back as these strings (any other is read too). */
  constructor(
    private readonly handler: TokenHandler,
    names: Iterable<string> = [],
  ) {
    ({ names: this.known, places: this.places } = knownNames(names));
  }

  get currentLine(): number {
    return this.line;
  }

  write(text: string): void {
    this.buf = this.buf.length === 0 ? text : this.buf + text;
    this.run(false);
  }

  end(): void {
    this.run(true);
    this.flushText();
  }

  /**
   * The tag's name between `from` and `to`: a known name's own string (its place left in tagPlace), else the
   * buffer's, in capitals.
   */
  private tagName(buf: string, from: number, to: number, hash: number): string {
    const slot = slotOf(hash, to - from);
    const known = this.known[slot];
    // its length first: a longer tag that starts with the name and shares its slot is another name
    if (known !== undefined && known.length === to - from && sameAt(buf, from, known)) {
      tagPlace = this.places[slot] as number;
      return known;
    }
    tagPlace = -1;
    const raw = buf.slice(from, to);
    return hasLowerCase(raw) ? raw.toUpperCase() : raw;
  }

  /**
   * Text from `from` to `to` of the buffer, `line` the line it starts on: kept as a range while it runs on, copied
   * only when the buffer goes. Read once here, character by character: the line breaks in it (returned), and what
   * flushText needs to trim it without reading it again.
   */
  private addText(from: number, to: number, line: number): number {
    if (to <= from) return 0;
    if (this.textFrom === -1 || from !== this.textTo) {
      this.keepTextRange();
      if (this.textParts.length === 0) this.textLine = line;
      this.textFrom = from;
      this.textFirst = -1;
      this.textLast = -1;
      this.textPlain = this.textParts.length === 0;
      this.textCrAfterFirst = false;
    }
    this.textTo = to;
    const buf = this.buf;
    let breaks = 0;
    let first = this.textFirst;
    let last = this.textLast;
    let plain = this.textPlain;
    let crAfterFirst = this.textCrAfterFirst;
    for (let i = from; i < to; i++) {
      const c = buf.charCodeAt(i);
      if (isAsciiSpace(c)) {
        if (c === 10 || (c === 13 && buf.charCodeAt(i + 1) !== 10)) breaks++;
        if (c === 13 && first !== -1) crAfterFirst = true;
        continue;
      }
      if (first === -1) {
        first = i;
        this.textFirstLine = line + breaks;
      } else if (crAfterFirst) plain = false;
      last = i;
      if (c === 38 || c > 127) plain = false;
    }
    this.textFirst = first;
    this.textLast = last;
    this.textPlain = plain;
    this.textCrAfterFirst = crAfterFirst;
    return breaks;
  }

  /** The range of the buffer gathered so far, copied among the pieces (the buffer is about to change). */
  private keepTextRange(): void {
    if (this.textFrom === -1) return;
    const [from, to] = [this.textFrom, this.textTo];
    this.textFrom = -1;
    if (this.textSize + (to - from) > MAX_TEXT) {
      if (!this.textOverflow) this.handler.malformed(this.textLine, finding('ofx.text-overflow', {}));
      this.textOverflow = true;
      return;
    }
    this.textParts.push(this.buf.slice(from, to));
    this.textSize += to - from;
  }

  private flushText(): void {
    if (this.textFrom === -1 && this.textParts.length === 0) return;
    const trim = this.handler.trimsText === true;
    const whole = this.textParts.length === 0 && this.textTo - this.textFrom <= MAX_TEXT;
    if (whole && trim && this.textPlain) {
      // the usual value: the slice addText found, as it is
      this.textFrom = -1;
      if (this.textFirst !== -1)
        this.handler.text(this.buf.slice(this.textFirst, this.textLast + 1), this.textFirstLine);
      return;
    }
    let line = this.textLine;
    let raw: string;
    if (whole) {
      // all in this buffer: trimmed at the ends addText found, then copied once
      const from = this.textFrom;
      this.textFrom = -1;
      if (!trim) raw = this.buf.slice(from, this.textTo);
      else if (this.textFirst === -1) return;
      else {
        line = this.textFirstLine;
        raw = this.buf.slice(this.textFirst, this.textLast + 1);
      }
    } else {
      this.keepTextRange();
      raw = this.textParts.length === 1 ? this.textParts[0]! : this.textParts.join('');
      const kept = this.textParts.length > 0;
      this.textParts = [];
      this.textSize = 0;
      this.textOverflow = false;
      if (!kept) return;
      if (trim) {
        const start = raw.length - raw.trimStart().length;
        line += countNewlines(raw, 0, start);
        raw = raw.trim();
        if (raw === '') return;
      }
    }
    raw = withLineFeeds(raw);
    let text = decodeEntities(raw);
    // a value with white space trim knows beyond ASCII's, or an entity that was white space (rare)
    if (trim && (text !== raw || raw.charCodeAt(0) > 127 || raw.charCodeAt(raw.length - 1) > 127)) {
      text = text.trim();
      if (text === '') return;
    }
    this.handler.text(text, line);
  }

  private run(final: boolean): void {
    const buf = this.buf;
    let pos = 0;
    let line = this.line;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        // a CR the buffer ends with waits for what follows it: with an LF, the two are one line break
        const to = !final && buf.charCodeAt(buf.length - 1) === 13 ? buf.length - 1 : buf.length;
        line += this.addText(pos, to, line);
        pos = to;
        break;
      }
      if (lt > pos) {
        line += this.addText(pos, lt, line);
        pos = lt;
      }
      if (lt + 1 === buf.length) {
        if (final) {
          this.addText(lt, lt + 1, line);
          pos = lt + 1;
        }
        break;
      }
      // the common tag, `<NAME>` or `</NAME>` with no attribute, read by its characters (no expression, no
      // allocation for a name known: #73, the tokenizer was a fifth of a 200,000-transaction import)
      const tag = plainTag(buf, lt);
      if (tag > 0) {
        if (this.textFrom !== -1 || this.textParts.length > 0) this.flushText();
        const closing = buf.charCodeAt(lt + 1) === 47;
        const name = this.tagName(buf, closing ? lt + 2 : lt + 1, tag - 1, plainTagHash);
        // a plain tag holds no line break: the line stays
        pos = tag;
        if (closing) this.handler.close(name, line, tagPlace);
        else this.handler.open(name, line, false, tagPlace);
        continue;
      }
      if (tag === NEEDS_MORE && !final) break;
      const next = buf[lt + 1] as string;
      const advance = (to: number) => {
        line += countNewlines(buf, pos, to);
        pos = to;
      };
      // Comments, declarations and processing instructions end within MAX_TAG characters, or they are reported
      // and their '<' read as text: the same outcome whether the bytes come at once or in pieces.
      if (next === '!' || next === '?') {
        const isComment = buf.startsWith('<!--', lt);
        if (next === '!' && !isComment && buf.length - lt < 4 && !final) break;
        const closing = next === '?' ? '?>' : isComment ? '-->' : '>';
        const close = buf.indexOf(closing, lt + 2);
        const end = close === -1 ? -1 : close + closing.length;
        if (end === -1 || end - lt > MAX_TAG) {
          if (end === -1 && !final && buf.length - lt < MAX_TAG) break;
          this.flushText();
          const what = next === '?' ? 'processing instruction' : isComment ? 'comment' : 'declaration';
          this.handler.malformed(line, finding('ofx.unterminated', { what }));
          this.addText(lt, lt + 1, line);
          advance(lt + 1);
          continue;
        }
        if (next === '?') {
          this.flushText();
          this.handler.instruction(withLineFeeds(buf.slice(lt + 2, close)), line);
        }
        advance(end);
        continue;
      }
      const isName = isNameStart(next.charCodeAt(0)) || next === '/';
      if (!isName) {
        // A literal '<' in text.
        this.addText(lt, lt + 1, line);
        advance(lt + 1);
        continue;
      }
      TAG.lastIndex = lt;
      const matched = TAG.exec(buf);
      // a tag longer than MAX_TAG is malformed however the bytes arrive: a reader fed in pieces gives up on it there
      const m = matched && matched[0].length <= MAX_TAG ? matched : null;
      if (!m) {
        const gt = buf.indexOf('>', lt);
        if (gt === -1 && !final && buf.length - lt < MAX_TAG) break;
        const end = gt === -1 ? Math.min(buf.length, lt + 40) : Math.min(gt + 1, lt + 40);
        const snippet = buf.slice(lt, end).split(/\r\n?|\n/)[0];
        this.flushText();
        this.handler.malformed(line, finding('ofx.malformed-tag', { tag: snippet ?? '' }));
        this.addText(lt, lt + 1, line);
        advance(lt + 1);
        continue;
      }
      this.flushText();
      const tagLine = line;
      advance(lt + m[0].length);
      const name = m[2]!.toUpperCase();
      if (m[1] === '/') this.handler.close(name, tagLine, -1);
      else this.handler.open(name, tagLine, m[4] === '/', -1);
    }
    this.keepTextRange();
    this.buf = pos >= buf.length ? '' : buf.slice(pos);
    this.line = line;
  }
}
