/**
 * What a batch would carry, before it is made: the marked payables grouped by forma, each payee, and what
 * deserves a second look. `batches create --dry-run` prints it and a terminal asks about it before creating.
 */
import type { IsoDate } from './dates.js';
import { payableTotalCents } from './payables.js';

export interface PreviewPayable {
  public_id: string;
  payee_name?: string | null;
  forma_pagamento?: string;
  amount?: number | null;
  fine_amount?: number | null;
  interest_amount?: number | null;
  discount_amount?: number | null;
  due_date?: string;
}

export interface BatchPreview {
  payment_date: IsoDate;
  count: number;
  /** cents */
  total_amount: number;
  by_forma: { forma: string; count: number; total_amount: number }[];
  payments: {
    public_id: string;
    payee_name: string | null;
    forma: string;
    amount: number;
    due_date: string | null;
  }[];
  warnings: { public_id: string; message: string }[];
}

/** Count and total (cents) per forma de pagamento: a batch's `by_forma`, and its preview's. */
export function totalsByForma(
  payments: Iterable<{ forma: string; amount: number }>,
): Record<string, { count: number; total_amount: number }> {
  const out: Record<string, { count: number; total_amount: number }> = {};
  for (const p of payments) {
    const f = out[p.forma] ?? { count: 0, total_amount: 0 };
    out[p.forma] = f;
    f.count++;
    f.total_amount += p.amount;
  }
  return out;
}

export function batchPreview(marked: readonly PreviewPayable[], paymentDate: IsoDate): BatchPreview {
  const payments: BatchPreview['payments'] = [];
  const warnings: BatchPreview['warnings'] = [];
  for (const p of marked) {
    const forma = p.forma_pagamento ?? '?';
    const amount = payableTotalCents(p);
    payments.push({
      public_id: p.public_id,
      payee_name: p.payee_name ?? null,
      forma,
      amount,
      due_date: p.due_date ?? null,
    });
    if (p.due_date && p.due_date < paymentDate) {
      warnings.push({
        public_id: p.public_id,
        message:
          forma === 'boleto'
            ? `the boleto is due ${p.due_date}, before the payment date ${paymentDate}: the bank may refuse it, or charge fine and interest`
            : `due ${p.due_date}, paid ${paymentDate}: late`,
      });
    }
  }
  return {
    payment_date: paymentDate,
    count: payments.length,
    total_amount: payments.reduce((sum, p) => sum + p.amount, 0),
    by_forma: Object.entries(totalsByForma(payments))
      .map(([forma, t]) => ({ forma, ...t }))
      .sort((a, b) => a.forma.localeCompare(b.forma)),
    payments,
    warnings,
  };
}
