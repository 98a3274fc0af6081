/**
 * Payment batches (lotes de pagamento): the CNAB 240 remittance (remessa) generated from every payable marked
 * for remittance, and taken back while the bank has not answered; reading them. The payables' mapping to the
 * file's payments is remittance.ts; the bank's return (retorno) applied to them is returns.ts.
 *
 *   generation  marked_for_remessa -> in_batch (batch_id set); one .rem written with the next NSA
 *   cancel      in_batch -> marked_for_remessa, the batch canceled
 *
 * Each runs inside the request's one transaction: a failure anywhere rolls the whole change back.
 */
import { createHash } from 'node:crypto';
import { totalsByForma } from '../../domain/batch-preview.js';
import { paymentDateRefusal } from '../../domain/business-days.js';
import { type IsoDate, todayIn } from '../../domain/dates.js';
import type { PayableState } from '../../domain/payables.js';
import {
  Cnab240InputError,
  dialectForBank,
  type PayingCompany,
  toSeuNumero,
  writePaymentRemittance,
} from '../../formats/cnab240/index.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/unit-of-work.js';
import { monotonicUlids } from '../ids.js';
import type { BatchItemRow, LastReturn, PaymentBatchRecord } from '../model.js';
import { domainRule, invalidState, notFound, validationFailed } from './errors.js';
import { paymentAccountOf } from './lookups.js';
import { addressOf, notRemittable, payableTotal, paymentOf, splitAccount } from './remittance.js';

const newPublicId = monotonicUlids();

/** NSA wraps after 999999, as banks expect a 6-digit sequence. */
const MAX_FILE_SEQUENCE = 999_999;

export function listBatches(
  tx: Tx,
  state: PaymentBatchRecord['state'] | undefined,
  page: PageRequest,
): PageOf<PaymentBatchRecord> {
  return tx.batches.page(
    tx.batches.where().eq('state', state),
    ['created_at DESC', 'file_sequence DESC'],
    page,
  );
}

export function findBatch(tx: Tx, publicId: string): PaymentBatchRecord {
  const b = tx.batches.get(publicId);
  if (!b) throw notFound('payment batch');
  return b;
}

/** The batch's payables in remittance order. */
export function batchItems(tx: Tx, batch: PaymentBatchRecord): BatchItemRow[] {
  return tx.batchItems.find(tx.batchItems.where().eq('batch_id', batch.public_id), { orderBy: ['position'] });
}

/** The state now of each payable a batch carried (absent once deleted). */
export function itemStates(tx: Tx, batch: PaymentBatchRecord): Map<string, PayableState> {
  const rows = tx
    .prepare(
      `SELECT p.public_id, p.state FROM batch_items i JOIN payables p ON p.public_id = i.public_id
       WHERE i.batch_id = ? AND p.condominium = ?`,
    )
    .all(batch.public_id, tx.requireScope()) as { public_id: string; state: PayableState }[];
  return new Map(rows.map((r) => [r.public_id, r.state]));
}

/** One batch a payable travelled in, as the payable's history shows it. */
export interface PayableBatchStep {
  batch_id: string;
  data_pagamento: string;
  file_name: string;
  created_at: string;
  /** what the bank said of this payable in that batch; `canceled` when the batch was taken back; null: no word yet */
  outcome: 'scheduled' | 'paid' | 'rejected' | 'canceled' | null;
  last_return: LastReturn | null;
}

/**
 * Every batch that carried the payable, oldest first: a rejection returns it to pending without a batch, and this
 * is where the batch that refused it is still named.
 */
export function payableHistory(tx: Tx, publicId: string): PayableBatchStep[] {
  const rows = tx
    .prepare(
      `SELECT i.batch_id, b.data_pagamento, b.file_name, b.created_at, b.state, i.outcome, i.last_return
       FROM batch_items i JOIN batches b ON b.public_id = i.batch_id
       WHERE i.public_id = ? AND b.condominium = ? ORDER BY b.created_at, b.file_sequence`,
    )
    .all(publicId, tx.requireScope()) as (Omit<PayableBatchStep, 'last_return'> & {
    state: string;
    last_return: string | null;
  })[];
  return rows.map(({ state, last_return, outcome, ...r }) => ({
    ...r,
    outcome: outcome ?? (state === 'canceled' ? 'canceled' : null),
    last_return: last_return ? (JSON.parse(last_return) as LastReturn) : null,
  }));
}

/** The remittance's bytes, stored with the batch. */
export function batchFile(tx: Tx, batch: PaymentBatchRecord): Buffer | null {
  const row = tx.prepare('SELECT content FROM batch_files WHERE batch_id = ?').get(batch.public_id);
  return (row as { content: Buffer } | undefined)?.content ?? null;
}

function nextFileSequence(tx: Tx): number {
  const last = tx.batches.first(undefined, ['file_sequence DESC'])?.file_sequence ?? 0;
  return (last % MAX_FILE_SEQUENCE) + 1;
}

export interface BatchCreateInput {
  data_pagamento: IsoDate;
}

/**
 * Generates the batch: validates, writes the remittance text, then moves the payables to in_batch and stores
 * the batch, its items and its file.
 */
export function createBatch(tx: Tx, body: BatchCreateInput, now: Date): PaymentBatchRecord {
  const today = todayIn(now);
  if (body.data_pagamento < today) {
    throw validationFailed(
      { data_pagamento: [`must not be before today (${today})`] },
      'data_pagamento is in the past',
    );
  }
  // A bank refuses (or moves) a payment dated on a weekend or a bank holiday: say so now, with the next day.
  const notBusiness = paymentDateRefusal(body.data_pagamento);
  if (notBusiness) throw validationFailed({ data_pagamento: [notBusiness] }, notBusiness);
  const marked = tx.payables.find(tx.payables.where().eq('state', 'marked_for_remessa'), {
    orderBy: ['due_date', 'public_id'],
  });
  if (marked.length === 0) {
    throw domainRule('nothing_to_remit', 'no payable is marked for remittance (marked_for_remessa)');
  }
  const account = paymentAccountOf(tx);
  const condo = tx.condo;
  if (!account) {
    throw domainRule('not_remittable', 'the condominium has no payment bank account (is_payment_account)', {
      bank_account_id: ['no bank account is the payment account'],
    });
  }
  const { account: accountNumber, digit } = splitAccount(account.account_number);
  const agency = splitAccount(account.agency.includes('-') ? account.agency : `${account.agency}-`);
  const address = addressOf(condo.address);
  const company: PayingCompany = {
    name: condo.name,
    document: condo.document,
    bankCode: account.bank_code,
    bankName: account.bank_name,
    agency: agency.account,
    ...(agency.digit ? { agencyDigit: agency.digit } : {}),
    account: accountNumber,
    accountDigit: digit,
    ...(address ? { address } : {}),
  };
  const fileSequence = nextFileSequence(tx);
  // The return is matched by seu número: the payable's id, or, where the bank's layout takes a short number
  // (Caixa's 6 digits), the payment's position in the batch, which the batch's items keep.
  const digits = dialectForBank(account.bank_code).seuNumeroDigits;
  const seuNumeros = marked.map((p, i) =>
    digits ? String(i + 1).padStart(digits, '0') : toSeuNumero(p.public_id),
  );
  const payments = marked.map((p, i) =>
    paymentOf(
      p,
      p.supplier_id == null ? undefined : tx.suppliers.get(p.supplier_id),
      seuNumeros[i] as string,
    ),
  );
  let text: string;
  try {
    text = writePaymentRemittance({
      company,
      fileSequence,
      generatedAt: now,
      paymentDate: body.data_pagamento,
      payments,
    });
  } catch (err) {
    if (err instanceof Cnab240InputError) throw notRemittable(err, marked);
    throw err;
  }

  const at = now.toISOString();
  const publicId = newPublicId(now.getTime());
  const items: BatchItemRow[] = marked.map((p, i) => ({
    batch_id: publicId,
    position: i,
    public_id: p.public_id,
    seu_numero: seuNumeros[i] as string,
    forma_pagamento: p.forma_pagamento,
    payee_name: payments[i]?.payeeName ?? '',
    amount: payableTotal(p),
    outcome: null,
    last_return: null,
  }));
  const byForma = totalsByForma(items.map((i) => ({ forma: i.forma_pagamento, amount: i.amount })));
  const bytes = Buffer.from(text, 'latin1');
  const batch = tx.batches.insert({
    public_id: publicId,
    state: 'generated',
    data_pagamento: body.data_pagamento,
    bank_account_id: account.id,
    file_name: `PAG240_${condo.slug}_${String(fileSequence).padStart(6, '0')}.rem`,
    file_sequence: fileSequence,
    file_sha256: createHash('sha256').update(bytes).digest('hex'),
    file_size: bytes.length,
    payables_count: items.length,
    total_amount: items.reduce((sum, i) => sum + i.amount, 0),
    by_forma: byForma,
    returns: [],
    created_at: at,
  });
  for (const item of items) tx.batchItems.insert(item);
  tx.prepare('INSERT INTO batch_files (batch_id, content) VALUES (?, ?)').run(publicId, bytes);
  for (const p of marked) {
    p.state = 'in_batch';
    p.batch_id = publicId;
    p.updated_at = at;
  }
  return batch;
}

/**
 * Takes a batch back while no return has been imported for it (a sandbox extension): its payables go back to
 * marked_for_remessa, out of the batch, and the batch stays, `canceled`, with its file, for the record. The bank
 * must not have the file: cancelling here does not reach a bank that already has it.
 */
export function cancelBatch(tx: Tx, batch: PaymentBatchRecord, now: Date): PaymentBatchRecord {
  if (batch.state === 'canceled') throw invalidState(`batch ${batch.public_id} is already canceled`);
  if (batch.state !== 'generated' || batch.returns.length > 0)
    throw invalidState(
      `batch ${batch.public_id} has a return imported (${batch.state}): the bank has it, it cannot be canceled`,
    );
  const at = now.toISOString();
  for (const p of tx.payables.find(tx.payables.where().eq('batch_id', batch.public_id))) {
    if (p.state !== 'in_batch') continue;
    p.state = 'marked_for_remessa';
    p.batch_id = null;
    p.updated_at = at;
  }
  batch.state = 'canceled';
  return batch;
}
