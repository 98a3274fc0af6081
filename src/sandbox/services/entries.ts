/**
 * Ledger entries (lançamentos): revenue and expense entries of the condominium, in cents inside. A paid
 * payable (a CNAB return's `00`) records an expense entry here; manual entries, expenses, transfers and
 * statements add theirs through `recordEntry` too.
 */
import type { IsoDate } from '../../domain/dates.js';
import { monthOf } from '../../domain/dates.js';
import type { AccountEntry, Condominium } from '../model.js';

export type NewEntry = Omit<AccountEntry, 'id' | 'period' | 'created_at'>;

/**
 * Adds an entry (its period is the month of paid_at) and moves its bank account's balance: revenue in,
 * expense out. Every ledger write goes through here, so a balance cannot miss an entry.
 */
export function recordEntry(
  condo: Condominium,
  nextId: () => number,
  now: Date,
  entry: NewEntry,
): AccountEntry {
  const record: AccountEntry = {
    id: nextId(),
    ...entry,
    period: monthOf(entry.paid_at),
    created_at: now.toISOString(),
  };
  condo.entries.push(record);
  const account = condo.bank_accounts.find((b) => b.id === record.bank_account_id);
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

export function listEntries(condo: Condominium, f: EntryFilters): AccountEntry[] {
  return condo.entries
    .filter(
      (e) =>
        (!f.from || e.paid_at >= f.from) &&
        (!f.to || e.paid_at <= f.to) &&
        (f.chart_of_accounts_id === undefined || e.chart_of_accounts_id === f.chart_of_accounts_id) &&
        (f.bank_account_id === undefined || e.bank_account_id === f.bank_account_id) &&
        (!f.type || e.type === f.type) &&
        (!f.source || e.source === f.source) &&
        (!f.period || e.period === f.period),
    )
    .sort((a, b) => a.paid_at.localeCompare(b.paid_at) || a.id - b.id);
}
