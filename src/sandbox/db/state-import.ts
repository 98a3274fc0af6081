/**
 * Writes a whole state (the seed's output, or the JSON snapshot earlier versions kept) into an empty
 * database, inside the caller's transaction.
 */
import type { ClientRecord, Condominium, SandboxState, StatementMovement } from '../model.js';
import type { Tx } from './tx.js';

/** The legacy snapshot's movement: one `match` object where the table has columns. */
type LegacyMovement = StatementMovement & {
  match?:
    | { kind: 'entry'; entry_id: number; payable_id: string | null }
    | { kind: 'invoice'; invoice_id: string }
    | null;
};

export interface ImportOptions {
  /** the bytes of a batch's remittance, when they live outside the state (the old `batches/<id>.rem`) */
  batchFile?: (batchId: string) => Buffer | null;
}

/** `tx` must be global (no condominium); each condominium is written through a scoped one of `scoped`. */
export function importState(
  tx: Tx,
  state: SandboxState,
  scoped: (slug: string) => Tx,
  opts: ImportOptions = {},
): void {
  for (const [kind, next] of Object.entries(state.sequences)) {
    tx.prepare('INSERT INTO sequences (kind, next_id) VALUES (?, ?)').run(kind, next);
  }
  tx.setMeta('base_url', state.base_url);
  importCondominiums(tx, state.condominiums, state.clients, scoped, opts);
  for (const token of state.tokens) tx.tokens.insert({ ...token });
}

/** Condominiums with all of their records, and their clients, into a database that has other ones already. */
export function importCondominiums(
  tx: Tx,
  condominiums: readonly Condominium[],
  clients: readonly ClientRecord[],
  scoped: (slug: string) => Tx,
  opts: ImportOptions = {},
): void {
  for (const c of condominiums) {
    tx.condominiums.insert({
      slug: c.slug,
      name: c.name,
      document: c.document,
      address: c.address,
      nosso_numero_sequence: c.nosso_numero_sequence ?? 0,
    });
  }
  for (const client of clients) tx.clients.insert({ ...client, scopes: [...client.scopes] });
  for (const c of condominiums) importCondominium(scoped(c.slug), c, opts);
}

/** The id sequences as the seed counts them, read from the database and written back after. */
export function readSequences(tx: Tx): Record<string, number> {
  const rows = tx.prepare('SELECT kind, next_id FROM sequences').all() as { kind: string; next_id: number }[];
  return Object.fromEntries(rows.map((r) => [r.kind, r.next_id]));
}

export function writeSequences(tx: Tx, sequences: Record<string, number>): void {
  const upsert = tx.prepare(
    'INSERT INTO sequences (kind, next_id) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET next_id = excluded.next_id',
  );
  for (const [kind, next] of Object.entries(sequences)) upsert.run(kind, next);
}

function importCondominium(tx: Tx, c: Condominium, opts: ImportOptions): void {
  for (const r of c.blocks) tx.blocks.insert(r);
  for (const r of c.units) tx.units.insert(r);
  for (const r of c.suppliers) tx.suppliers.insert(r);
  for (const r of c.chart_of_accounts) tx.chartAccounts.insert(r);
  for (const r of c.bank_accounts) tx.bankAccounts.insert(r);
  for (const r of c.periods ?? []) tx.periods.insert(r);
  for (const { items, ...batch } of c.batches ?? []) {
    tx.batches.insert(batch);
    for (const [position, item] of items.entries()) {
      tx.batchItems.insert({ ...item, batch_id: batch.public_id, position });
    }
    const bytes = opts.batchFile?.(batch.public_id);
    if (bytes)
      tx.prepare('INSERT INTO batch_file_chunks (batch_id, seq, content) VALUES (?, 0, ?)').run(
        batch.public_id,
        bytes,
      );
  }
  for (const r of c.payables ?? []) tx.payables.insert(r);
  for (const r of c.entries ?? []) tx.entries.insert({ ...r, payable_id: r.payable_id ?? null });
  const pairs = new Map<string, { out?: number; in?: number; at: string }>();
  for (const e of c.entries ?? []) {
    if (!e.transfer_id) continue;
    const p = pairs.get(e.transfer_id) ?? { at: e.created_at };
    if (e.type === 'expense') p.out = e.id;
    else p.in = e.id;
    pairs.set(e.transfer_id, p);
  }
  for (const [transfer_id, p] of pairs) {
    if (p.out === undefined || p.in === undefined) continue;
    tx.transfers.insert({ transfer_id, outgoing_entry_id: p.out, incoming_entry_id: p.in, created_at: p.at });
  }
  for (const r of c.invoices ?? []) tx.invoices.insert(r);
  for (const r of c.expenses ?? []) tx.expenses.insert(r);
  for (const r of c.statement_imports ?? [])
    tx.statementImports.insert({
      ...r,
      // snapshots from before #35 have neither
      balance_lines: r.balance_lines ?? 0,
      scheduled: r.scheduled ?? 0,
      status: 'done',
    });
  for (const m of (c.statement_movements ?? []) as LegacyMovement[]) {
    const { match, ...rest } = m;
    tx.movements.insert({
      ...rest,
      match_entry_id: m.match_entry_id ?? (match?.kind === 'entry' ? match.entry_id : null),
      match_payable_id: m.match_payable_id ?? (match?.kind === 'entry' ? match.payable_id : null),
      match_invoice_id: m.match_invoice_id ?? (match?.kind === 'invoice' ? match.invoice_id : null),
    });
  }
  for (const r of c.webhook_subscriptions ?? []) tx.subscriptions.insert({ ...r, events: [...r.events] });
  for (const a of c.webhook_attempts ?? []) tx.recordWebhookAttempt(a);
}
