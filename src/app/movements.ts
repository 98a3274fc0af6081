/**
 * The statement movements no entry accounts for, as a server lists them from its imports (`statements list|show`,
 * an extension of condo's sandbox), each once: what reconciliation rules judge (#35) and what the month report's
 * balances count (#36). A server lists at most 500 an import.
 */
import type { Client, StatementRecord } from '../client/index.js';
import type { RuleLine } from '../domain/statement-rules.js';
import { type Extension, ifServed, viaExtension } from './served.js';

/**
 * The statement imports a server keeps (of one account, when named); null where it keeps none (an extension), so a
 * caller can tell "no import" from "no way to know" (the month's document names the balances it cannot vouch for).
 */
export async function importsKnown(
  client: Pick<Client, 'statements'>,
  filter: { bank_account_id?: number } = {},
): Promise<StatementRecord[] | null> {
  return ifServed(async () => [...(await client.statements.list(filter, { all: true }))], null);
}

/** The statement imports a server keeps; none where it keeps none. */
export async function importsKept(
  client: Pick<Client, 'statements'>,
  filter: { bank_account_id?: number } = {},
): Promise<StatementRecord[]> {
  return (await importsKnown(client, filter)) ?? [];
}

export const STATEMENTS_EXTENSION: Extension = {
  action: { en: 'list statement imports', pt: 'listar importações de extrato' },
  verb: 'statements list|show',
};

/** A bank account's statement imports, said plainly where a server keeps none (reconciling needs them). */
export async function accountImports(client: Client, accountId: number): Promise<StatementRecord[]> {
  return viaExtension(STATEMENTS_EXTENSION, async () => [
    ...(await client.statements.list({ bank_account_id: accountId }, { all: true })),
  ]);
}

/** An unmatched movement as an import's answer or an import's detail lists it. */
export interface ListedMovement {
  movement_id?: string;
  line?: number;
  date: string;
  amount_cents: number;
  memo?: string | null;
  name?: string | null;
  fitid?: string | null;
  document_number?: string | null;
}

/** The movement as a rule sees it; none without the movement's id (a server that gives none). */
export function ruleLineOf(m: ListedMovement, bankAccountId: number): RuleLine | null {
  if (!m.movement_id) return null;
  return {
    movementId: m.movement_id,
    line: m.line ?? 0,
    date: m.date,
    amountCents: m.amount_cents,
    memo: m.memo ?? null,
    name: m.name ?? null,
    fitid: m.fitid ?? null,
    document: m.document_number ?? null,
    bankAccountId,
  };
}

/** The imports' unmatched movements dated in [from, to] (to open when not given), file order, each once. */
export async function unmatchedMovements(
  client: Pick<Client, 'statements'>,
  imports: readonly StatementRecord[],
  range: { from: string; to?: string },
): Promise<RuleLine[]> {
  const inRange = (date: string) => date >= range.from && (range.to === undefined || date <= range.to);
  const lines = new Map<string, RuleLine>();
  for (const imp of imports) {
    // an import whose period misses the range has no line in it
    const { start, end } = imp.period ?? { start: null, end: null };
    if ((end && end < range.from) || (start && range.to !== undefined && start > range.to)) continue;
    const detail = await client.statements.get(String(imp.statement_id));
    for (const m of detail.unmatched_transactions ?? []) {
      const line = ruleLineOf(m, Number(imp.bank_account_id));
      if (line && inRange(line.date) && !lines.has(line.movementId as string))
        lines.set(line.movementId as string, line);
    }
  }
  return [...lines.values()].sort((a, b) => a.date.localeCompare(b.date) || a.line - b.line);
}
