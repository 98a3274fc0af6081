/**
 * Payment batches (lotes de pagamento): the CNAB 240 remittance (remessa) generated from every payable marked
 * for remittance, and the bank's return (retorno) applied to them.
 *
 *   generation  marked_for_remessa -> in_batch (batch_id set); one .rem written with the next NSA
 *   return      BD (accepted)  in_batch -> scheduled
 *               00 (paid)      in_batch|scheduled -> paid, plus an expense entry and the paying account debited
 *               a rejection    in_batch|scheduled -> pending, batch_id null, last_return {code, message, at}
 *
 * Both run inside the request's one transaction: a failure anywhere rolls the whole change back.
 */
import { createHash } from 'node:crypto';
import { totalsByForma } from '../../domain/batch-preview.js';
import { paymentDateRefusal } from '../../domain/business-days.js';
import { type IsoDate, monthOf, todayIn } from '../../domain/dates.js';
import { digitsOnly } from '../../domain/digits.js';
import { centsToDecimal } from '../../domain/money.js';
import { type PayableState, payableTotalCents } from '../../domain/payables.js';
import type { PayableTribute } from '../../domain/tributes.js';
import {
  Cnab240InputError,
  classifyOccurrences,
  decodePaymentOccurrences,
  dialectForBank,
  type PayeeBankAccount,
  type PayingCompany,
  type PaymentOutcome,
  type RemittancePayment,
  type TributePayment,
  toSeuNumero,
  writePaymentRemittance,
} from '../../formats/cnab240/index.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/unit-of-work.js';
import { monotonicUlids } from '../ids.js';
import type {
  BatchItemRow,
  BatchReturnSummary,
  LastReturn,
  Payable,
  PaymentBatchRecord,
  Supplier,
  SupplierBank,
} from '../model.js';
import { recordEntry } from './entries.js';
import { domainRule, invalidState, notFound, validationFailed } from './errors.js';
import { paymentAccountOf } from './lookups.js';
import { periodStateOf } from './periods.js';

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

/** The total a payable's payment carries: amount + fine + interest - discount, in cents. */
export const payableTotal = (p: Payable): number => payableTotalCents(p);

function nextFileSequence(tx: Tx): number {
  const last = tx.batches.first(undefined, ['file_sequence DESC'])?.file_sequence ?? 0;
  return (last % MAX_FILE_SEQUENCE) + 1;
}

/** `12345-6` -> account 12345, digit 6; `28410-X` -> digit X; without a dash the last character is the digit. */
export function splitAccount(text: string): { account: string; digit: string } {
  const clean = text.trim();
  const dash = clean.lastIndexOf('-');
  if (dash > 0) return { account: digitsOnly(clean.slice(0, dash)), digit: clean.slice(dash + 1) };
  return { account: clean.slice(0, -1), digit: clean.slice(-1) };
}

/** "Rua X, 450 - Bairro, Cidade - UF, 14021-620" into the lote header's address fields (best effort). */
function addressOf(text: string): PayingCompany['address'] {
  const m = /^(.+?),\s*(\d+)\s*(?:-\s*[^,]*)?,\s*(.+?)\s*-\s*([A-Z]{2}),\s*(\d{5}-?\d{3})\s*$/.exec(text);
  if (!m) return undefined;
  return { street: m[1], number: m[2], city: m[3], state: m[4], zip: m[5] };
}

function payeeBank(bank: SupplierBank): PayeeBankAccount {
  const agency = splitAccount(bank.agency.includes('-') ? bank.agency : `${bank.agency}-`);
  const { account, digit } = splitAccount(bank.account);
  return {
    bankCode: bank.code,
    agency: agency.account,
    ...(agency.digit ? { agencyDigit: agency.digit } : {}),
    account,
    accountDigit: digit,
    accountType: bank.account_type,
  };
}

/** One payable as a payment of the remittance, under the seu número the return will quote. */
function paymentOf(p: Payable, supplier: Supplier | undefined, seuNumero: string): RemittancePayment {
  const base = {
    seuNumero,
    amountCents: payableTotal(p),
    payeeName: p.payee_name ?? supplier?.name ?? '',
    payeeDocument: supplier?.document ?? '',
  };
  if (p.tribute) return tributeOf(p, p.tribute, base);
  switch (p.forma_pagamento) {
    case 'pix':
      if (supplier?.pix_key) {
        return {
          ...base,
          forma: 'pix',
          pixKey: supplier.pix_key,
          ...(supplier.pix_key_type ? { pixKeyType: supplier.pix_key_type } : {}),
          message: p.description.slice(0, 60),
        };
      }
      return {
        ...base,
        forma: 'pix',
        ...(supplier?.bank ? { bank: payeeBank(supplier.bank) } : {}),
        message: p.description.slice(0, 60),
      };
    case 'boleto':
      return {
        ...base,
        forma: 'boleto',
        barcode: p.document_number ?? '',
        // An arrecadação slip (8…) has no due-date factor: its segment O carries the payable's due date. A boleto
        // de cobrança's segment J reads its own from the barcode.
        ...(digitsOnly(p.document_number).startsWith('8') ? { dueDate: p.due_date } : {}),
        ...(p.discount_amount ? { discountCents: p.discount_amount } : {}),
        ...((p.fine_amount ?? 0) + (p.interest_amount ?? 0) > 0
          ? { fineCents: (p.fine_amount ?? 0) + (p.interest_amount ?? 0) }
          : {}),
      };
    default:
      return {
        ...base,
        forma: p.forma_pagamento as 'ted' | 'doc',
        bank: supplier?.bank
          ? payeeBank(supplier.bank)
          : (undefined as unknown as PayeeBankAccount) /* the writer names the missing bank */,
      };
  }
}

/**
 * A tax guide as the writer takes it: the payable's amount is the principal, its fine and interest apart (the
 * writer's amount is the total); the contributor is the condominium unless the guide names another.
 */
function tributeOf(
  p: Payable,
  t: PayableTribute,
  base: { seuNumero: string; amountCents: number; payeeName: string },
): TributePayment {
  return {
    ...base,
    forma: 'tribute',
    tribute: t.kind,
    revenueCode: t.revenue_code,
    ...(t.contributor_document ? { contributorDocument: t.contributor_document } : {}),
    ...(t.period ? { period: t.period } : {}),
    ...(t.reference ? { reference: t.reference } : {}),
    dueDate: p.due_date,
    ...(p.fine_amount ? { fineCents: p.fine_amount } : {}),
    ...(p.interest_amount ? { interestCents: p.interest_amount } : {}),
    ...(t.other_entities_amount ? { otherEntitiesCents: t.other_entities_amount } : {}),
    ...(p.document_number ? { barcode: p.document_number } : {}),
    ...(t.fgts_identifier ? { fgtsIdentifier: t.fgts_identifier } : {}),
  };
}

/** The writer's field (`payments[2].bank.account`) as the payable's own field. */
const FIELD_NAMES: [RegExp, string][] = [
  [/^seuNumero/, 'public_id'],
  [/^amountCents/, 'amount'],
  [/^payeeName/, 'payee_name'],
  [/^payeeDocument/, 'supplier.document'],
  [/^bank\.bankCode/, 'supplier.bank.code'],
  [/^bank\.agency/, 'supplier.bank.agency'],
  [/^bank\.account/, 'supplier.bank.account'],
  [/^bank/, 'supplier.bank'],
  [/^pixKeyType/, 'supplier.pix_key_type'],
  [/^pixKey/, 'supplier.pix_key'],
  [/^barcode/, 'document_number'],
  [/^tribute/, 'tribute.kind'],
  [/^revenueCode/, 'tribute.revenue_code'],
  [/^contributorDocument/, 'tribute.contributor_document'],
  [/^period/, 'tribute.period'],
  [/^reference/, 'tribute.reference'],
  [/^otherEntitiesCents/, 'tribute.other_entities_amount'],
  [/^fgtsIdentifier/, 'tribute.fgts_identifier'],
  [/^interestCents/, 'interest_amount'],
  [/^message/, 'description'],
  [/^dueDate/, 'due_date'],
  [/^discountCents/, 'discount_amount'],
  [/^fineCents/, 'fine_amount'],
  [/^faceValueCents/, 'amount'],
  [/^forma/, 'forma_pagamento'],
];

function notRemittable(err: Cnab240InputError, payables: Payable[]): Error {
  const m = /^payments\[(\d+)\]\.?(.*)$/.exec(err.field);
  const detail = err.message.slice(err.field.length + 2);
  if (!m) {
    // the paying company or the file itself: the condominium's or its payment account's data
    return domainRule('not_remittable', `the remittance cannot be written: ${err.message}`, {
      [err.field]: [detail],
    });
  }
  const p = payables[Number(m[1])];
  const inner = m[2] ?? '';
  const field = FIELD_NAMES.find(([re]) => re.test(inner))?.[1] ?? (inner || 'payable');
  const id = p?.public_id ?? `#${m[1]}`;
  return domainRule(
    'not_remittable',
    `payable ${id} cannot be written to the remittance: ${field} ${detail}`,
    {
      [`payables.${id}.${field}`]: [detail],
    },
  );
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

// ---- return (retorno) ---------------------------------------------------------------------------------

/** What the route keeps of each payment line of the return file (not the whole item). */
export interface ReturnLine {
  line: number;
  seu_numero: string | null;
  codes: string[];
  amount_cents: number | null;
  paid_amount_cents: number | null;
  date: string | null;
  paid_date: string | null;
}

export interface ReturnFileFacts {
  bank_code: string | null;
  sha256: string;
  file_name: string | null;
  /** the reader's warnings, passed through */
  warnings: { line: number; message: string }[];
}

export interface ReturnResult {
  paid: number;
  scheduled: number;
  rejected: number;
  unchanged: number;
  unknown: number;
  lines: number;
  warnings: { line: number; message: string }[];
}

const FINAL: ReadonlySet<string> = new Set(['paid', 'rejected']);

/** Applies a return file's lines to the batch's payables. */
export function applyReturn(
  tx: Tx,
  batch: PaymentBatchRecord,
  lines: readonly ReturnLine[],
  file: ReturnFileFacts,
  now: Date,
): ReturnResult {
  if (batch.state === 'canceled')
    throw invalidState(`batch ${batch.public_id} was canceled: a return for it names payments never sent`);
  const at = now.toISOString();
  const today = todayIn(now);
  const bank = file.bank_code ?? undefined;
  const items = batchItems(tx, batch);
  const bySeu = new Map(items.map((i) => [i.seu_numero, i]));
  const result: ReturnResult = {
    paid: 0,
    scheduled: 0,
    rejected: 0,
    unchanged: 0,
    unknown: 0,
    lines: lines.length,
    warnings: [...file.warnings],
  };
  const warn = (line: number, message: string) => result.warnings.push({ line, message });

  for (const line of lines) {
    const seu = line.seu_numero ? toSeuNumero(line.seu_numero) : '';
    const item = seu ? bySeu.get(seu) : undefined;
    if (!item) {
      result.unknown++;
      warn(line.line, `seu número "${line.seu_numero ?? ''}" is not a payable of this batch; not applied`);
      continue;
    }
    if (line.codes.length === 0) {
      result.unchanged++;
      warn(line.line, `no occurrence code for payable ${item.public_id}; not applied`);
      continue;
    }
    const outcome: PaymentOutcome = classifyOccurrences(line.codes, bank);
    const p = tx.payables.get(item.public_id);
    // Only a payable still travelling in this batch moves; a final outcome is never revisited.
    const live = p && p.batch_id === batch.public_id && (p.state === 'in_batch' || p.state === 'scheduled');
    if (!p || !live || (item.outcome && FINAL.has(item.outcome))) {
      result.unchanged++;
      if (item.outcome && item.outcome !== outcome && FINAL.has(item.outcome)) {
        warn(
          line.line,
          `payable ${item.public_id} was already ${item.outcome} by an earlier return; now ${outcome}: not applied`,
        );
      } else if (!p) {
        warn(line.line, `payable ${item.public_id} no longer exists; not applied`);
      }
      continue;
    }
    const occurrences = decodePaymentOccurrences(line.codes, bank);
    if (outcome === 'scheduled') {
      if (p.state === 'scheduled') {
        result.unchanged++;
        continue;
      }
      const main = occurrences.find((o) => o.kind === 'scheduled') ?? occurrences[0];
      const ret: LastReturn = { code: main?.code ?? '', message: main?.message ?? '', at };
      p.state = 'scheduled';
      p.last_return = ret;
      p.updated_at = at;
      item.outcome = 'scheduled';
      item.last_return = { ...ret };
      result.scheduled++;
    } else if (outcome === 'paid') {
      const paidAt = line.paid_date ?? line.date ?? batch.data_pagamento;
      const paidAmount = line.paid_amount_cents ?? line.amount_cents ?? item.amount;
      const main = occurrences.find((o) => o.kind === 'paid') ?? occurrences[0];
      const ret: LastReturn = { code: main?.code ?? '', message: main?.message ?? '', at };
      p.state = 'paid';
      p.paid_at = paidAt;
      p.paid_amount = paidAmount;
      p.last_return = ret;
      p.updated_at = at;
      item.outcome = 'paid';
      item.last_return = { ...ret };
      recordEntry(tx, now, {
        type: 'expense',
        chart_of_accounts_id: p.chart_of_accounts_id,
        bank_account_id: batch.bank_account_id,
        unit_id: null,
        supplier_id: p.supplier_id,
        amount_cents: paidAmount,
        description: p.description,
        payee: p.payee_name,
        document_number: p.document_number,
        payment_method: p.forma_pagamento,
        due_at: p.due_date,
        paid_at: paidAt,
        source: 'payable',
        transfer_id: null,
        reconciled: false,
        payable_id: p.public_id,
      });
      if (periodStateOf(tx, paidAt, today) === 'closed') {
        warn(line.line, `payable ${p.public_id} paid on ${paidAt}, in the closed period ${monthOf(paidAt)}`);
      }
      if (paidAmount !== item.amount) {
        warn(
          line.line,
          `payable ${p.public_id} paid ${centsToDecimal(paidAmount)}, the remittance asked ${centsToDecimal(item.amount)}`,
        );
      }
      result.paid++;
    } else {
      const main = occurrences.find((o) => o.kind === 'rejected') ?? occurrences[0];
      const ret: LastReturn = { code: main?.code ?? '', message: main?.message ?? '', at };
      p.state = 'pending';
      p.batch_id = null;
      p.last_return = ret;
      p.updated_at = at;
      item.outcome = 'rejected';
      item.last_return = { ...ret };
      result.rejected++;
    }
  }

  const decided = items.filter((i) => i.outcome !== null).length;
  const final = items.filter((i) => i.outcome && FINAL.has(i.outcome)).length;
  batch.state = final === items.length ? 'returned' : decided > 0 ? 'partially_returned' : batch.state;
  const summary: BatchReturnSummary = {
    imported_at: at,
    file_sha256: file.sha256,
    file_name: file.file_name,
    lines: result.lines,
    paid: result.paid,
    scheduled: result.scheduled,
    rejected: result.rejected,
    unchanged: result.unchanged,
    unknown: result.unknown,
  };
  batch.returns = [...batch.returns, summary];
  return result;
}
