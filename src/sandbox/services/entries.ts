/**
 * Ledger entries (lançamentos): revenue and expense entries of the condominium, in cents inside. A paid
 * payable (a CNAB return's `00`) records an expense entry here; manual entries, expenses, transfers and
 * statements add theirs through `recordEntry` too.
 */
import type { IsoDate } from '../../domain/dates.js';
import { monthOf } from '../../domain/dates.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type { AccountEntry } from '../model.js';

export type NewEntry = Omit<AccountEntry, 'id' | 'period' | 'created_at'>;

/**
 * Adds an entry (its period is the month of paid_at) and moves its bank account's balance: revenue in,
 * expense out. Every ledger write goes through here, so a balance cannot miss an entry.
 */
export function recordEntry(tx: Tx, now: Date, entry: NewEntry): AccountEntry {
  const record = tx.entries.insert({
    id: tx.nextId('account_entries'),
    ...entry,
    payable_id: entry.payable_id ?? null,
    statement_line_id: entry.statement_line_id ?? null,
    rule_id: entry.rule_id ?? null,
    period: monthOf(entry.paid_at),
    created_at: now.toISOString(),
  });
  const account = record.bank_account_id === null ? undefined : tx.bankAccounts.get(record.bank_account_id);
  if (account)
    account.current_balance_cents += record.type === 'revenue' ? record.amount_cents : -record.amount_cents;
  return record;
}

export interface EntryFilters {
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
  chart_of_accounts_id?: number | undefined;
  bank_account_id?: number | undefined;
  type?: AccountEntry['type'] | undefined;
  source?: AccountEntry['source'] | undefined;
  period?: string | undefined;
}

export function listEntries(tx: Tx, f: EntryFilters, page: PageRequest): PageOf<AccountEntry> {
  const w = tx.entries
    .where()
    .gte('paid_at', f.from)
    .lte('paid_at', f.to)
    .eq('chart_of_accounts_id', f.chart_of_accounts_id)
    .eq('bank_account_id', f.bank_account_id)
    .eq('type', f.type)
    .eq('source', f.source)
    .eq('period', f.period);
  return tx.entries.page(w, ['paid_at', 'id'], page);
}
