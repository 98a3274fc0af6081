// Plays the bank: turns a payment remittance (.rem) into its return (.ret). Same records; header
// position 143 = 2; occurrence codes in 231-240 of every payment detail; the paid amount and date
// filled for paid items; lote trailers' sums recomputed over the items not rejected.

import { FormatError } from '../../domain/errors.js';
import { classifyOccurrences, type PaymentOutcome } from './codes.js';
import { type Dialect, dialectOfHeader, FEBRABAN, ITAU_SISPAG, tributeOfRecord } from './dialects.js';
import { toCnabDate } from './fields.js';
import type { CnabItem } from './file.js';
import { fieldNamed, type Layout, LOTE_TRAILER, patchRecord, read } from './layouts.js';
import { Cnab240Reader, readCnab240Sync } from './reader.js';
import { fileTrailer, loteTrailer } from './remittance-records.js';

export interface ReturnDecision {
  /** One code or up to five (e.g. '00', 'BD', ['AG'], 'PJ'). */
  code: string | readonly string[];
  /** Amount actually paid, for paid items (default: the item's amount). */
  paidAmountCents?: number;
  /** Date actually paid, `YYYY-MM-DD`, for paid items (default: the item's payment date). */
  paidDate?: string;
  /** The bank's own reference ("nosso número"); default: a number derived from lote and sequence. */
  nossoNumero?: string;
}

export interface ReturnOptions {
  /** Generation time written in the return's header, `YYYY-MM-DDTHH:MM[:SS]` (default: the remittance's). */
  generatedAt?: string;
}

/**
 * Builds the bank's return for a remittance written by `writePaymentRemittance` (or any FEBRABAN
 * payment remittance with segments A, J, O or N). `decide` is called once per payment item, in file
 * order, with the item as the reader sees it.
 */
export function writePaymentReturn(
  remittance: string,
  decide: (item: CnabItem) => ReturnDecision,
  options: ReturnOptions = {},
): string {
  const parsed = readCnab240Sync(remittance, { keepItems: false });
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    throw new FormatError(`remittance is not readable: line ${e.line}: ${e.message}`, { line: e.line });
  }
  if (parsed.service !== 'payment') throw new FormatError('remittance is not a payment file');
  return PaymentReturnWriter.whole(remittance, decide, options);
}

/**
 * The return written as the remittance is read, a chunk in, the records that are final out (#32: a remittance of
 * 400,000 payments is 194 MB): the reader gives each record as it reads it, and a payment's record waits only until
 * the reader has read its companions and handed the item over, so what is held is a chunk's records at most. The
 * caller checks the remittance first (it must read without errors, as a payment file).
 */
export class PaymentReturnWriter {
  private readonly reader: Cnab240Reader;
  /** Items the reader handed over, whose records are still held. */
  private readonly decided = new Map<number, CnabItem>();
  private readonly held: { n: number; rec: string }[] = [];
  private bank = '000';
  private dialect: Dialect = FEBRABAN;
  private loteSum = 0;
  private lotes = 0;
  private records = 0;

  constructor(
    private readonly decide: (item: CnabItem) => ReturnDecision,
    private readonly options: ReturnOptions = {},
  ) {
    this.reader = new Cnab240Reader({
      keepItems: false,
      onItem: (item) => this.decided.set(item.line, item),
      onRecord: (n, rec) => this.held.push({ n, rec }),
    });
  }

  /** The whole return of a remittance already checked (read without errors, a payment file), as text. */
  static whole(
    remittance: string,
    decide: (item: CnabItem) => ReturnDecision,
    options: ReturnOptions = {},
  ): string {
    const writer = new PaymentReturnWriter(decide, options);
    return [...writer.write(remittance), ...writer.end()].map((l) => `${l}\r\n`).join('');
  }

  /** The next bytes (or text) of the remittance; the return's records that are final now. */
  write(chunk: Uint8Array | string): string[] {
    this.reader.write(chunk);
    return this.release(this.reader.pendingItemLine);
  }

  /** The rest of the return. */
  end(): string[] {
    this.reader.end();
    return this.release(null);
  }

  /** Writes out the held records before the line of the item still open (all of them when none is). */
  private release(openLine: number | null): string[] {
    let ready = 0;
    while (
      ready < this.held.length &&
      (openLine === null || (this.held[ready] as { n: number }).n < openLine)
    )
      ready++;
    const out: string[] = [];
    for (const { n, rec } of this.held.splice(0, ready)) out.push(this.answer(n, rec));
    return out;
  }

  /** A record of the return: the remittance's, with what the bank says. */
  private answer(n: number, remitted: string): string {
    let rec = remitted;
    // the file's bank, as its first record says (the reader's bank_code)
    if (this.records++ === 0) this.bank = rec.slice(0, 3);
    const type = rec[7];
    if (type === '0') {
      this.dialect = dialectOfHeader(rec);
      rec = patchRecord(this.dialect.fileHeader, rec, { direction: '2' }); // retorno
      const at = this.options.generatedAt;
      if (at) {
        const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(at);
        if (!m) throw new FormatError(`generatedAt: must be YYYY-MM-DDTHH:MM[:SS], got "${at}"`);
        rec = patchRecord(this.dialect.fileHeader, rec, {
          date: toCnabDate(m[1]!),
          time: `${m[2]}${m[3]}${m[4] ?? '00'}`,
        });
      }
    } else if (type === '1') {
      this.loteSum = 0;
    } else if (type === '3') {
      const item = this.decided.get(n);
      if (item) {
        this.decided.delete(n);
        const decision = this.decide(item);
        const codes = typeof decision.code === 'string' ? [decision.code] : [...decision.code];
        if (codes.length === 0 || codes.length > 5 || codes.some((c) => !/^[0-9A-Z]{2}$/.test(c))) {
          throw new FormatError(
            `decision for line ${n}: code must be one to five 2-character codes, got ${JSON.stringify(decision.code)}`,
          );
        }
        const outcome = classifyOccurrences(codes, this.bank);
        rec = applyDecision(this.dialect, rec, item, decision, outcome, n);
        rec = `${rec.slice(0, 230)}${codes.join('').padEnd(10, ' ')}`;
        if (outcome !== 'rejected') this.loteSum += ownAmount(this.dialect, rec, item.segment);
      }
    } else if (type === '5') {
      this.lotes++;
      rec = loteTrailer(
        this.bank,
        Number(read(LOTE_TRAILER, rec, 'lote')),
        Number(read(LOTE_TRAILER, rec, 'records')),
        this.loteSum,
      );
    } else if (type === '9') {
      rec = fileTrailer(this.bank, this.lotes, this.records);
    }
    return rec;
  }
}

function amountField(cents: number, width: number, what: string): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new FormatError(`${what}: must be a non-negative integer of cents`);
  return String(cents).padStart(width, '0');
}

/** The layout of a payment segment in `dialect` (A, J, O, or N by its tribute's code). */
function layoutOf(dialect: Dialect, segment: string, rec: string): Layout | undefined {
  if (segment === 'A') return dialect.segmentA;
  if (segment === 'J') return dialect.segmentJ;
  if (segment === 'N') {
    // a tribute the dialect has no layout for keeps its fields as the remittance wrote them
    const tribute = tributeOfRecord(dialect, rec);
    return tribute.kind ? tribute.layout : undefined;
  }
  if (segment !== 'O') return undefined;
  // an Itaú file may carry FEBRABAN's segment O: Itaú's says its currency at 104-106, as the reader checks
  return dialect === ITAU_SISPAG && /^(REA|BRL)$/.test(rec.slice(103, 106))
    ? dialect.segmentO
    : FEBRABAN.segmentO;
}

/** The width of the named field of `l`, if it has one. */
function widthOf(l: Layout, name: string): number | undefined {
  const at = fieldNamed(l, name);
  return at ? at.to - at.from + 1 : undefined;
}

/** `value` fitted to the named field of `l` (the nosso número is 20 positions in FEBRABAN's, 15 in Itaú's). */
function fitted(l: Layout, name: string, value: string): string {
  const width = widthOf(l, name) ?? value.length;
  return value.padEnd(width, ' ').slice(0, width);
}

function applyDecision(
  dialect: Dialect,
  rec: string,
  item: CnabItem,
  d: ReturnDecision,
  outcome: PaymentOutcome,
  n: number,
): string {
  const nosso = (
    d.nossoNumero ?? `${String(item.batch).padStart(4, '0')}${String(n).padStart(8, '0')}`
  ).slice(0, 20);
  const paidDate = d.paidDate ?? item.date;
  if (outcome === 'paid' && !paidDate)
    throw new FormatError(`decision for line ${n}: paidDate is required (the item has no date)`);
  const paidCnab = paidDate ? toCnabDate(paidDate) : '00000000';
  const paidAmount = d.paidAmountCents ?? item.amount_cents ?? 0;
  // The bank's nosso número always; for a payment made, when and how much. Segment A has fields of its own
  // for the real date and amount; J and O answer in the fields the remittance asked with.
  const l = layoutOf(dialect, item.segment, rec);
  if (!l) return rec;
  // FEBRABAN's values have 15 positions; Itaú's segment N, 14
  const width = (name: string) => widthOf(l, name) ?? 15;
  const paid: Record<string, string> =
    outcome !== 'paid'
      ? {}
      : item.segment === 'A'
        ? {
            paid_date: paidCnab,
            paid_amount: amountField(paidAmount, width('paid_amount'), 'paidAmountCents'),
          }
        : { payment_date: paidCnab, amount: amountField(paidAmount, width('amount'), 'paidAmountCents') };
  return patchRecord(l, rec, { nosso_numero: fitted(l, 'nosso_numero', nosso), ...paid });
}

function ownAmount(dialect: Dialect, rec: string, segment: string): number {
  const l = layoutOf(dialect, segment, rec);
  if (!l) return 0;
  const amount = Number(read(l, rec, 'amount'));
  // a segment J that leaves the payment amount at zero pays its face value
  return segment === 'J' && amount === 0 ? Number(read(l, rec, 'face_value')) : amount;
}
