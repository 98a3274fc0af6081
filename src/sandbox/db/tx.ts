/**
 * A transaction's view of the sandbox: one repository per table, the condominium it works for, and the id
 * sequences. Services take a Tx and stay synchronous; the store opens the transaction around them.
 */
import type { CondominiumRecord, WebhookAttempt } from '../model.js';
import {
  ACCESS_TOKENS,
  ACCOUNT_ENTRIES,
  API_CLIENTS,
  BANK_ACCOUNTS,
  BATCH_APPROVALS,
  BATCH_ITEMS,
  BATCHES,
  BLOCKS,
  CHART_ACCOUNTS,
  CONDOMINIUMS,
  EXPENSES,
  INVOICES,
  PAYABLES,
  PERIODS,
  STATEMENT_IMPORTS,
  STATEMENT_MOVEMENTS,
  SUPPLIERS,
  TRANSFERS,
  UNITS,
  WEBHOOK_DELIVERIES,
  WEBHOOK_SUBSCRIPTIONS,
} from './tables.js';
import { UnitOfWork } from './unit-of-work.js';

export class Tx extends UnitOfWork {
  get condominiums() {
    return this.repo(CONDOMINIUMS);
  }
  get clients() {
    return this.repo(API_CLIENTS);
  }
  get tokens() {
    return this.repo(ACCESS_TOKENS);
  }
  get blocks() {
    return this.repo(BLOCKS);
  }
  get units() {
    return this.repo(UNITS);
  }
  get suppliers() {
    return this.repo(SUPPLIERS);
  }
  get chartAccounts() {
    return this.repo(CHART_ACCOUNTS);
  }
  get bankAccounts() {
    return this.repo(BANK_ACCOUNTS);
  }
  get periods() {
    return this.repo(PERIODS);
  }
  get payables() {
    return this.repo(PAYABLES);
  }
  get batches() {
    return this.repo(BATCHES);
  }
  get batchApprovals() {
    return this.repo(BATCH_APPROVALS);
  }
  get batchItems() {
    return this.repo(BATCH_ITEMS);
  }
  get invoices() {
    return this.repo(INVOICES);
  }
  get entries() {
    return this.repo(ACCOUNT_ENTRIES);
  }
  get transfers() {
    return this.repo(TRANSFERS);
  }
  get expenses() {
    return this.repo(EXPENSES);
  }
  get statementImports() {
    return this.repo(STATEMENT_IMPORTS);
  }
  get movements() {
    return this.repo(STATEMENT_MOVEMENTS);
  }
  get subscriptions() {
    return this.repo(WEBHOOK_SUBSCRIPTIONS);
  }
  get deliveries() {
    return this.repo(WEBHOOK_DELIVERIES);
  }

  /** The condominium this transaction works for. */
  get condo(): CondominiumRecord {
    const c = this.condominiums.get(this.requireScope());
    if (!c) throw new Error(`condominium ${this.scope} does not exist`);
    return c;
  }

  /** The next integer id of a kind (units, suppliers, entries...): unique across condominiums. */
  nextId(kind: string): number {
    // `sequences` is no repository's table: nothing tracked can change what this reads or writes, so it need not
    // write the tracked records back first (a return of 400,000 payments draws an id per entry, and each write-back
    // walked every record the import had read: quadratic, #32)
    const row = this.statement(
      'INSERT INTO sequences (kind, next_id) VALUES (?, 2) ON CONFLICT (kind) DO UPDATE SET next_id = next_id + 1 RETURNING next_id',
    ).get(kind) as { next_id: number };
    return row.next_id - 1;
  }

  /** Records a webhook delivery attempt (insert-only: attempts are never changed). */
  recordWebhookAttempt(a: WebhookAttempt): void {
    this.prepare(
      `INSERT INTO webhook_attempts (condominium, delivery_id, subscription_id, event_id, event, attempt, status_code,
         error, ok, at, duration_ms, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      this.requireScope(),
      a.delivery_id,
      a.subscription_id,
      a.event_id,
      a.event,
      a.attempt,
      a.status_code,
      a.error,
      a.ok ? 1 : 0,
      a.at,
      a.duration_ms,
      a.next_attempt_at,
    );
  }

  /** A value of the meta table (the last base URL, say). */
  meta(key: string): string | null {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      | { value: string | null }
      | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string | null): void {
    this.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
  }
}
