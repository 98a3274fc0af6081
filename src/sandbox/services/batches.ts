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
import { formaTally } from '../../domain/batch-preview.js';
import { paymentDateRefusal } from '../../domain/business-days.js';
import { type IsoDate, todayIn } from '../../domain/dates.js';
import type { PayableState } from '../../domain/payables.js';
import { monotonicUlids } from '../../domain/ulids.js';
import {
  Cnab240InputError,
  dialectForBank,
  type PayingCompany,
  RecordChunks,
  RemittanceStream,
  toSeuNumero,
} from '../../formats/cnab240/index.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type {
  BankAccount,
  BatchItemRow,
  CondominiumRecord,
  LastReturn,
  Payable,
  PaymentBatchRecord,
  Supplier,
} from '../model.js';
import { domainRule, invalidState, notFound, validationFailed } from './errors.js';
import { paymentAccountOf } from './lookups.js';
import { addressOf, notRemittable, payableTotal, remittancePaymentOf, splitAccount } from './remittance.js';

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
  if (!b) throw notFound('payment_batch');
  return b;
}

/** The batch's payables in remittance order, read a page at a time and untracked: for showing them. */
export function batchItemsToShow(tx: Tx, batch: PaymentBatchRecord): Iterable<BatchItemRow> {
  return tx.batchItems.pages(tx.batchItems.where().eq('batch_id', batch.public_id), ['position']);
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

/** The size in bytes of a batch's remittance as stored (null when it has none). */
export function batchFileSize(tx: Tx, batch: PaymentBatchRecord): number | null {
  const row = tx
    .prepare(
      'SELECT count(*) AS chunks, sum(length(content)) AS size FROM batch_file_chunks WHERE batch_id = ?',
    )
    .get(batch.public_id) as { chunks: number; size: number | null };
  return row.chunks === 0 ? null : (row.size ?? 0);
}

/** One chunk of a batch's remittance (0 first); null past the last, or when the batch has no file. */
export function batchFileChunk(tx: Tx, batch: PaymentBatchRecord, seq: number): Buffer | null {
  const row = tx
    .prepare('SELECT content FROM batch_file_chunks WHERE batch_id = ? AND seq = ?')
    .get(batch.public_id, seq);
  return (row as { content: Buffer } | undefined)?.content ?? null;
}

function nextFileSequence(tx: Tx): number {
  const last = tx.batches.first(undefined, ['file_sequence DESC'])?.file_sequence ?? 0;
  return (last % MAX_FILE_SEQUENCE) + 1;
}

export interface BatchCreateInput {
  data_pagamento: IsoDate;
}

/** A remittance is stored in chunks of about this many bytes (4,332 records of 242 bytes). */
export const FILE_CHUNK_BYTES = 1 << 20;

/**
 * Generates the batch: validates, writes the remittance, then moves the payables to in_batch and stores the batch,
 * its items and its file. A batch of 100 000 payables is never held whole: the payables are read once, a page at a
 * time (each checked, its item stored, its checked payment set aside under its lote's rank), the file is written
 * from what was set aside in the lotes' order, and it goes to the database in chunks as it is written, so memory
 * stays flat whatever the size.
 */
export function createBatch(
  tx: Tx,
  body: BatchCreateInput,
  now: Date,
  createdBy: string | null = null,
): PaymentBatchRecord {
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
  const marked = tx.payables.where().eq('state', 'marked_for_remessa');
  if (tx.payables.count(marked) === 0) {
    throw domainRule('nothing_to_remit', 'no payable is marked for remittance (marked_for_remessa)');
  }
  const account = paymentAccountOf(tx);
  const condo = tx.condo;
  if (!account) {
    throw domainRule('not_remittable', 'the condominium has no payment bank account (is_payment_account)', {
      bank_account_id: ['no bank account is the payment account'],
    });
  }
  const fileSequence = nextFileSequence(tx);
  const stream = remittanceOrRefusal(() => {
    return new RemittanceStream({
      company: payingCompany(condo, account),
      fileSequence,
      generatedAt: now,
      paymentDate: body.data_pagamento,
    });
  });
  const at = now.toISOString();
  const publicId = newPublicId(now.getTime());
  // The return is matched by seu número: the payable's id, or, where the bank's layout takes a short number
  // (Caixa's 6 digits), the payment's position in the batch, which the batch's items keep.
  const digits = dialectForBank(account.bank_code).seuNumeroDigits;
  const seuNumeroOf = (p: Payable, position: number) =>
    digits ? String(position + 1).padStart(digits, '0') : toSeuNumero(p.public_id);
  const suppliers = new Map<number, Supplier | undefined>();
  const paymentAt = (p: Payable, position: number) => {
    const id = p.supplier_id;
    if (id != null && !suppliers.has(id)) suppliers.set(id, tx.suppliers.get(id));
    return remittancePaymentOf(p, id == null ? undefined : suppliers.get(id), seuNumeroOf(p, position));
  };

  // 1. Each payable checked as the file needs it: its item kept, and the checked payment set aside under its
  //    lote's rank in a scratch table of this connection (the file is written in the order of its lotes).
  tx.sqlite.exec(
    `CREATE TEMP TABLE IF NOT EXISTS remittance_scratch (
       rank INTEGER NOT NULL, position INTEGER NOT NULL, public_id TEXT NOT NULL, checked TEXT NOT NULL,
       PRIMARY KEY (rank, position)) WITHOUT ROWID`,
  );
  const insertItem = tx.bulkInsert(
    `INSERT INTO batch_items (batch_id, position, public_id, seu_numero, forma_pagamento, payee_name, amount,
       outcome, last_return) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
  );
  const setAside = tx.bulkInsert(
    'INSERT INTO temp.remittance_scratch (rank, position, public_id, checked) VALUES (?, ?, ?, ?)',
  );
  let count = 0;
  let total = 0;
  const byForma = formaTally();
  for (const p of tx.payables.pages(marked, ['due_date', 'public_id'])) {
    const position = count++;
    const payment = paymentAt(p, position);
    const { rank, checked } = remittanceOrRefusal(() => stream.check(payment, position), p.public_id);
    const amount = payableTotal(p);
    total += amount;
    byForma.add(p.forma_pagamento, amount);
    insertItem.run(
      publicId,
      position,
      p.public_id,
      payment.seuNumero,
      p.forma_pagamento,
      payment.payeeName,
      amount,
    );
    setAside.run(rank, position, p.public_id, JSON.stringify(checked));
  }

  // 2. The file, in the order of its lotes, to the database a chunk at a time.
  const file = new ChunkedFile(tx, publicId);
  const inFileOrder = tx.pagesOf({
    columns: ['public_id', 'checked'],
    from: 'temp.remittance_scratch',
    where: '',
    params: [],
    orderBy: ['rank', 'position'],
  });
  for (const [id, checked] of inFileOrder as Iterable<[string, string]>) {
    remittanceOrRefusal(() => {
      file.records(stream.add(JSON.parse(checked)));
    }, id);
  }
  remittanceOrRefusal(() => {
    file.records(stream.end());
  });
  tx.sqlite.exec('DELETE FROM temp.remittance_scratch');
  const { size, sha256 } = file.end();

  const batch = tx.batches.insert({
    public_id: publicId,
    state: 'generated',
    data_pagamento: body.data_pagamento,
    bank_account_id: account.id,
    file_name: `PAG240_${condo.slug}_${String(fileSequence).padStart(6, '0')}.rem`,
    file_sequence: fileSequence,
    file_sha256: sha256,
    file_size: size,
    payables_count: count,
    total_amount: total,
    by_forma: byForma.totals,
    returns: [],
    created_at: at,
    created_by: createdBy,
  });
  tx.prepare(
    `UPDATE payables SET state = 'in_batch', batch_id = ?, updated_at = ?
     WHERE condominium = ? AND state = 'marked_for_remessa'`,
  ).run(publicId, at, tx.requireScope());
  return batch;
}

/** The paying company as the file's headers carry it: the condominium and its payment account. */
function payingCompany(condo: CondominiumRecord, account: BankAccount): PayingCompany {
  const { account: accountNumber, digit } = splitAccount(account.account_number);
  const agency = splitAccount(account.agency.includes('-') ? account.agency : `${account.agency}-`);
  const address = addressOf(condo.address);
  return {
    name: condo.name,
    document: condo.document,
    bankCode: account.bank_code,
    bankName: account.bank_name,
    agency: agency.account,
    ...(agency.digit ? { agencyDigit: agency.digit } : {}),
    account: accountNumber,
    accountDigit: digit,
    ...(account.convenio ? { convenio: account.convenio } : {}),
    ...(address ? { address } : {}),
  };
}

/** What the writer refuses, said as the API's not_remittable (naming the payable, when it is one's). */
function remittanceOrRefusal<R>(write: () => R, payableId?: string): R {
  try {
    return write();
  } catch (err) {
    if (err instanceof Cnab240InputError) throw notRemittable(err, payableId);
    throw err;
  }
}

/** A batch's file written to `batch_file_chunks` as its lines come, with its size and SHA-256 at the end. */
class ChunkedFile {
  private readonly chunks = new RecordChunks(FILE_CHUNK_BYTES);
  private seq = 0;
  private size = 0;
  private readonly hash = createHash('sha256');
  private readonly insert: ReturnType<Tx['prepare']>;

  constructor(
    tx: Tx,
    private readonly batchId: string,
  ) {
    this.insert = tx.bulkInsert('INSERT INTO batch_file_chunks (batch_id, seq, content) VALUES (?, ?, ?)');
  }

  records(records: Iterable<string>): void {
    this.store(this.chunks.add(records));
  }

  end(): { size: number; sha256: string } {
    this.store(this.chunks.end());
    return { size: this.size, sha256: this.hash.digest('hex') };
  }

  private store(text: string | null): void {
    if (text === null) return;
    const bytes = Buffer.from(text, 'latin1');
    this.hash.update(bytes);
    this.size += bytes.length;
    this.insert.run(this.batchId, this.seq++, bytes);
  }
}

/**
 * Takes a batch back while no return has been imported for it (a sandbox extension): its payables go back to
 * marked_for_remessa, out of the batch, and the batch stays, `canceled`, with its file, for the record. The bank
 * must not have the file: cancelling here does not reach a bank that already has it.
 */
export function cancelBatch(tx: Tx, batch: PaymentBatchRecord, now: Date): PaymentBatchRecord {
  // the values beside the words, so a client says them in its person's language (#66)
  const about = { resource: 'batch', action: 'cancel', id: batch.public_id, state: batch.state };
  if (batch.state === 'canceled') throw invalidState(`batch ${batch.public_id} is already canceled`, about);
  if (batch.state !== 'generated' || batch.returns.length > 0)
    throw invalidState(
      `batch ${batch.public_id} has a return imported (${batch.state}): the bank has it, it cannot be canceled`,
      about,
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
