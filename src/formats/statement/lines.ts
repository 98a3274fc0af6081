/**
 * What each line of a statement is (#35): a movement of money, a balance the bank wrote as a transaction, or an
 * entry scheduled for a later day; and the key a movement is known by across imports. Shared by the OFX and CSV
 * readers, so the dry run and the server's import count alike.
 *
 * - Balance lines. Some banks (Banco do Brasil's OFX and CSV, Caixa's) write the balance as a transaction: "SALDO
 *   ANTERIOR", "SALDO DO DIA", "S A L D O". Imported as movements they add a day's money again. A line is a balance
 *   when its text is "SALDO" alone or with a balance's words ("ANTERIOR", "DO DIA"...), and it has no counterpart;
 *   "SALDO" followed by other words counts only when its amount is also the running balance. "PAGTO SALDO …" is a
 *   payment. Each balance is checked against the one before it and the movements between.
 * - Scheduled lines: dated after the statement's end or after today (or after the day the bank wrote the file,
 *   OFX DTSERVER, where that is later than our today). They have not happened: not imported, not de-duplicated,
 *   not reconciled, until a later file carries them as done.
 * - The key: a bank may give two transactions one FITID, so a movement is known by its FITID with its date, amount
 *   and memo, and its position among the lines of the file that share all of these (the first keeps the plain key,
 *   so keys stored before a second was ever seen stay the same). A line without a FITID has a hash of the same.
 */
import type { Message } from '../../domain/message.js';
import { normalizedLineText } from '../../domain/text.js';
import { statementFinding as finding } from './findings.js';
import { statementTransactionHash } from './hash.js';
import type { LineKind, Statement, Transaction } from './types.js';

/** Balance lines kept per statement for the summary (all are counted). */
const BALANCES_KEPT = 1_000;
/** FITIDs remembered per statement to name a reuse (a bigger file still imports every line; fewer warnings). */
const FITIDS_TRACKED = 100_000;
/** Keys counted per statement to number repeats (past it, a repeat keeps the plain key: de-duplicated as before). */
const KEYS_COUNTED = 200_000;

/** The words that make "SALDO …" a balance by its text alone. */
const BALANCE_TEXT =
  /^SALDO(?: (?:ANTERIOR|INICIAL|DO DIA|DIA|FINAL|ATUAL|TOTAL|DISPONIVEL|LIQUIDO|PARCIAL|DO PERIODO|EM CONTA|EM C\/C|C\/C|CONTA CORRENTE|BLOQUEADO))*(?: (?:EM )?\d{2}\/\d{2}(?:\/\d{2,4})?)?$/;
/** The words of an opening balance: the one before the day's movements. */
const OPENING = /^SALDO (?:ANTERIOR|INICIAL)\b/;

/** Whether the text is a balance's ("strong"), may be one ("weak": SALDO and other words), or is not ("none"). */
export function balanceText(text: string | null): 'strong' | 'weak' | 'none' {
  // most lines do not start with SALDO: said without normalizing them (a line of a 200,000-line file), and
  // without the expression when the first character is a letter but S (#73)
  if (!text) return 'none';
  const first = text.charCodeAt(0) | 32;
  if (first >= 97 && first <= 122 && first !== 115) return 'none';
  if (!/^[\s.:*-]*s\s?a\s?l\s?d\s?o/i.test(text)) return 'none';
  const t = normalizedLineText(text);
  if (BALANCE_TEXT.test(t)) return 'strong';
  return /^SALDO\b/.test(t) ? 'weak' : 'none';
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, over a text's characters, continuing from `h`. */
function hashText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** The same over a safe integer's value (its two halves), not its digits: no text is made for it. */
function hashInteger(h: number, n: number): number {
  h = Math.imul(h ^ (n | 0), FNV_PRIME);
  return Math.imul(h ^ Math.floor(n / 4294967296), FNV_PRIME);
}

/**
 * A line's date, amount and memo as one number: enough to tell a FITID's second transaction from a copy of its
 * first in a warning, made without joining them into a text first (#73).
 */
function restHash(t: Transaction): number {
  return hashText(hashInteger(hashText(FNV_OFFSET, t.date), t.amountCents), t.memo ?? '');
}

/** A typed array twice as long, what it held kept. */
function doubled<T extends Int32Array | Uint16Array>(array: T, make: (length: number) => T): T {
  const bigger = make(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * The FITIDs a statement has shown, each with its first line and its restHash: an open-addressed table of their
 * hashes, and their characters kept one after another in one array, not as strings (#73: a Map of 100,000 FITIDs
 * was the costliest thing a line did, 95 of 670 ms over 200,000 transactions; the strings the table then kept,
 * a third of what was left of it: the collector copied each of them as it grew old).
 */
class FitidTable {
  /** each slot: a FITID's index + 1, or 0 when free; kept at most half full */
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(512);
  private lines = new Int32Array(512);
  private rests = new Int32Array(512);
  /** where each FITID's characters start in `chars` (the next one's start is where they end) */
  private starts = new Int32Array(513);
  private chars = new Uint16Array(4096);
  size = 0;

  /** The FITID's index, or -1 when it was not seen; `hash` is hashText's of it. */
  find(fitid: string, hash: number): number {
    const mask = this.slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at] as number;
      if (slot === 0) return -1;
      if (this.hashes[slot - 1] === hash && this.holds(slot - 1, fitid)) return slot - 1;
    }
  }

  lineOf(index: number): number {
    return this.lines[index] as number;
  }

  restOf(index: number): number {
    return this.rests[index] as number;
  }

  add(fitid: string, hash: number, line: number, rest: number): void {
    const index = this.size;
    if (index === this.hashes.length) {
      const int32 = (n: number) => new Int32Array(n);
      this.hashes = doubled(this.hashes, int32);
      this.lines = doubled(this.lines, int32);
      this.rests = doubled(this.rests, int32);
      this.starts = doubled(this.starts, int32);
    }
    this.hashes[index] = hash;
    this.lines[index] = line;
    this.rests[index] = rest;
    const start = this.starts[index] as number;
    while (start + fitid.length > this.chars.length)
      this.chars = doubled(this.chars, (n) => new Uint16Array(n));
    for (let i = 0; i < fitid.length; i++) this.chars[start + i] = fitid.charCodeAt(i);
    this.starts[index + 1] = start + fitid.length;
    this.size++;
    if (this.size * 2 <= this.slots.length) this.place(index);
    else {
      // past half full: a table twice the size takes every FITID again
      this.slots = new Int32Array(this.slots.length * 2);
      for (let i = 0; i <= index; i++) this.place(i);
    }
  }

  /** Whether the FITID at `index` is `fitid`, character by character. */
  private holds(index: number, fitid: string): boolean {
    const start = this.starts[index] as number;
    if ((this.starts[index + 1] as number) - start !== fitid.length) return false;
    for (let i = 0; i < fitid.length; i++) if (this.chars[start + i] !== fitid.charCodeAt(i)) return false;
    return true;
  }

  private place(index: number): void {
    const mask = this.slots.length - 1;
    let at = (this.hashes[index] as number) & mask;
    while (this.slots[at] !== 0) at = (at + 1) & mask;
    this.slots[at] = index + 1;
  }
}

/**
 * One statement's lines, in file order: `take` says what each is and gives it its key; `finish` checks the last
 * balance against the file's LEDGERBAL. Findings go to `warn`.
 */
/** The day after which a line is scheduled, and what that day is: today, or the day the bank wrote the file. */
export interface ScheduledAfter {
  date: string;
  said: 'today' | 'written';
}

export class StatementLines {
  /** the balance after the last balance line and the movements since (null before any balance line) */
  private running: number | null = null;
  private lastBalance: { line: number; cents: number } | null = null;
  /** each FITID's first line and a hash of its date, amount and memo */
  private readonly fitids = new FitidTable();
  /** lines per key, for the keys seen more than once (and every key of lines without a FITID) */
  private readonly repeats = new Map<string, number>();

  constructor(
    private readonly statement: Statement,
    private readonly warn: (line: number, message: Message) => void,
    /** A line dated after this day is scheduled (today, as the reader was told it); none when not told. */
    private readonly writtenOn: ScheduledAfter | undefined,
  ) {}

  /**
   * Says what the line is and gives it its key: a balance is counted here and goes no further (the reader
   * records the others, a scheduled one with its kind).
   */
  take(t: Transaction): LineKind {
    const text = t.memo ?? t.name;
    const said = balanceText(text);
    // a counterpart: a name that is not the memo again
    const counterpart = () =>
      t.name !== null && t.memo !== null && normalizedLineText(t.name) !== normalizedLineText(t.memo);
    if (
      said !== 'none' &&
      !counterpart() &&
      (said === 'strong' || (this.running !== null && t.amountCents === this.running))
    ) {
      this.takeBalance(t.line, t.date, t.amountCents, text ?? '');
      t.kind = 'balance';
      return t.kind;
    }
    t.key = this.key(t);
    const end = this.statement.endDate;
    const on = this.writtenOn;
    const after =
      end !== null && t.date > end
        ? { after: 'end' as const, on: end }
        : on !== undefined && t.date > on.date
          ? { after: on.said, on: on.date }
          : null;
    if (after) {
      t.kind = 'scheduled';
      this.statement.scheduledCount++;
      this.warn(
        t.line,
        finding('line.scheduled', { date: t.date, cents: t.amountCents, text: text ?? '', ...after }),
      );
      return t.kind;
    }
    t.kind = 'movement';
    if (this.running !== null) this.running += t.amountCents;
    return t.kind;
  }

  /**
   * A line the reader knows is a balance (a CSV's balance label; Caixa's "SALDO DIA" with a blank amount, which
   * the reader itself names): counted, kept, and checked against the one before it and the movements between.
   */
  takeBalance(line: number, date: string, cents: number | null, label: string): void {
    const s = this.statement;
    // said as the file writes it (to be found there); judged by its normalized form
    const text = label.trim().replace(/\s+/g, ' ');
    s.balanceCount++;
    if (s.balanceLines.length < BALANCES_KEPT)
      s.balanceLines.push({ line, date, amountCents: cents, memo: text });
    if (cents === null) return;
    const expected = this.running;
    // an opening balance follows the previous day's closing one; a closing one, the movements since
    const opening = OPENING.test(normalizedLineText(text));
    if (expected !== null && cents !== expected && this.lastBalance !== null)
      this.warn(
        line,
        finding('line.balance-differs', { text, cents, date, line: this.lastBalance.line, made: expected }),
      );
    else this.warn(line, finding('line.balance', { text, cents, date, opening: opening ? 'yes' : '' }));
    this.running = cents;
    this.lastBalance = { line, cents };
  }

  /** At the statement's end: its last balance against the LEDGERBAL, where both are there. */
  finish(): void {
    const s = this.statement;
    if (this.lastBalance === null || this.running === null || s.ledgerBalanceCents === null) return;
    const lastDate = s.balanceLines.at(-1)?.date || null;
    if (s.ledgerBalanceDate !== null && lastDate !== null && s.ledgerBalanceDate < lastDate) return;
    if (this.running !== s.ledgerBalanceCents)
      this.warn(
        s.line,
        finding('line.ledger-differs', {
          ledger: s.ledgerBalanceCents,
          line: this.lastBalance.line,
          made: this.running,
        }),
      );
  }

  private key(t: Transaction): string {
    if (t.fitid === null) {
      const text = t.memo ?? t.name ?? '';
      const plain = `${t.date}\u001f${t.amountCents}\u001f${text.trim().replace(/\s+/g, ' ')}`;
      return statementTransactionHash(t.date, t.amountCents, text, this.occurrence(plain));
    }
    const base = `${t.fitid}\u001f${t.date}\u001f${t.amountCents}\u001f${t.memo ?? ''}`;
    const hash = hashText(FNV_OFFSET, t.fitid);
    const index = this.fitids.find(t.fitid, hash);
    if (index === -1) {
      // most lines: a FITID not seen before (remembered as its line and a hash of the rest, to stay small)
      if (this.fitids.size < FITIDS_TRACKED) this.fitids.add(t.fitid, hash, t.line, restHash(t));
      return base;
    }
    const first = this.fitids.lineOf(index);
    const likeFirst = this.fitids.restOf(index) === restHash(t);
    this.warn(
      t.line,
      finding(likeFirst ? 'line.fitid-again' : 'line.fitid-other', { fitid: t.fitid, first }),
    );
    // the lines of this key so far: the first line of the FITID, when it is one of them, and the repeats counted
    const n = (this.repeats.get(base) ?? (likeFirst ? 1 : 0)) + 1;
    this.repeats.set(base, n);
    return n > 1 ? `${base}\u001f${n}` : base;
  }

  /** The 1-based position of a line among those of this statement with the same key. */
  private occurrence(base: string): number {
    const n = (this.repeats.get(base) ?? 0) + 1;
    if (n > 1 || this.repeats.size < KEYS_COUNTED) this.repeats.set(base, n);
    return n;
  }
}
