/**
 * Payables (contas a pagar): creation, edits and the remittance marking, enforcing the state machine of
 * src/domain/payables.ts. Batches (CNAB remessa/retorno) move payables further; they live in their own service.
 * Functions take the transaction and the clock, change the records and return the payable, or throw a
 * DomainError (services/errors.ts) that the HTTP layer turns into the answer.
 */

import type { IsoDate } from '../../domain/dates.js';
import { todayIn } from '../../domain/dates.js';
import {
  type PayableAction,
  type PayableState,
  payableActionRefusal,
  remittanceRefusal,
  reviewBoleto,
} from '../../domain/payables.js';
import {
  type FieldErrors,
  type PayableCreate,
  PayableCreate as PayableCreateSchema,
  type PayableUpdate,
} from '../../domain/request-bodies.js';
import { type TributeFacts, tributeProblems } from '../../domain/tributes.js';
import { monotonicUlids } from '../../domain/ulids.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type { Payable, Supplier } from '../model.js';
import { domainRule, invalidState, notFound, validationFailed } from './errors.js';
import { referenceErrors } from './lookups.js';

const newPublicId = monotonicUlids();

export interface PayableFilters {
  state?: PayableState | undefined;
  supplier_id?: number | undefined;
  due_from?: IsoDate | undefined;
  due_to?: IsoDate | undefined;
}

export function listPayables(tx: Tx, f: PayableFilters, page: PageRequest): PageOf<Payable> {
  const w = tx.payables
    .where()
    .eq('state', f.state)
    .eq('supplier_id', f.supplier_id)
    .gte('due_date', f.due_from)
    .lte('due_date', f.due_to);
  return tx.payables.page(w, ['due_date', 'public_id'], page);
}

export function findPayable(tx: Tx, publicId: string): Payable {
  const p = tx.payables.get(publicId);
  if (!p) throw notFound('payable');
  return p;
}

function supplierOf(tx: Tx, id: number | null | undefined): Supplier | undefined {
  return id == null ? undefined : tx.suppliers.get(id);
}

/** A write's answer: the payable, and what was accepted but worth saying (a boleto's other due date). */
export interface PayableWrite {
  payable: Payable;
  warnings: { field: string; message: string }[];
}

/**
 * The boleto rules of src/domain/payables.ts and a tax guide's (src/domain/tributes.ts) on the payable as it will
 * be: refusals join `fields`.
 */
function boletoWarnings(
  p: Parameters<typeof reviewBoleto>[0] & TributeFacts,
  now: Date,
  fields: FieldErrors,
) {
  const review = reviewBoleto(p, todayIn(now));
  for (const [name, messages] of [...Object.entries(review.fields), ...Object.entries(tributeProblems(p))])
    fields[name] = [...(fields[name] ?? []), ...messages];
  return review.warnings;
}

export function createPayable(tx: Tx, body: PayableCreate, now: Date): PayableWrite {
  const fields = referenceErrors(tx, body);
  const warnings = boletoWarnings(body, now, fields);
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const supplier = supplierOf(tx, body.supplier_id);
  const at = now.toISOString();
  const payable: Payable = {
    public_id: newPublicId(now.getTime()),
    // every field the body may carry, null where it was left out (so a new optional field needs no line here)
    ...(Object.fromEntries(
      Object.keys(PayableCreateSchema.properties).map((name) => [
        name,
        body[name as keyof PayableCreate] ?? null,
      ]),
    ) as Required<PayableCreate>),
    payee_name: body.payee_name ?? supplier?.name ?? null,
    state: 'pending',
    batch_id: null,
    paid_at: null,
    paid_amount: null,
    last_return: null,
    created_at: at,
    updated_at: at,
  };
  return { payable: tx.payables.insert(payable), warnings };
}

/** Fields a payable cannot be without: null in a PATCH is refused rather than silently ignored. */
const REQUIRED_ON_UPDATE = ['amount', 'forma_pagamento', 'due_date', 'description'] as const;

function refuse(action: PayableAction, p: Payable): void {
  const refusal = payableActionRefusal(action, p.state);
  if (refusal) throw invalidState(refusal.message, refusal.params as Record<string, string>);
}

export function updatePayable(tx: Tx, p: Payable, patch: PayableUpdate, now: Date): PayableWrite {
  refuse('update', p);
  const fields: FieldErrors = {};
  // The spec makes every field nullable; a payable cannot be without these, so a null keeps the value, said as a
  // warning (docs/DESIGN.md "Response fields").
  const ignored = REQUIRED_ON_UPDATE.filter((name) => patch[name] === null);
  const nullWarnings = ignored.map((name) => ({
    field: name,
    message: `null ignored: a payable cannot be without its ${name}, which stays ${JSON.stringify(p[name])}`,
  }));
  const changes = Object.entries(patch).filter(
    ([name, v]) => v !== undefined && !(ignored as readonly string[]).includes(name),
  );
  if (changes.length === 0) return { payable: p, warnings: nullWarnings };
  // The boleto must still agree with the payable once the change is applied (a new amount, a new document).
  const warnings = [
    ...nullWarnings,
    ...boletoWarnings({ ...p, ...Object.fromEntries(changes) } as Payable, now, fields),
  ];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  for (const [name, value] of changes) {
    (p as unknown as Record<string, unknown>)[name] = value;
  }
  if (patch.payee_name === null) p.payee_name = supplierOf(tx, p.supplier_id)?.name ?? null;
  p.updated_at = now.toISOString();
  return { payable: p, warnings };
}

export function deletePayable(tx: Tx, p: Payable): void {
  refuse('delete', p);
  tx.payables.remove(p);
}

/** pending -> marked_for_remessa, when the payable can travel in a CNAB file (else 422 not_remittable). */
export function markForRemittance(tx: Tx, p: Payable, now: Date): Payable {
  refuse('mark', p);
  const supplier = supplierOf(tx, p.supplier_id);
  const refusal = remittanceRefusal({
    forma_pagamento: p.forma_pagamento,
    payee_document: supplier?.document ?? null,
    document_number: p.document_number,
    payee_bank: supplier?.bank ?? null,
    pix_key: supplier?.pix_key ?? null,
    tribute: p.tribute,
    amount: p.amount,
    discount_amount: p.discount_amount,
  });
  // the reason and the method beside the message: a client says them in its person's language (#53)
  if (refusal)
    throw domainRule('not_remittable', refusal.message, undefined, {
      reason: refusal.reason,
      forma_pagamento: p.forma_pagamento,
    });
  p.state = 'marked_for_remessa';
  p.updated_at = now.toISOString();
  return p;
}

/** marked_for_remessa -> pending. */
export function unmarkForRemittance(p: Payable, now: Date): Payable {
  refuse('unmark', p);
  p.state = 'pending';
  p.updated_at = now.toISOString();
  return p;
}
