/**
 * `statements reconcile` (#35 point 2): the firm's rules file run over statement lines nobody matched. Offline
 * (`--dry-run` on a statement file) the lines come from the file itself; online, from the imports of the account,
 * their movements still unmatched, and each rule's action is done through the API's own calls.
 */
import { createReadStream } from 'node:fs';
import type { Rule, RuleAction, RuleLine, Verdict } from '../domain/statement-rules.js';
import type { Text } from '../domain/text.js';

/** A line and what the rules say of it (and, online, what was done). */
export interface Judged {
  line: RuleLine;
  verdict: Verdict;
  /** online: what the action did (an entry's id), or why it could not */
  done?: Text;
  failed?: boolean;
}

/** What an action will do, in words (the rule's own terms: its chart account's code, its shares). */
export function actionText(action: RuleAction): Text {
  if (action.kind === 'book')
    return {
      en: `book to ${action.chartAccount}${action.supplier ? ` (${action.supplier})` : ''}`,
      pt: `lançar em ${action.chartAccount}${action.supplier ? ` (${action.supplier})` : ''}`,
    };
  if (action.kind === 'settle_invoice')
    return {
      en: "settle the payer's open invoice (by CPF/CNPJ)",
      pt: 'baixar a cobrança em aberto do pagador (pelo CPF/CNPJ)',
    };
  const shares = action.shares.map((s) => `${s.chartAccount} ${s.ppm / 10_000}%`).join(', ');
  return { en: `split: ${shares}`, pt: `dividir: ${shares}` };
}

/** The lines of a statement file, movements only (balances and scheduled entries are not for rules). */
export async function* fileLines(
  path: string,
  parseOptions: {
    format?: 'ofx' | 'csv';
    csvColumns?: Record<string, string>;
    dateFormat?: string;
    today: string;
  },
): AsyncGenerator<RuleLine, { errors: { line: number; message: string }[] }> {
  const { streamStatementTransactions } = await import('../formats/statement/index.js');
  const it = streamStatementTransactions(createReadStream(path), parseOptions);
  for (;;) {
    const next = await it.next();
    if (next.done) return { errors: next.value.errors };
    const t = next.value.transaction;
    if (t.kind !== 'movement') continue;
    yield {
      movementId: null,
      line: t.line,
      date: t.date,
      amountCents: t.amountCents,
      memo: t.memo,
      name: t.name,
      fitid: t.fitid,
      document: t.checkNumber,
      bankAccountId: null,
    };
  }
}

/** Per rule, the lines it takes and their total; the lines none takes. */
export interface RuleTally {
  rule: Rule | null;
  lines: number;
  totalCents: number;
}

export class Tally {
  private readonly byRule = new Map<string, RuleTally>();
  private readonly none: RuleTally = { rule: null, lines: 0, totalCents: 0 };
  constructor(rules: readonly Rule[]) {
    for (const rule of rules) this.byRule.set(rule.id, { rule, lines: 0, totalCents: 0 });
  }
  add(line: RuleLine, verdict: Verdict): void {
    const t = verdict.rule ? (this.byRule.get(verdict.rule.id) as RuleTally) : this.none;
    t.lines++;
    t.totalCents += line.amountCents;
  }
  rows(): RuleTally[] {
    return [...this.byRule.values(), this.none];
  }
}

/** A verdict as one cell: the rule and its action, or for an unmatched line the closest rule and what failed. */
export function verdictText(v: Verdict, t: (text: string) => string): Text {
  if (v.rule) {
    const a = actionText(v.rule.action);
    return { en: `${v.rule.id}: ${a.en}`, pt: `${v.rule.id}: ${a.pt}` };
  }
  if (!v.closest) return { en: 'no rule', pt: 'nenhuma regra' };
  return {
    en: `no rule; closest ${v.closest.rule.id}, ${v.closest.failed}`,
    pt: `nenhuma regra; a mais próxima ${v.closest.rule.id}, ${t(v.closest.failed)}`,
  };
}
