/**
 * What an approval binds and what counts at delivery (#34): a batch's facts read from the API (its file's hash,
 * total, payments, creator, the suppliers it pays, the condominium's revenue), and the approvals the server keeps.
 * The policy and the signatures are approvals.ts's.
 */
import type { Client } from '../client/index.js';
import type { BatchFacts, PayeeFacts } from '../domain/approvals.js';
import { addDays, addMonthsClamped } from '../domain/dates.js';
import { AuthError, ConflictError } from '../domain/errors.js';
import { monthlyTotals } from '../domain/ledger.js';
import { judgeApproval, type LoadedPolicy, type ReadApproval } from './approvals.js';
import { ifServed } from './served.js';

/** Where a batch's facts are read: the condominium the client works for, and the day (the revenue's months). */
export interface FactsAt {
  condominium: string;
  today: string;
}

/** The batch as an approval binds it: its file by the hash of `sha256`, its total, count and creator. */
export async function batchFacts(
  client: Client,
  about: FactsAt,
  id: string,
  sha256: string,
  opts: { revenue?: boolean } = {},
): Promise<BatchFacts> {
  const batch = await client.batches.get(id);
  if (typeof batch.file_sha256 === 'string' && batch.file_sha256 !== sha256)
    throw new ConflictError({
      en: `batch ${id}: the file the server sent has SHA-256 ${sha256}, the batch says ${batch.file_sha256}: not approved, not delivered`,
      pt: `lote ${id}: o arquivo enviado pelo servidor tem SHA-256 ${sha256}, o lote diz ${batch.file_sha256}: não aprovado, não entregue`,
    });
  const amounts = (batch.payables ?? []).map((p) => Number(p.amount ?? 0));
  const payees = await payeeFacts(
    client,
    (batch.payables ?? []).map((p) => String(p.public_id)),
  );
  const average_revenue_cents = opts.revenue ? await averageRevenue(client, about.today) : null;
  return {
    condominium: about.condominium,
    batch: id,
    sha256,
    total_cents: Number(batch.total_amount ?? 0),
    payments: Number(batch.payables_count ?? amounts.length),
    largest_payment_cents: amounts.length > 0 ? Math.max(...amounts) : 0,
    created_by: typeof batch.created_by === 'string' ? batch.created_by : null,
    payees,
    average_revenue_cents,
  };
}

/** The condominium's average monthly revenue over the last 3 whole months, from its ledger (as ledger summary). */
async function averageRevenue(client: Client, today: string): Promise<number> {
  const first = `${today.slice(0, 7)}-01`;
  const from = addMonthsClamped(first, -3).slice(0, 7);
  const to = addDays(first, -1);
  const entries = await client.accountEntries.list({ from: `${from}-01`, to }, { all: true });
  const months = monthlyTotals(entries, from, to.slice(0, 7));
  return Math.round(months.reduce((sum, m) => sum + m.revenueCents, 0) / 3);
}

/** The suppliers a batch pays: new to the condominium (none of their payments was ever paid), and data changes. */
async function payeeFacts(client: Client, payableIds: string[]): Promise<PayeeFacts[]> {
  // the batch's payables' suppliers from the list of those in a batch (pages, not a call a payable); one the list
  // does not show is asked for by itself
  const wanted = new Set(payableIds);
  const supplierOf = new Map<string, unknown>();
  for (const p of await client.payables.list({ state: 'in_batch' }, { all: true }))
    if (wanted.has(p.public_id)) supplierOf.set(p.public_id, p.supplier_id);
  const missing = payableIds.filter((id) => !supplierOf.has(id));
  for (const p of await Promise.all(missing.map((id) => client.payables.get(id))))
    supplierOf.set(p.public_id, p.supplier_id);
  const supplierIds = [
    ...new Set([...supplierOf.values()].filter((id): id is number => typeof id === 'number')),
  ];
  return Promise.all(
    supplierIds.map(async (id) => {
      // paid before: a payable of a batch, or a settled expense registered for it (a month paid some other way);
      // a token that may not read expenses leaves only the payables to say
      const [supplier, paid, settled] = await Promise.all([
        client.suppliers.get(id),
        client.payables.list({ supplier_id: id, state: 'paid' }, { limit: 1 }),
        client.expenses.list({ supplier_id: id, paid: 'true' }, { limit: 1 }).catch((error: unknown) => {
          if (error instanceof AuthError && error.status === 403) return [];
          throw error;
        }),
      ]);
      const changed = (supplier as { payment_data_changed_at?: string | null }).payment_data_changed_at;
      return {
        name: supplier.name ?? `supplier ${id}`,
        new: paid.length === 0 && settled.length === 0,
        payment_data_changed_at: changed,
      };
    }),
  );
}

/** The approvals the server keeps beside the batch, judged as those in the folder are; none where it keeps none. */
export async function approvalsOnServer(
  client: Client,
  loaded: LoadedPolicy,
  id: string,
): Promise<ReadApproval[]> {
  const kept = await ifServed(() => client.batches.approvals(id), []);
  return kept.map((a) => judgeApproval(loaded, `server:${id}.${a.signer}`, a));
}
