/**
 * What a batch would carry, before it is made: the marked payables grouped by forma, each payee, and what
 * deserves a second look. `batches create --dry-run` prints it and a terminal asks about it before creating.
 * condo computes it, so its money carries the unit in its name (`*_cents`).
 */
import { parseBoletoCode } from './boleto/index.js';
import { afterDocEnded, DOC_ENDED } from './business-days.js';
import { addDays, type IsoDate, todayIn } from './dates.js';
import { digitsOnly } from './digits.js';
import { type Message, withFinding } from './message.js';
import { payableTotalCents } from './payables.js';
import { previewWarning, type SamePayeeData } from './preview-warnings.js';

export interface PreviewPayable {
  public_id: string;
  payee_name?: string | null;
  supplier_id?: number | null;
  state?: string;
  forma_pagamento?: string;
  amount?: number | null;
  fine_amount?: number | null;
  interest_amount?: number | null;
  discount_amount?: number | null;
  due_date?: string;
  document_number?: string | null;
}

/** What the preview warns about, per payable. */
export type PreviewWarningKind =
  | 'late'
  | 'boleto_late'
  | 'early'
  | 'duplicate'
  | 'rejected_unchanged'
  | 'not_in_dda'
  | 'doc_ended';

export interface BatchPreview {
  payment_date: IsoDate;
  count: number;
  total_cents: number;
  by_forma: { forma: string; count: number; total_cents: number }[];
  payments: {
    public_id: string;
    payee_name: string | null;
    forma: string;
    amount_cents: number;
    due_date: string | null;
  }[];
  warnings: { public_id: string; kind: PreviewWarningKind; message: string }[];
}

/** A rejection whose payee data the payable still carries: the bank would refuse it again. */
export interface UnchangedRejection {
  code: string;
  message: string;
  /** when the bank's return said it */
  at: string;
  /** what is the same: the barcode, the PIX key, the bank account */
  what: SamePayeeData;
}

export interface PreviewContext {
  /** A payment more than this many days before its due date is called early (default 7). */
  earlyDays?: number;
  /** The condominium's other payables around these due dates (any state), to find duplicates. */
  others?: readonly PreviewPayable[];
  /** The marked payables rejected earlier whose payee data has not changed since (by id). */
  unchangedSinceRejection?: ReadonlyMap<string, UnchangedRejection>;
  /**
   * The marked boletos the profile's DDA files do not list, or list under another beneficiary (by id: that
   * beneficiary's CPF/CNPJ, or null when no file lists the barcode): possible fakes (#33).
   */
  notInDda?: ReadonlyMap<string, string | null>;
}

export const DEFAULT_EARLY_DAYS = 7;

/** Count and total (cents) per forma de pagamento: a batch's `by_forma`, and its preview's. */
export function totalsByForma(
  payments: Iterable<{ forma: string; amount: number }>,
): Record<string, { count: number; total_amount: number }> {
  const tally = formaTally();
  for (const p of payments) tally.add(p.forma, p.amount);
  return tally.totals;
}

/** The same totals kept as payments pass one by one (a batch of 100,000 is never held whole). */
export function formaTally(): {
  add(forma: string, amount: number): void;
  totals: Record<string, { count: number; total_amount: number }>;
} {
  const totals: Record<string, { count: number; total_amount: number }> = {};
  return {
    add(forma, amount) {
      const f = totals[forma] ?? { count: 0, total_amount: 0 };
      totals[forma] = f;
      f.count++;
      f.total_amount += amount;
    },
    totals,
  };
}

/** The 44-digit barcode a payable's document names, whichever of its forms was typed; null when it is none. */
export function barcodeOf(p: { document_number?: string | null }): string | null {
  if (!p.document_number) return null;
  const parsed = parseBoletoCode(p.document_number);
  return parsed.ok ? parsed.barcode : null;
}

/**
 * Payables by barcode (`barcodeOf`, or a narrower key), each list in the payables' order: a barcode with two is a
 * bill entered twice. A payable without one is left out.
 */
export function byBarcode<P extends { document_number?: string | null }>(
  payables: readonly P[],
  key: (p: P) => string | null = barcodeOf,
): Map<string, P[]> {
  const grouped = new Map<string, P[]>();
  for (const p of payables) {
    const barcode = key(p);
    if (barcode === null) continue;
    const same = grouped.get(barcode);
    if (same) same.push(p);
    else grouped.set(barcode, [p]);
  }
  return grouped;
}

export function batchPreview(
  marked: readonly PreviewPayable[],
  paymentDate: IsoDate,
  context: PreviewContext = {},
): BatchPreview {
  const earlyDays = context.earlyDays ?? DEFAULT_EARLY_DAYS;
  const payments: BatchPreview['payments'] = [];
  const warnings: BatchPreview['warnings'] = [];
  const warn = (p: PreviewPayable, kind: PreviewWarningKind, finding: Message) =>
    warnings.push(withFinding({ public_id: p.public_id, kind, message: finding.message }, finding));
  const duplicates = duplicateFinder([...marked, ...(context.others ?? [])]);
  for (const p of marked) {
    const forma = p.forma_pagamento ?? '?';
    const amount = payableTotalCents(p);
    payments.push({
      public_id: p.public_id,
      payee_name: p.payee_name ?? null,
      forma,
      amount_cents: amount,
      due_date: p.due_date ?? null,
    });
    const rejection = context.unchangedSinceRejection?.get(p.public_id);
    if (rejection)
      warn(
        p,
        'rejected_unchanged',
        previewWarning('preview.rejected-unchanged', {
          on: todayIn(new Date(rejection.at)),
          code: rejection.code,
          said: rejection.message,
          same: rejection.what,
        }),
      );
    if (context.notInDda?.has(p.public_id)) {
      const beneficiary = context.notInDda.get(p.public_id);
      warn(
        p,
        'not_in_dda',
        beneficiary
          ? previewWarning('preview.dda-other-beneficiary', { beneficiary })
          : previewWarning('preview.not-in-dda', {}),
      );
    }
    if (forma === 'doc' && afterDocEnded(paymentDate))
      warn(p, 'doc_ended', previewWarning('preview.doc-ended', { ended: DOC_ENDED, id: p.public_id }));
    if (p.due_date && p.due_date < paymentDate) {
      const dates = { due: p.due_date, date: paymentDate };
      if (forma === 'boleto') warn(p, 'boleto_late', previewWarning('preview.boleto-late', dates));
      else warn(p, 'late', previewWarning('preview.late', dates));
    } else if (p.due_date && addDays(paymentDate, earlyDays) < p.due_date)
      warn(
        p,
        'early',
        previewWarning('preview.early', { due: p.due_date, date: paymentDate, days: earlyDays }),
      );
    for (const d of duplicates(p))
      warn(
        p,
        'duplicate',
        previewWarning(d.why === 'barcode' ? 'preview.duplicate-barcode' : 'preview.duplicate-bill', {
          other: d.other.public_id,
          state: d.other.state ?? '?',
        }),
      );
  }
  return {
    payment_date: paymentDate,
    count: payments.length,
    total_cents: payments.reduce((sum, p) => sum + p.amount_cents, 0),
    by_forma: Object.entries(totalsByForma(payments.map((p) => ({ forma: p.forma, amount: p.amount_cents }))))
      .map(([forma, t]) => ({ forma, count: t.count, total_cents: t.total_amount }))
      .sort((a, b) => a.forma.localeCompare(b.forma)),
    payments,
    warnings,
  };
}

/**
 * The other payables a payable duplicates: the same barcode, or the same supplier, amount and due date. Each
 * payable is counted once, whether it came as marked or among the others.
 */
function duplicateFinder(all: readonly PreviewPayable[]) {
  const unique = new Map(all.map((p) => [p.public_id, p]));
  const byBarcode = new Map<string, PreviewPayable[]>();
  const byBill = new Map<string, PreviewPayable[]>();
  const billKey = (p: PreviewPayable) =>
    typeof p.supplier_id === 'number' && p.due_date
      ? `${p.supplier_id}|${payableTotalCents(p)}|${p.due_date}`
      : null;
  const add = (map: Map<string, PreviewPayable[]>, key: string | null, p: PreviewPayable) => {
    if (key) map.set(key, [...(map.get(key) ?? []), p]);
  };
  for (const p of unique.values()) {
    add(byBarcode, barcodeOf(p), p);
    add(byBill, billKey(p), p);
  }
  return (p: PreviewPayable): { why: 'barcode' | 'bill'; other: PreviewPayable }[] => {
    const found = new Map<string, { why: 'barcode' | 'bill'; other: PreviewPayable }>();
    const barcode = barcodeOf(p);
    for (const other of barcode ? (byBarcode.get(barcode) ?? []) : [])
      if (other.public_id !== p.public_id) found.set(other.public_id, { why: 'barcode', other });
    const key = billKey(p);
    for (const other of key ? (byBill.get(key) ?? []) : [])
      if (other.public_id !== p.public_id && !found.has(other.public_id))
        found.set(other.public_id, { why: 'bill', other });
    return [...found.values()];
  };
}

/** Digits without leading zeros: how two spellings of one agency or account are compared. */
const bare = (s: string | null | undefined) => digitsOnly(s).replace(/^0+/, '');

/**
 * Whether the payee data a rejected remittance carried is still the payable's: the barcode for a boleto, the PIX
 * key for a PIX, the bank account for a TED or DOC. Returns what is the same, or null when something changed.
 */
export function unchangedPayeeData(
  sent: {
    barcode: string | null;
    pix_key: string | null;
    payee_bank: { bank_code: string; agency: string; account: string } | null;
  },
  now: {
    forma?: string;
    barcode: string | null;
    pix_key?: string | null;
    bank?: { code?: string | null; agency?: string | null; account?: string | null } | null;
  },
): SamePayeeData | null {
  if (now.forma === 'boleto')
    return sent.barcode && now.barcode && bare(sent.barcode) === bare(now.barcode) ? 'barcode' : null;
  if (now.forma === 'pix') {
    const key = (k: string | null | undefined) => (k ?? '').trim().toLowerCase();
    return sent.pix_key && key(sent.pix_key) === key(now.pix_key) ? 'pix_key' : null;
  }
  if (!sent.payee_bank || !now.bank) return null;
  // the file's agency may carry its check digit where the supplier's does not
  const [a, b] = [bare(sent.payee_bank.agency), bare(now.bank.agency)];
  const sameAgency = a !== '' && b !== '' && (a.startsWith(b) || b.startsWith(a));
  const same =
    bare(sent.payee_bank.bank_code) === bare(now.bank.code ?? '') &&
    sameAgency &&
    bare(sent.payee_bank.account) === bare(now.bank.account ?? '');
  return same ? 'bank_account' : null;
}
