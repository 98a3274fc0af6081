/**
 * A big CNAB 240 file read as two halves at once, on two cores (#73: `cnab inspect -o tsv` of 500,000 lines): where
 * the file can be cut, and what the reader of the second half hands the reader of the first (reader.ts, `part` and
 * `absorb`).
 *
 * A file is cut only where nothing but counts crosses the seam: at a lote header whose lote is a number, right
 * after a lote trailer, both plain lines of 240 characters ended by an LF. The reader of the second half starts from
 * the file header (the file's first line) and the number of the line it starts at. Whatever the first half's
 * reader finds at the seam that breaks this (a lote left open, a file trailer already read, another company), it
 * reads the second half itself: the answer is always the one reading the file straight through gives.
 */

import type { Message } from '../../domain/message.js';
import { RECORD_LENGTH } from './fields.js';
import type { CnabFile, CnabMessage, LoteBegun, OpenBatch } from './file.js';
import type { LineEndsSeen } from './record-lines.js';
import type { CnabItem } from './segments.js';
import type { Place } from './structure.js';

/** How often a kind of finding came, the line of its last, and its first (what a summary of repeats names). */
export interface KindCount {
  count: number;
  last: number;
  error: boolean;
  finding: Message;
}

/** A finding kept in the file's list (the first of its kind), with its kind; its Message travels as a field. */
export interface KeptFinding {
  kind: string;
  error: boolean;
  problem: CnabMessage;
  finding: Message;
}

/** What the reader of a file's second half read: counts, lotes, findings. Plain data, sent between threads. */
export interface ReaderPart {
  /** the line the part began at, as its reader was told; the first half's reader checks it against its own */
  firstLine: number;
  lastLine: number;
  lineEnds: LineEndsSeen;
  lines: number;
  records: number;
  details: number;
  totalAmountCents: number;
  /** kept only when the read keeps items */
  items: CnabItem[];
  closed: OpenBatch[];
  /** the lote the file leaves open at its end (its last item already handed on) */
  open: OpenBatch | null;
  place: Place;
  trailerLine: number | null;
  /** the file trailer, and the lotes and records the part had read when it came: checked at the seam */
  fileTrailer: { line: number; record: string; lotes: number; records: number } | null;
  lastBatchNumber: number;
  /** the part's first lote header: whether its number follows the first half's last is told at the seam */
  firstLote: { line: number; number: number; says: string } | null;
  /** the lote the part began inside, as it was told (its number read from its header); null at a lote header */
  begunIn: (Omit<LoteBegun, 'record'> & { number: number }) | null;
  company: CnabFile['company'];
  segments: Map<string, number>;
  mainDetails: number;
  itemsWithOccurrences: number;
  lotOperations: string[];
  lotServices: string[];
  kinds: Array<[string, KindCount]>;
  kept: KeptFinding[];
}

/**
 * The second half's findings taken into the first's counts: a kind's first `perKind` findings of the whole file
 * are kept (`keep`, in the order they were found), its count and its last line are the two halves'.
 */
export function mergeFindings(
  kinds: Map<string, KindCount>,
  part: Pick<ReaderPart, 'kinds' | 'kept'>,
  perKind: number,
  keep: (finding: KeptFinding) => void,
): void {
  const room = new Map<string, number>();
  for (const [kind, theirs] of part.kinds) {
    const mine = kinds.get(kind);
    room.set(kind, perKind - (mine?.count ?? 0));
    if (mine) {
      mine.count += theirs.count;
      mine.last = theirs.last;
    } else kinds.set(kind, { ...theirs });
  }
  for (const finding of part.kept) {
    const left = room.get(finding.kind) ?? 0;
    if (left <= 0) continue;
    room.set(finding.kind, left - 1);
    keep(finding);
  }
}

const LF = 0x0a;
const CR = 0x0d;

/** Whether the bytes from `from` to `to` (not included) are all digits. */
function digitsAt(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    if (b < 0x30 || b > 0x39) return false;
  }
  return true;
}

/** The record type (position 8) of a plain record line at `start` ending (before its CR or LF) at `end`; else -1. */
function plainRecordType(bytes: Uint8Array, start: number, end: number): number {
  if (end - start !== RECORD_LENGTH) return -1;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x20 || b > 0x7e) return -1;
  }
  return digitsAt(bytes, start, start + 8) ? (bytes[start + 7] as number) : -1;
}

/** Where the text of a line starting at `start` and ended by the LF at `lf` ends: before its CR, if a CRLF. */
const textEnd = (bytes: Uint8Array, start: number, lf: number) =>
  lf > start && bytes[lf - 1] === CR ? lf - 1 : lf;

/** Segments that begin an item in any lote (a payment's A, N, O; a collection title's P, T): no companion crosses. */
const ITEM_STARTS = new Set([0x41, 0x4e, 0x4f, 0x50, 0x54]);

/** Whether two plain lines are details of one lote, each with its sequence a number (positions 9-13). */
function sameLoteDetails(bytes: Uint8Array, a: number, b: number): boolean {
  for (let i = 3; i < 7; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return digitsAt(bytes, a + 8, a + 13) && digitsAt(bytes, b + 8, b + 13);
}

/**
 * Where `window` (bytes from inside a file) can be cut: the offsets in it of each lote header that follows a lote
 * trailer, and of each detail that begins an item after another detail of its lote; both lines plain records of 240
 * characters ended by an LF (a CRLF or an LF alone). A line the window begins inside is not looked at.
 */
export function seamsIn(window: Uint8Array): number[] {
  const seams: number[] = [];
  let previous = -1;
  let previousEnd = -1;
  for (let lf = window.indexOf(LF); lf !== -1; ) {
    const start = lf + 1;
    lf = window.indexOf(LF, start);
    if (lf === -1) break;
    const end = textEnd(window, start, lf);
    // the record types alone first: the whole lines are looked at only where the pair can be a seam
    const type = window[start + 7];
    const before = previous === -1 ? -1 : window[previous + 7];
    const between = type === 0x31 && before === 0x35;
    const inLote =
      type === 0x33 &&
      before === 0x33 &&
      ITEM_STARTS.has(window[start + 13] as number) &&
      sameLoteDetails(window, previous, start);
    if (
      (between || inLote) &&
      plainRecordType(window, start, end) === type &&
      plainRecordType(window, previous, previousEnd) === before
    )
      seams.push(start);
    previous = start;
    previousEnd = end;
  }
  return seams;
}

/** A second half's begun lote, looked for back from its cut (`lotesBack`): found, to look further, or none. */
export type LoteBack =
  | { found: true; header: string; details: number }
  | { found: false; details: number; before: number }
  | null;

/**
 * Looks back from the end of `window` (the file's bytes from `start`, ending where a line begins) for the header
 * of the lote whose detail `lote` (its number's 4 digits) the cut is at: every line between must be a plain detail
 * of that lote, `details` of them found in later windows. `before`: where to look on, the window's first whole line
 * (the one it begins inside is looked at there). Null when a line breaks the run.
 */
export function lotesBack(window: Uint8Array, start: number, lote: Uint8Array, details: number): LoteBack {
  const starts: number[] = start === 0 ? [0] : [];
  for (let lf = window.indexOf(LF); lf !== -1 && lf + 1 < window.length; lf = window.indexOf(LF, lf + 1))
    starts.push(lf + 1);
  let counted = details;
  for (let i = starts.length - 1; i >= 0; i--) {
    const at = starts[i] as number;
    const next = i + 1 < starts.length ? (starts[i + 1] as number) : window.length;
    const end = textEnd(window, at, next - 1);
    const type = plainRecordType(window, at, end);
    for (let k = 0; k < 4; k++) if (window[at + 3 + k] !== lote[k]) return null;
    if (type === 0x31)
      return { found: true, header: String.fromCharCode(...window.subarray(at, end)), details: counted };
    if (type !== 0x33) return null;
    counted++;
  }
  if (start === 0) return null;
  return { found: false, details: counted, before: start + (starts[0] ?? window.length) };
}

/**
 * The file header a file's bytes begin with, as the reader of its second half takes it: a plain line of 240
 * characters of record type 0, ended by an LF; null for anything else (a byte order mark, a blank first line).
 */
export function fileHeaderOf(head: Uint8Array): string | null {
  const lf = head.indexOf(LF);
  const end = lf === -1 ? -1 : textEnd(head, 0, lf);
  if (end === -1 || plainRecordType(head, 0, end) !== 0x30) return null;
  return String.fromCharCode(...head.subarray(0, end));
}
