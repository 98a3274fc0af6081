/**
 * `statements reconcile` (#35 point 2): the firm's rules file run over statement lines nobody matched. Offline
 * (`--dry-run` on a statement file) the lines come from the file itself; online, from the imports of the account,
 * their movements still unmatched, and each rule's action is done through the API's own calls.
 */
import { createReadStream } from 'node:fs';
import type { Client, StatementRecord } from '../client/index.js';
import { addMonthsClamped, formatDateBr } from '../domain/dates.js';
import { digitsOnly } from '../domain/digits.js';
import { isValidCnpj, isValidCpf } from '../domain/documents.js';
import { CondoError, UsageError, ValidationError } from '../domain/errors.js';
import type { Message } from '../domain/message.js';
import { centsOf, centsToDecimal, formatReais } from '../domain/money.js';
import type { AccountEntryCreate } from '../domain/request-bodies.js';
import {
  type Rule,
  type RuleAction,
  type RuleLine,
  splitByShares,
  type Verdict,
} from '../domain/statement-rules.js';
import type { Text } from '../domain/text.js';
import { normalizedLineText } from '../domain/text.js';
import { notServed } from './served.js';

/** A line and what the rules say of it (and, online, what was done). */
export interface Judged {
  line: RuleLine;
  verdict: Verdict;
  /** online: what the action did (an entry's id), or why it could not */
  done?: Text;
  failed?: boolean;
  /** the rule matched but could not act on the line (said in `done`): a person looks at it */
  left?: boolean;
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

/**
 * The movements of a statement file, each handed to `each` as the reader completes it (no line kept, no promise a
 * line: a 200,000-line file costs little more than reading it); balances and scheduled entries are not for rules.
 * A file the import would refuse is refused here too, naming its line.
 */
export async function readFileLines(
  path: string,
  parseOptions: {
    format?: 'ofx' | 'csv';
    csvColumns?: Record<string, string>;
    dateFormat?: string;
    today: string;
  },
  each: (line: RuleLine) => void,
): Promise<void> {
  const { parseStatement } = await import('../formats/statement/index.js');
  const parsed = await parseStatement(createReadStream(path), {
    ...parseOptions,
    keepTransactions: false,
    onTransaction: (t) => {
      if (t.kind !== 'movement') return;
      each({
        movementId: null,
        line: t.line,
        date: t.date,
        amountCents: t.amountCents,
        memo: t.memo,
        name: t.name,
        fitid: t.fitid,
        document: t.checkNumber,
        bankAccountId: null,
      });
    },
  });
  const [first] = parsed.errors;
  if (first)
    throw new UsageError({
      en: `${path}: line ${first.line}: ${first.message}`,
      pt: `${path}: linha ${first.line}: ${first.message}`,
    });
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
export function verdictText(v: Verdict, t: (text: Message) => string): Text {
  if (v.rule) {
    const a = actionText(v.rule.action);
    return { en: `${v.rule.id}: ${a.en}`, pt: `${v.rule.id}: ${a.pt}` };
  }
  if (!v.closest) return { en: 'no rule', pt: 'nenhuma regra' };
  return {
    en: `no rule; closest ${v.closest.rule.id}, ${v.closest.failed}`,
    pt: `nenhuma regra; a mais próxima ${v.closest.rule.id}, ${t(v.closest.finding)}`,
  };
}

/**
 * Why an invoice cannot be settled from this line, where the line alone says so (no server needed: a dry run says
 * it as the real run will); null when only the server can tell.
 */
function settleLeftOffline(line: RuleLine, documents: readonly string[]): Text | null {
  if (line.amountCents <= 0) return { en: 'a debit pays no invoice', pt: 'um débito não paga cobrança' };
  if (documents.length === 0)
    return { en: 'the line names no payer’s CPF or CNPJ', pt: 'a linha não traz o CPF ou CNPJ do pagador' };
  return null;
}

/**
 * A line's verdict where nothing is done (a dry run, offline or on an account's lines): what the real run would
 * leave for a person, where the line alone tells (a PIX naming no CPF), is said so with why.
 */
export function judgedDry(line: RuleLine, verdict: Verdict): Judged {
  const left =
    verdict.rule?.action.kind === 'settle_invoice' ? settleLeftOffline(line, payerDocuments(line)) : null;
  return left ? { line, verdict, left: true, done: left } : { line, verdict };
}

/** The CPFs and CNPJs a line carries (valid ones only), from its document, memo and name. */
export function payerDocuments(line: RuleLine): string[] {
  const text = `${line.document ?? ''} ${line.memo ?? ''} ${line.name ?? ''}`;
  const found = new Set<string>();
  for (const m of text.matchAll(/\d[\d./-]{9,}\d/g)) {
    const digits = digitsOnly(m[0]);
    if ((digits.length === 11 && isValidCpf(digits)) || (digits.length === 14 && isValidCnpj(digits)))
      found.add(digits);
  }
  return [...found];
}

/** What the online run needs of the API: the typed calls, nothing of HTTP. */
type ReconcileClient = Pick<
  Client,
  'statements' | 'chartOfAccounts' | 'suppliers' | 'accountEntries' | 'units' | 'invoices'
>;

/** A rule matched, but what it says cannot be done for this line: left for a person, said why (not a failure). */
export class LeftForPerson extends CondoError {}

/** Months a rule may go without matching before it is reported: a quarter of bank statements. */
export const UNUSED_MONTHS = 3;

/**
 * The rules that took no line of the account in the last UNUSED_MONTHS months (this one included), by the entries
 * they booked (`rule_id`, or the reference a server without it keeps in the description) and this run's matches.
 * None while the account's statements do not go back that far: a new rules file is not stale.
 */
export async function unusedRules(
  client: Pick<Client, 'accountEntries'>,
  /** the account's imports (how far back its statements go) */
  imports: readonly StatementRecord[],
  accountId: number,
  month: string,
  rules: readonly Rule[],
  usedNow: ReadonlySet<string>,
): Promise<{ rules: Rule[]; since: string }> {
  const since = addMonthsClamped(`${month}-01`, -(UNUSED_MONTHS - 1));
  const oldest = imports.reduce<string | null>((min, i) => {
    const start = i.period?.start ?? null;
    return start && (min === null || start < min) ? start : min;
  }, null);
  if (oldest === null || oldest > since) return { rules: [], since };
  const used = new Set(usedNow);
  const to = addMonthsClamped(`${month}-01`, 1);
  for (const e of await client.accountEntries.list(
    { from: since, to, bank_account_id: accountId },
    { all: true },
  )) {
    const id = e.rule_id ?? /\[regra ([\w-]+);/.exec(String(e.description ?? ''))?.[1];
    if (id) used.add(id);
  }
  return { rules: rules.filter((r) => !used.has(r.id)), since };
}

/**
 * Does what a rule says to a line through the API's own calls: `POST /account-entries` books it (a split, one entry
 * a share), naming the line it accounts for (`statement_line_id`, an extension the sandbox reconciles the line by)
 * and the rule (`rule_id`). A server that refuses the extension fields gets the entry without them, the line's
 * reference and the rule in its description instead.
 */
/** A late quota's debt total on the day it was paid, or why it could not be worked out (a month no table has). */
export type LateDebt = (
  cents: number,
  due: string,
  paidAt: string,
) => Promise<{ total_cents: number } | { refused: Text }>;

/** What a rule does for `accountId`'s lines, against this client (the CLI's applyRules runs it line by line). */
export const ruleActions = (client: ReconcileClient, accountId: number, lateDebt?: LateDebt) =>
  new RuleActions(client, accountId, lateDebt);

export class RuleActions {
  private charts: Map<string, number> | undefined;
  private units: { id: number; label: string; document: string }[] | undefined;
  private suppliers: { id: number; name: string }[] | undefined;
  private extensions = true;

  constructor(
    private readonly client: ReconcileClient,
    private readonly accountId: number,
    /** a late quota's debt on the day it was paid (#70): the amount paid is set against it */
    private readonly lateDebt?: LateDebt,
  ) {}

  /** Every chart account and supplier the rules name, found before anything is done: a rule naming none is refused. */
  async check(rules: readonly Rule[]): Promise<void> {
    for (const rule of rules) {
      const a = rule.action;
      const charts =
        a.kind === 'book' ? [a.chartAccount] : a.kind === 'split' ? a.shares.map((s) => s.chartAccount) : [];
      for (const c of charts)
        if ((await this.chart(c)) === undefined)
          throw new UsageError({
            en: `rule ${rule.id} (line ${rule.line}): there is no chart account ${c}`,
            pt: `regra ${rule.id} (linha ${rule.line}): não existe a conta do plano ${c}`,
          });
      if (a.kind === 'book' && a.supplier && (await this.supplier(a.supplier)) === undefined)
        throw new UsageError({
          en: `rule ${rule.id} (line ${rule.line}): no one supplier is ${a.supplier}`,
          pt: `regra ${rule.id} (linha ${rule.line}): nenhum fornecedor único é ${a.supplier}`,
        });
    }
  }

  /** What the rule did for the line: the entries it booked, or the invoice it settled. */
  async apply(rule: Rule, line: RuleLine): Promise<Text> {
    const a = rule.action;
    if (a.kind === 'settle_invoice') return this.settle(rule, line);
    const parts =
      a.kind === 'book'
        ? [{ chart: a.chartAccount, cents: Math.abs(line.amountCents) }]
        : splitByShares(line.amountCents, a.shares).map((cents, i) => ({
            chart: (a.shares[i] as { chartAccount: string }).chartAccount,
            cents,
          }));
    const supplierId = a.kind === 'book' && a.supplier ? await this.supplier(a.supplier) : undefined;
    const description = (a.kind === 'book' ? a.description : null) ?? line.memo ?? line.name ?? rule.id;
    const ids: number[] = [];
    for (const [i, part] of parts.entries()) {
      const body: AccountEntryCreate = {
        type: line.amountCents > 0 ? 'revenue' : 'expense',
        chart_of_accounts_id: (await this.chart(part.chart)) as number,
        bank_account_id: this.accountId,
        ...(supplierId !== undefined ? { supplier_id: supplierId } : {}),
        amount: centsToDecimal(part.cents),
        description: description.slice(0, 255),
        ...(line.fitid ? { document_number: line.fitid.slice(0, 60) } : {}),
        paid_at: line.date,
      };
      // the same line and rule is the same entry: a re-run (or a retry) replays it
      const key = `reconcile-${line.movementId}-${rule.id}-${i}`;
      ids.push((await this.create(body, line, rule, key)).id);
    }
    const many = ids.length > 1;
    return {
      en: `entr${many ? 'ies' : 'y'} ${ids.join(', ')}`,
      pt: `lançamento${many ? 's' : ''} ${ids.join(', ')}`,
    };
  }

  /**
   * A resident's credit: the unit whose owner has the CPF/CNPJ the line carries, its open invoice (the one of this
   * amount, else the oldest the amount covers), paid as the statement shows (an extension of condo's sandbox).
   */
  private async settle(rule: Rule, line: RuleLine): Promise<Text> {
    const documents = payerDocuments(line);
    const offline = settleLeftOffline(line, documents);
    if (offline) throw new LeftForPerson(offline);
    this.units ??= (await this.client.units.list()).map((u) => ({
      id: Number(u.id),
      label: String(u.label ?? u.id),
      document: digitsOnly(String(u.owner_document ?? '')),
    }));
    const unit = this.units.find((u) => u.document !== '' && documents.includes(u.document));
    if (!unit)
      throw new LeftForPerson({
        en: `no unit's owner has CPF/CNPJ ${documents.join(' or ')}`,
        pt: `nenhum proprietário de unidade tem o CPF/CNPJ ${documents.join(' ou ')}`,
      });
    const issued = (
      await this.client.invoices.list({ state: 'issued', unit_id: unit.id }, { all: true })
    ).sort((x, y) => String(x.due_date).localeCompare(String(y.due_date)));
    const open = issued.filter((i) => centsOf(i.total) <= line.amountCents);
    const invoice = open.find((i) => centsOf(i.total) === line.amountCents) ?? open[0];
    if (!invoice) {
      // below every open invoice's face value: the sandbox refuses such a payment today, so a person decides
      const oldest = issued[0];
      throw new LeftForPerson(
        oldest
          ? {
              en: `${unit.label} paid ${formatReais(line.amountCents)}, below the face value of its oldest open invoice ${oldest.public_id} (${formatReais(centsOf(oldest.total))}): underpaid by ${formatReais(centsOf(oldest.total) - line.amountCents)}, which the server does not record`,
              pt: `${unit.label} pagou ${formatReais(line.amountCents)}, abaixo do valor de face da cobrança em aberto mais antiga ${oldest.public_id} (${formatReais(centsOf(oldest.total))}): pago a menor ${formatReais(centsOf(oldest.total) - line.amountCents)}, o que o servidor não registra`,
            }
          : {
              en: `${unit.label} has no open invoice of at most ${formatReais(line.amountCents)}`,
              pt: `${unit.label} não tem cobrança em aberto de até ${formatReais(line.amountCents)}`,
            },
      );
    }
    const id = String(invoice.public_id);
    try {
      await this.client.invoices.recordPayment(
        id,
        {
          paid_at: line.date,
          amount: centsToDecimal(line.amountCents),
          bank_account_id: this.accountId,
          statement_line_id: line.movementId,
          rule_id: rule.id,
        },
        { idempotencyKey: `reconcile-${line.movementId}-${rule.id}` },
      );
    } catch (e) {
      if (!notServed(e)) throw e;
      throw new LeftForPerson({
        en: `invoice ${id} of ${unit.label}: this server records no invoice payment (an extension of condo's sandbox)`,
        pt: `cobrança ${id} de ${unit.label}: este servidor não registra pagamento de cobrança (uma extensão do sandbox do condo)`,
      });
    }
    const paid = { en: `invoice ${id} paid (${unit.label})`, pt: `cobrança ${id} paga (${unit.label})` };
    const due = String(invoice.due_date);
    if (!this.lateDebt || due >= line.date) return paid;
    // a late quota: what was paid against what was due that day, said, never lost
    const owed = await this.lateDebt(centsOf(invoice.total), due, line.date);
    if ('refused' in owed)
      return {
        en: `${paid.en}; not set against its updated debt: ${owed.refused.en}`,
        pt: `${paid.pt}; não comparada com o débito atualizado: ${owed.refused.pt}`,
      };
    const diff = line.amountCents - owed.total_cents;
    const day = formatDateBr(line.date);
    const against = {
      en: `the updated debt on ${day}, ${formatReais(owed.total_cents)}`,
      pt: `o débito atualizado em ${day}, ${formatReais(owed.total_cents)}`,
    };
    if (diff === 0)
      return { en: `${paid.en}: exactly ${against.en}`, pt: `${paid.pt}: exatamente ${against.pt}` };
    const by = formatReais(Math.abs(diff));
    return diff < 0
      ? {
          en: `${paid.en}: underpaid by ${by} against ${against.en}`,
          pt: `${paid.pt}: pago a menor ${by} que ${against.pt}`,
        }
      : {
          en: `${paid.en}: overpaid by ${by} against ${against.en}`,
          pt: `${paid.pt}: pago a maior ${by} que ${against.pt}`,
        };
  }

  private async create(body: AccountEntryCreate, line: RuleLine, rule: Rule, key: string) {
    if (this.extensions) {
      try {
        return await this.client.accountEntries.create(
          { ...body, statement_line_id: line.movementId, rule_id: rule.id },
          { idempotencyKey: key },
        );
      } catch (e) {
        // a server that refuses the two extension fields (and nothing else): the reference goes in the description
        const refused = e instanceof ValidationError ? Object.keys(e.fields ?? {}) : [];
        if (refused.length === 0 || refused.some((f) => f !== 'statement_line_id' && f !== 'rule_id'))
          throw e;
        this.extensions = false;
      }
    }
    const note = ` [regra ${rule.id}; extrato linha ${line.line}${line.fitid ? ` FITID ${line.fitid}` : ''}]`;
    return this.client.accountEntries.create(
      { ...body, description: `${body.description.slice(0, 255 - note.length)}${note}` },
      { idempotencyKey: `${key}-plain` },
    );
  }

  private async chart(ref: string): Promise<number | undefined> {
    if (!this.charts) {
      this.charts = new Map();
      for (const c of await this.client.chartOfAccounts.list()) {
        this.charts.set(String(c.code), Number(c.id));
        this.charts.set(String(c.id), Number(c.id));
      }
    }
    return this.charts.get(ref);
  }

  private async supplier(ref: string): Promise<number | undefined> {
    this.suppliers ??= (await this.client.suppliers.list()).map((s) => ({
      id: Number(s.id),
      name: String(s.name ?? ''),
    }));
    if (/^\d+$/.test(ref)) return this.suppliers.find((s) => s.id === Number(ref))?.id;
    const found = this.suppliers.filter((s) => normalizedLineText(s.name).includes(normalizedLineText(ref)));
    return found.length === 1 ? found[0]?.id : undefined;
  }
}
