import { barcodeInfo } from './barcode.js';
import { FEBRABAN } from './dialects.js';
import {
  type CheckedPayment,
  type Ctx,
  groupPayments,
  LOTE_PLAN,
  type LotePlan,
  type PaymentRemittanceInput,
  type PreparedPayment,
  prepareContext,
  preparePayment,
  type RemittanceHeader,
  type RemittancePayment,
  refuseField,
} from './remittance-input.js';
import { detailLines, fileHeader, fileTrailer, loteHeader, loteTrailer } from './remittance-records.js';

/** FEBRABAN's version numbers (file layout 103, v10.x; lote layouts by family); each dialect has its own. */
export const LAYOUT_VERSIONS = FEBRABAN.versions;

/** The remittance's lines (240 characters each, no line ends), generated one at a time. */
export function* remittanceLines(input: PaymentRemittanceInput): Generator<string> {
  const ctx = prepareContext(input);
  if (!Array.isArray(input.payments) || input.payments.length === 0)
    refuseField('payments', 'at least one payment is required');
  // Too many for one file whatever they turn out to be: say so before checking each of them.
  const atLeast =
    2 + input.payments.reduce((n, p) => n + (p.forma === 'boleto' || p.forma === 'tribute' ? 1 : 2), 0);
  if (atLeast > MAX_RECORDS_PER_FILE)
    refuseField(
      'payments',
      `make at least ${atLeast} records, more than a file holds (999999): split them into several files`,
    );
  const groups = groupPayments(input, ctx.bankCode, ctx.dialect);
  const lotes = LOTE_PLAN.flatMap((plan) =>
    splitIntoLotes(groups.get(plan.key) ?? []).map((items) => ({ plan, items })),
  );
  const total = 2 + lotes.reduce((n, l) => n + 2 + l.items.reduce((r, item) => r + recordsOf(item), 0), 0);
  if (total > MAX_RECORDS_PER_FILE)
    refuseField(
      'payments',
      `make ${total} records, more than a file holds (999999): split them into several files`,
    );
  const file = new LoteWriter(ctx);
  for (const plan of LOTE_PLAN) for (const item of groups.get(plan.key) ?? []) yield* file.add(plan, item);
  yield* file.end();
}

/** The file around its payments: the file header first, then each lote as its payments come, then the trailer. */
class LoteWriter {
  private lote: { number: number; plan: LotePlan; forma: string; records: number; sum: number } | null = null;
  private lotes = 0;
  /** The records written so far, the file header's included. */
  private records = 0;

  constructor(private readonly ctx: Ctx) {}

  /** A payment's records, after the last lote's trailer and the next one's header where it opens a lote. */
  *add(plan: LotePlan, item: PreparedPayment): Generator<string> {
    if (this.records === 0) {
      this.records = 1;
      yield fileHeader(this.ctx);
    }
    const takes = recordsOf(item);
    const open = this.lote;
    // a lote numbers its records in five digits: a forma with more goes on in a lote of its own
    if (!open || open.plan !== plan || open.records + takes > MAX_RECORDS_PER_LOTE) {
      if (open) yield this.close(open);
      const forma = plan.forma(this.ctx.dialect);
      this.lote = { number: ++this.lotes, plan, forma, records: 0, sum: 0 };
      this.count(1);
      yield loteHeader(this.ctx, this.lotes, forma, plan.family);
    }
    const lote = this.lote as NonNullable<LoteWriter['lote']>;
    this.count(takes);
    yield* detailLines(this.ctx, lote.number, lote.forma, item, () => ++lote.records);
    lote.sum += item.payment.amountCents;
  }

  /** The last lote's trailer and the file trailer. */
  *end(): Generator<string> {
    if (!this.lote) refuseField('payments', 'at least one payment is required');
    yield this.close(this.lote);
    this.lote = null;
    this.count(1);
    yield fileTrailer(this.ctx.bankCode, this.lotes, this.records);
  }

  private close(lote: NonNullable<LoteWriter['lote']>): string {
    this.count(1);
    return loteTrailer(this.ctx.bankCode, lote.number, lote.records + 2, lote.sum);
  }

  private count(records: number): void {
    this.records += records;
    if (this.records > MAX_RECORDS_PER_FILE)
      refuseField('payments', 'make more records than a file holds (999999): split them into several files');
  }
}

/**
 * A remittance written as its payments arrive, for more of them than a caller would hold in memory: each payment
 * is checked once by `check`, which tells which lote it goes in, and handed to `add` in the order of those
 * ranks (the order of `writePaymentRemittance`'s lotes; in each lote, the order given). The writer keeps the open
 * lote's totals only. The field a payment fails on is named as `payments[index]`, as the whole-file writer does.
 */
export class RemittanceStream {
  private readonly ctx: Ctx;
  private readonly file: LoteWriter;
  private lastRank = 0;

  constructor(header: RemittanceHeader) {
    this.ctx = prepareContext(header);
    this.file = new LoteWriter(this.ctx);
  }

  /**
   * Checks a payment as the file needs it: the rank of its lote in the file (0 first), and the payment as checked,
   * plain data (JSON as it is) to hand to `add` when its turn comes.
   */
  check(payment: RemittancePayment, index: number): { rank: number; checked: CheckedPayment } {
    const { key, prepared } = preparePayment(payment, index, this.ctx);
    return { rank: LOTE_PLAN.findIndex((plan) => plan.key === key), checked: { lote: key, prepared } };
  }

  /** The payment's records (with a lote's trailer and the next one's header where it opens a lote). */
  *add({ lote, prepared }: CheckedPayment): Generator<string> {
    const rank = LOTE_PLAN.findIndex((plan) => plan.key === lote);
    if (rank < this.lastRank)
      throw new Error(
        `RemittanceStream: payments[${prepared.index}] comes after a lote that follows its own`,
      );
    this.lastRank = rank;
    yield* this.file.add(LOTE_PLAN[rank] as LotePlan, prepared);
  }

  /** The last lote's trailer and the file trailer. */
  end(): Generator<string> {
    return this.file.end();
  }
}

/** The records a payment takes: O or N alone for a bill or guide, J + J-52 for a boleto, A + B otherwise. */
function recordsOf(item: PreparedPayment): number {
  if (item.payment.forma === 'tribute') return 1;
  return item.payment.forma === 'boleto' && barcodeInfo(item.barcode!).kind === 'arrecadacao' ? 1 : 2;
}

/** The lotes a forma's payments fill, as LoteWriter cuts them (for the record count checked before writing). */
function splitIntoLotes(items: PreparedPayment[]): PreparedPayment[][] {
  const lotes: PreparedPayment[][] = [];
  let records = MAX_RECORDS_PER_LOTE;
  for (const item of items) {
    if (records + recordsOf(item) > MAX_RECORDS_PER_LOTE) {
      lotes.push([]);
      records = 0;
    }
    lotes.at(-1)?.push(item);
    records += recordsOf(item);
  }
  return lotes;
}

/** FEBRABAN 240 v10.x: a detail's sequence in its lote has five digits, the file trailer's record count six. */
const MAX_RECORDS_PER_LOTE = 99_999;
const MAX_RECORDS_PER_FILE = 999_999;

/**
 * Records gathered into pieces of a file of about `size` characters, CRLF after each record: what a file written as
 * it is made (a batch's chunks, a return, a bench's file) sends on at a time. `add` answers a piece when one is
 * full; `end` the rest (null when nothing is left).
 */
export class RecordChunks {
  private records: string[] = [];
  private chars = 0;

  constructor(private readonly size = 1 << 20) {}

  add(records: Iterable<string>): string | null {
    for (const record of records) {
      this.records.push(record);
      this.chars += record.length + 2;
    }
    return this.chars >= this.size ? this.take() : null;
  }

  end(): string | null {
    return this.records.length > 0 ? this.take() : null;
  }

  private take(): string {
    const text = `${this.records.join('\r\n')}\r\n`;
    this.records = [];
    this.chars = 0;
    return text;
  }
}

/** The whole remittance as text: CRLF after every line, ASCII only. */
export function writePaymentRemittance(input: PaymentRemittanceInput): string {
  const lines = [...remittanceLines(input)];
  return `${lines.join('\r\n')}\r\n`;
}
