/**
 * Reconciliation rules kept as a file in the firm's repository (#35 point 2): ordered rules, each a match on a
 * statement line and an action (book it to a chart account, settle a unit's open invoice found by the payer's
 * CPF/CNPJ, or split it by shares). The first rule that matches a line acts; `explain` says which, or for a line
 * none matches, the closest rule and the condition that failed.
 *
 * The file is YAML read as text only (the CLI's rules-file.ts keeps each value's line); this module checks it
 * against the schema below, version 1, and refuses a bad rule naming its line:
 *
 *   version: 1
 *   rules:
 *     - id: tarifas                      # letters, digits, - and _; unique
 *       match:                           # every condition given must hold
 *         memo: TARIFA                   # text the memo or name contains (case and accents ignored), or /regex/i
 *         amount: -500.00..-0.01         # reais: exact (-89.50) or a range (min..max, either end open)
 *         direction: debit               # debit or credit
 *         document: 123.456.789-09       # the counterpart's CPF/CNPJ, in the line's document, name or memo
 *         key: financeiro@empresa.com    # a PIX key the memo or name carries
 *         day: 1..10                     # day of the month, exact or a range
 *         account: 1                     # the bank account's id
 *       book:                            # one action: book, settle_invoice or split
 *         chart_account: 4.1.05          # a chart account's code or id
 *         supplier: Sabesp               # optional: a supplier's id or name
 *         description: Tarifas bancárias # optional: the memo otherwise
 *     - id: pix-moradores
 *       match: { direction: credit, memo: PIX RECEBIDO }
 *       settle_invoice: { by: payer_document }
 *     - id: agua
 *       match: { memo: SANEAMENTO }
 *       split:
 *         - { chart_account: 4.1.03, share: 70% }
 *         - { chart_account: 4.1.04, share: 30% }
 */

import { digitsOnly } from './digits.js';
import { type Message, withFinding } from './message.js';
import { parseReais } from './money.js';
import { ends, reason } from './rule-reasons.js';
import { normalizedLineText } from './text.js';

export const RULES_VERSION = 1;

/** A statement line as a rule sees it. */
export interface RuleLine {
  /** the movement's id where a server keeps it; null offline */
  movementId: string | null;
  line: number;
  date: string;
  /** cents, credits positive */
  amountCents: number;
  memo: string | null;
  name: string | null;
  fitid: string | null;
  /** CHECKNUM/REFNUM or the CSV's document column */
  document: string | null;
  bankAccountId: number | null;
}

type TextMatch =
  | { kind: 'contains'; text: string }
  | {
      kind: 'regex';
      regex: RegExp;
      source: string;
      /** the character a line must start with for the expression to match it, both cases (see leadingCharacter) */
      first?: { lower: number; upper: number } | undefined;
    };

/**
 * The character every text an expression matches starts with, when the pattern says so plainly: `^` and a letter,
 * digit or space that is not optional (no `?`, `*` or `{` after it) and no `|` anywhere. A line that starts
 * otherwise is told apart without running the expression (#73: 50 rules over 200,000 lines ran 2 million).
 */
function leadingCharacter(
  pattern: string,
  ignoreCase: boolean,
): { lower: number; upper: number } | undefined {
  const c = pattern[1];
  if (pattern[0] !== '^' || c === undefined || !/^[A-Za-z0-9 ]$/.test(c)) return undefined;
  if (/^[?*{]/.test(pattern.slice(2)) || pattern.includes('|')) return undefined;
  return ignoreCase
    ? { lower: c.toLowerCase().charCodeAt(0), upper: c.toUpperCase().charCodeAt(0) }
    : { lower: c.charCodeAt(0), upper: c.charCodeAt(0) };
}

/** Whether a line's memo matches: contains on its normalized text, an expression on the text as written. */
function memoMatches(memo: TextMatch, p: { text: string; raw: string }): boolean {
  if (memo.kind === 'contains') return p.text.includes(memo.text);
  const first = memo.first;
  if (first !== undefined) {
    const c = p.raw.charCodeAt(0);
    if (c !== first.lower && c !== first.upper) return false;
  }
  return memo.regex.test(p.raw);
}
interface Range {
  min: number | null;
  max: number | null;
}

export interface RuleMatch {
  memo?: TextMatch;
  amount?: Range;
  direction?: 'credit' | 'debit';
  document?: string;
  key?: string;
  day?: Range;
  account?: number;
}

export interface Share {
  chartAccount: string;
  /** parts per million of the line's amount */
  ppm: number;
}

export type RuleAction =
  | { kind: 'book'; chartAccount: string; supplier: string | null; description: string | null }
  | { kind: 'settle_invoice'; by: 'payer_document' }
  | { kind: 'split'; shares: Share[] };

export interface Rule {
  id: string;
  /** the line of the file where the rule starts */
  line: number;
  match: RuleMatch;
  action: RuleAction;
}

export class RulesError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'RulesError';
  }
}

/** Where a value of the file is: its line, by its path (`rules.0.match.amount`). */
export type LineOf = (path: string) => number;

const CONDITIONS = ['memo', 'amount', 'direction', 'document', 'key', 'day', 'account'] as const;
const ACTIONS = ['book', 'settle_invoice', 'split'] as const;

/** The rules of a file read as text-only YAML (every scalar a string); a bad one refused with its line. */
export function compileRules(tree: unknown, lineOf: LineOf): Rule[] {
  const top = object(tree, '', lineOf, 'the rules file');
  only(top, ['version', 'rules'], '', lineOf);
  if (top.version === undefined)
    throw new RulesError(lineOf(''), `the rules file has no version (write version: ${RULES_VERSION})`);
  if (top.version !== String(RULES_VERSION))
    throw new RulesError(
      lineOf('version'),
      `version ${String(top.version)} is not one condo reads (it reads version ${RULES_VERSION})`,
    );
  if (!Array.isArray(top.rules)) throw new RulesError(lineOf('rules'), 'rules: a list of rules');
  const seen = new Map<string, number>();
  return top.rules.map((raw, i) => {
    const at = `rules.${i}`;
    const r = object(raw, at, lineOf, `rule ${i + 1}`);
    only(r, ['id', 'match', ...ACTIONS], at, lineOf);
    if (typeof r.id !== 'string' || !/^[A-Za-z0-9_-]{1,60}$/.test(r.id))
      throw new RulesError(lineOf(`${at}.id`), `rule ${i + 1}: id: letters, digits, - and _ (up to 60)`);
    const earlier = seen.get(r.id);
    if (earlier !== undefined)
      throw new RulesError(lineOf(`${at}.id`), `rule ${r.id}: the id is also the rule's on line ${earlier}`);
    seen.set(r.id, lineOf(at));
    const actions = ACTIONS.filter((a) => r[a] !== undefined);
    if (actions.length !== 1)
      throw new RulesError(
        lineOf(at),
        `rule ${r.id}: one action, book, settle_invoice or split (${actions.length === 0 ? 'none' : actions.join(' and ')} given)`,
      );
    return {
      id: r.id,
      line: lineOf(at),
      match: compileMatch(r.match, `${at}.match`, lineOf, r.id),
      action: compileAction(actions[0] as (typeof ACTIONS)[number], r, at, lineOf),
    };
  });
}

function object(value: unknown, at: string, lineOf: LineOf, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new RulesError(lineOf(at), `${what}: a map of fields`);
  return value as Record<string, unknown>;
}

function only(o: Record<string, unknown>, known: readonly string[], at: string, lineOf: LineOf): void {
  for (const k of Object.keys(o))
    if (!known.includes(k))
      throw new RulesError(
        lineOf(at ? `${at}.${k}` : k),
        // `{ amount: -500,00..-0,01 }`: inside braces YAML reads the decimal comma as the next field
        /^\d/.test(k)
          ? `${k} is not a field here: inside { } a comma starts the next field, so write the amount with a dot (-500.00) or in quotes ('-500,00')`
          : `${k} is not a field here (fields: ${known.join(', ')})`,
      );
}

function text(value: unknown, at: string, lineOf: LineOf, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RulesError(lineOf(at), `${what}: a text`);
  return value.trim();
}

function compileMatch(raw: unknown, at: string, lineOf: LineOf, id: string): RuleMatch {
  if (raw === undefined) throw new RulesError(lineOf(at.replace(/\.match$/, '')), `rule ${id}: no match`);
  const m = object(raw, at, lineOf, `rule ${id}: match`);
  only(m, CONDITIONS, at, lineOf);
  if (Object.keys(m).length === 0)
    throw new RulesError(lineOf(at), `rule ${id}: match names no condition (it would match every line)`);
  const out: RuleMatch = {};
  const where = (k: string) => `${at}.${k}`;
  if (m.memo !== undefined) {
    const t = text(m.memo, where('memo'), lineOf, `rule ${id}: memo`);
    const re = /^\/(.+)\/([a-z]*)$/.exec(t);
    if (re) {
      try {
        const ignoreCase = re[2]?.includes('i') ?? false;
        out.memo = {
          kind: 'regex',
          regex: new RegExp(re[1] as string, ignoreCase ? 'i' : ''),
          source: t,
          first: leadingCharacter(re[1] as string, ignoreCase),
        };
      } catch (e) {
        throw new RulesError(lineOf(where('memo')), `rule ${id}: memo: ${(e as Error).message}`);
      }
    } else out.memo = { kind: 'contains', text: normalizedLineText(t) };
  }
  if (m.amount !== undefined)
    out.amount = range(text(m.amount, where('amount'), lineOf, `rule ${id}: amount`), (s) => {
      const r = parseReais(s);
      if (!r.ok) throw new RulesError(lineOf(where('amount')), `rule ${id}: amount: ${r.error.message}`);
      return r.value;
    });
  if (m.direction !== undefined) {
    const d = text(m.direction, where('direction'), lineOf, `rule ${id}: direction`).toLowerCase();
    if (d !== 'credit' && d !== 'debit')
      throw new RulesError(lineOf(where('direction')), `rule ${id}: direction: credit or debit, not ${d}`);
    out.direction = d;
  }
  if (m.document !== undefined) {
    const digits = digitsOnly(text(m.document, where('document'), lineOf, `rule ${id}: document`));
    if (digits.length !== 11 && digits.length !== 14)
      throw new RulesError(lineOf(where('document')), `rule ${id}: document: a CPF (11 digits) or CNPJ (14)`);
    out.document = digits;
  }
  if (m.key !== undefined) out.key = normalizedLineText(text(m.key, where('key'), lineOf, `rule ${id}: key`));
  if (m.day !== undefined)
    out.day = range(text(m.day, where('day'), lineOf, `rule ${id}: day`), (s) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1 || n > 31)
        throw new RulesError(lineOf(where('day')), `rule ${id}: day: 1 to 31, not ${s}`);
      return n;
    });
  if (m.account !== undefined) {
    const n = Number(text(m.account, where('account'), lineOf, `rule ${id}: account`));
    if (!Number.isInteger(n) || n < 1)
      throw new RulesError(lineOf(where('account')), `rule ${id}: account: a bank account's id`);
    out.account = n;
  }
  return out;
}

/** `5`, `1..10`, `..-0.01`, `100..`: exact or a range with either end open. */
function range(s: string, read: (part: string) => number): Range {
  const parts = s.split('..');
  if (parts.length === 1) {
    const v = read(s);
    return { min: v, max: v };
  }
  const [a = '', b = ''] = parts.map((p) => p.trim());
  return { min: a === '' ? null : read(a), max: b === '' ? null : read(b) };
}

function compileAction(
  kind: (typeof ACTIONS)[number],
  r: Record<string, unknown>,
  at: string,
  lineOf: LineOf,
): RuleAction {
  const id = r.id as string;
  const where = `${at}.${kind}`;
  if (kind === 'settle_invoice') {
    const a = object(r[kind], where, lineOf, `rule ${id}: settle_invoice`);
    only(a, ['by'], where, lineOf);
    if (a.by !== 'payer_document')
      throw new RulesError(lineOf(`${where}.by`), `rule ${id}: settle_invoice: by: payer_document`);
    return { kind, by: 'payer_document' };
  }
  if (kind === 'book') {
    const a = object(r[kind], where, lineOf, `rule ${id}: book`);
    only(a, ['chart_account', 'supplier', 'description'], where, lineOf);
    return {
      kind,
      chartAccount: text(
        a.chart_account,
        `${where}.chart_account`,
        lineOf,
        `rule ${id}: book: chart_account`,
      ),
      supplier: a.supplier === undefined ? null : text(a.supplier, `${where}.supplier`, lineOf, 'supplier'),
      description:
        a.description === undefined
          ? null
          : text(a.description, `${where}.description`, lineOf, 'description'),
    };
  }
  const list = r[kind];
  if (!Array.isArray(list) || list.length < 2)
    throw new RulesError(lineOf(where), `rule ${id}: split: a list of two or more shares`);
  const shares = list.map((raw, i) => {
    const s = object(raw, `${where}.${i}`, lineOf, `rule ${id}: split`);
    only(s, ['chart_account', 'share'], `${where}.${i}`, lineOf);
    const share = text(s.share, `${where}.${i}.share`, lineOf, `rule ${id}: share`);
    const m = /^(\d+(?:[.,]\d{1,4})?)\s*%$/.exec(share) ?? /^(0?[.,]\d{1,6}|1)$/.exec(share);
    if (!m)
      throw new RulesError(lineOf(`${where}.${i}.share`), `rule ${id}: share: 70% or 0.7, not ${share}`);
    const n = (m[1] as string).replace(',', '.');
    const ppm = share.endsWith('%') ? decimalTimes(n, 10_000) : decimalTimes(n, 1_000_000);
    return {
      chartAccount: text(s.chart_account, `${where}.${i}.chart_account`, lineOf, `rule ${id}: chart_account`),
      ppm,
    };
  });
  const total = shares.reduce((sum, s) => sum + s.ppm, 0);
  if (total !== 1_000_000)
    throw new RulesError(
      lineOf(where),
      `rule ${id}: split: the shares add up to ${total / 10_000}%, not 100%`,
    );
  return { kind, shares };
}

/** A decimal written as text times a power of ten, without floating point: `12.5` × 10000 = 125000. */
function decimalTimes(text: string, scale: number): number {
  const [int = '0', frac = ''] = text.split('.');
  const digits = String(scale).length - 1;
  return Number(int) * scale + Number(frac.padEnd(digits, '0').slice(0, digits) || '0');
}

/**
 * A line's text for matching, worked out once per line whatever the number of rules, and only when a rule asks:
 * most conditions (direction, amount, day) need none of it.
 */
class Prepared {
  private normalized: string | undefined;
  private numbers: string | undefined;
  private rawText: string | undefined;
  constructor(readonly line: RuleLine) {}
  /** memo and name as written (what a regex reads) */
  get raw(): string {
    this.rawText ??= `${this.line.memo ?? ''} ${this.line.name ?? ''}`;
    return this.rawText;
  }
  /** upper case, no accents (what `contains` and a key read) */
  get text(): string {
    if (this.normalized === undefined) {
      const raw = this.raw;
      // most lines are plain ASCII with single spaces: upper case is all they need
      this.normalized = !/[^\x21-\x7e ]| {2}/.test(raw) ? raw.toUpperCase().trim() : normalizedLineText(raw);
    }
    return this.normalized;
  }
  /** every digit the line carries (where a CPF/CNPJ is found) */
  get digits(): string {
    if (this.numbers === undefined) {
      const text = `${this.line.document ?? ''} ${this.raw}`;
      let out = '';
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 48 && c <= 57) out += text[i];
      }
      this.numbers = out;
    }
    return this.numbers;
  }
}

/** Whether every condition of the rule holds: the matching loop's own, allocating nothing. */
function holds(rule: Rule, p: Prepared): boolean {
  const m = rule.match;
  const l = p.line;
  if (m.direction && (m.direction === 'credit') !== l.amountCents > 0) return false;
  if (m.amount && !within(m.amount, l.amountCents)) return false;
  if (m.account !== undefined && l.bankAccountId !== null && l.bankAccountId !== m.account) return false;
  if (m.day && !within(m.day, (l.date.charCodeAt(8) - 48) * 10 + (l.date.charCodeAt(9) - 48))) return false;
  if (m.memo && !memoMatches(m.memo, p)) return false;
  if (m.document && !p.digits.includes(m.document)) return false;
  if (m.key && !p.text.includes(m.key)) return false;
  return true;
}

/** The conditions that name the line (its memo, document or key), as a person reads "the water rule, but…". */
const NAMING = new Set(['rule.memo-contains', 'rule.memo-matches', 'rule.document', 'rule.key']);

/** Each condition a rule names, in the order they are checked (the cheap ones first): the reason when it fails. */
function failures(rule: Rule, p: Prepared, all: boolean): Message[] {
  const m = rule.match;
  const l = p.line;
  const failed: Message[] = [];
  const fail = (why: Message) => {
    failed.push(why);
    return !all;
  };
  if (m.direction && (m.direction === 'credit') !== l.amountCents > 0)
    if (fail(reason('rule.direction', { line: l.amountCents > 0 ? 'credit' : 'debit', rule: m.direction })))
      return failed;
  if (m.amount && !within(m.amount, l.amountCents))
    if (fail(reason('rule.amount', { cents: l.amountCents, ...ends(m.amount) }))) return failed;
  if (m.account !== undefined && l.bankAccountId !== null && l.bankAccountId !== m.account)
    if (fail(reason('rule.account', { line: l.bankAccountId, rule: m.account }))) return failed;
  if (m.day) {
    const day = Number(l.date.slice(8, 10));
    if (!within(m.day, day) && fail(reason('rule.day', { day, ...ends(m.day) }))) return failed;
  }
  if (m.memo) {
    const hit = memoMatches(m.memo, p);
    // the line's memo is beside the reason wherever it is shown
    const why =
      m.memo.kind === 'contains'
        ? reason('rule.memo-contains', { text: m.memo.text })
        : reason('rule.memo-matches', { source: m.memo.source });
    if (!hit && fail(why)) return failed;
  }
  if (m.document && !p.digits.includes(m.document))
    if (fail(reason('rule.document', { document: m.document }))) return failed;
  if (m.key && !p.text.includes(m.key)) if (fail(reason('rule.key', { key: m.key }))) return failed;
  return failed;
}

function within(r: Range, v: number): boolean {
  return (r.min === null || v >= r.min) && (r.max === null || v <= r.max);
}

export interface Verdict {
  /** the rule that acts on the line (the first that matches) */
  rule: Rule | null;
  /** for a line no rule matches: the rule that came closest (one of its conditions held) and the one that failed */
  /** (its finding, by code, beside `failed`, for a reader in another language) */
  closest: { rule: Rule; failed: string; readonly finding: Message } | null;
}

/** The first rule that matches the line; with `explain`, for a line none matches, the closest and why not. */
/**
 * A rule's two readings of a line, for the test that keeps them one: whether it holds (the matching loop's), and
 * every condition that fails (the explaining one's). They must agree on every line.
 */
export function readings(rule: Rule, line: RuleLine): { holds: boolean; failed: string[] } {
  const p = new Prepared(line);
  return { holds: holds(rule, p), failed: failures(rule, p, true).map((m) => m.message) };
}

export function judge(rules: readonly Rule[], line: RuleLine, explain = false): Verdict {
  const p = new Prepared(line);
  for (const rule of rules) if (holds(rule, p)) return { rule, closest: null };
  if (!explain || rules.length === 0) return { rule: null, closest: null };
  // closest: one whose text conditions (memo, document, key: what names the line) hold, as a person reads "the
  // water rule, but for the day"; then the fewest conditions failed; then the most held
  let best: { rule: Rule; failed: Message[]; named: boolean; held: number } | null = null;
  for (const rule of rules) {
    const failed = failures(rule, p, true);
    const named = !failed.some((f) => NAMING.has(f.code));
    const held = Object.keys(rule.match).length - failed.length;
    const closer =
      !best ||
      (named && !best.named) ||
      (named === best.named &&
        (failed.length < best.failed.length || (failed.length === best.failed.length && held > best.held)));
    if (closer) best = { rule, failed, named, held };
  }
  // a rule none of whose conditions holds is not close to anything: no closest then
  return {
    rule: null,
    closest:
      best && best.held > 0
        ? withFinding(
            { rule: best.rule, failed: (best.failed[0] as Message).message },
            best.failed[0] as Message,
          )
        : null,
  };
}

/** A split's amounts: each share of the line's amount in cents, the last taking what rounding leaves. */
export function splitByShares(totalCents: number, shares: readonly Share[]): number[] {
  const abs = Math.abs(totalCents);
  const parts = shares.map((s) => Math.floor((abs * s.ppm) / 1_000_000));
  parts[parts.length - 1] = abs - parts.slice(0, -1).reduce((a, b) => a + b, 0);
  return parts;
}
