/**
 * Incremental tokenizer for OFX bodies, SGML (1.x) and XML (2.x) alike: tags, text, processing instructions.
 * It knows nothing of which elements are leaves; the parser decides that. Input is text with `\n` line breaks,
 * fed in pieces of any size; memory is bounded by the longest single text run or tag.
 */

import type { Message } from '../../domain/message.js';
import { statementFinding as finding } from '../statement/findings.js';

export interface TokenHandler {
  open(name: string, line: number, selfClosing: boolean): void;
  close(name: string, line: number): void;
  /** Text between tags (entities decoded), possibly whitespace only. `line` is where it starts. */
  text(text: string, line: number): void;
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

/** A tag's first character: a letter or `_`. */
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** A tag name's other characters, as TAG reads them (`\w`, `.`, `:`, `-`). */
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 58 || c === 45;

/** plainTag's answer when the buffer ends inside what may be a plain tag. */
const NEEDS_MORE = -1;

/**
 * Where the plain tag at `lt` (`<NAME>` or `</NAME>`, what TAG matches without attributes or spaces) ends, past its
 * `>`; 0 when it is anything else (TAG and the checks around it decide), NEEDS_MORE when the buffer ends first.
 */
function plainTag(buf: string, lt: number): number {
  let i = lt + 1;
  if (buf.charCodeAt(i) === 47) i++;
  if (!isNameStart(buf.charCodeAt(i))) return i >= buf.length ? NEEDS_MORE : 0;
  const end = Math.min(buf.length, lt + MAX_TAG);
  for (i++; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === 62) return i + 1;
    if (!isNameChar(c)) return 0;
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

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  let i = s.indexOf('\n', from);
  while (i !== -1 && i < to) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  return n;
}

export class OfxTokenizer {
  private buf = '';
  /** Line number of `buf[0]`. */
  private line = 1;
  private textParts: string[] = [];
  private textSize = 0;
  private textLine = 1;
  private textOverflow = false;

  constructor(private readonly handler: TokenHandler) {}

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

  private addText(from: number, to: number, line: number): void {
    if (to <= from) return;
    if (this.textParts.length === 0) this.textLine = line;
    if (this.textSize + (to - from) > MAX_TEXT) {
      if (!this.textOverflow) this.handler.malformed(this.textLine, finding('ofx.text-overflow', {}));
      this.textOverflow = true;
      return;
    }
    this.textParts.push(this.buf.slice(from, to));
    this.textSize += to - from;
  }

  private flushText(): void {
    if (this.textParts.length === 0) return;
    const raw = this.textParts.length === 1 ? this.textParts[0]! : this.textParts.join('');
    this.textParts = [];
    this.textSize = 0;
    this.textOverflow = false;
    this.handler.text(decodeEntities(raw), this.textLine);
  }

  private run(final: boolean): void {
    const buf = this.buf;
    let pos = 0;
    let line = this.line;
    const advance = (to: number) => {
      line += countNewlines(buf, pos, to);
      pos = to;
    };
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        this.addText(pos, buf.length, line);
        advance(buf.length);
        break;
      }
      this.addText(pos, lt, line);
      advance(lt);
      const next = buf[lt + 1];
      if (next === undefined) {
        if (final) {
          this.addText(lt, lt + 1, line);
          advance(lt + 1);
        }
        break;
      }
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
          this.handler.instruction(buf.slice(lt + 2, close), line);
        }
        advance(end);
        continue;
      }
      // the common tag, `<NAME>` or `</NAME>` with no attribute, read by its characters (no expression, no
      // allocation but the name's; #73: the tokenizer was a fifth of a 200,000-transaction import)
      const tag = plainTag(buf, lt);
      if (tag > 0) {
        this.flushText();
        const closing = buf.charCodeAt(lt + 1) === 47;
        const raw = buf.slice(closing ? lt + 2 : lt + 1, tag - 1);
        const name = hasLowerCase(raw) ? raw.toUpperCase() : raw;
        // a plain tag holds no line break: the line stays
        pos = tag;
        if (closing) this.handler.close(name, line);
        else this.handler.open(name, line, false);
        continue;
      }
      if (tag === NEEDS_MORE && !final) break;
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
        const snippet = buf.slice(lt, end).split('\n')[0];
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
      if (m[1] === '/') this.handler.close(name, tagLine);
      else this.handler.open(name, tagLine, m[4] === '/');
    }
    this.buf = pos >= buf.length ? '' : buf.slice(pos);
    this.line = line;
  }
}
