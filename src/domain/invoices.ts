import { dueDateOutOfWindow, MAX_BOLETO_CENTS } from './boleto/index.js';
import { decimalToCents } from './money.js';

/**
 * Invoices (cobranças): the rules a boleto puts on an invoice, checked at create by the sandbox (422) and by the
 * CLI before sending (exit 2), so that issuing never fails on them (it once answered 500 for a due date in 1999).
 */

export const BILLING_TYPES = ['BOLETO', 'PIX', 'BOLETO_PIX'] as const;

/** An invoice's fields in decimal reais on the wire (the sandbox stores them in cents). */
export const INVOICE_MONEY = [
  'subtotal',
  'fine_amount',
  'interest_amount',
  'monetary_correction_amount',
  'discount_amount',
  'total',
] as const;

/** The states an invoice list filters on (overdue: issued and past its due date). */
export const INVOICE_FILTER_STATES = [
  'draft',
  'issued',
  'paid',
  'canceled',
  'overdue',
  'renegotiated',
] as const;
export type InvoiceFilterState = (typeof INVOICE_FILTER_STATES)[number];
export type BillingType = (typeof BILLING_TYPES)[number];
export const DEFAULT_BILLING_TYPE: BillingType = 'BOLETO_PIX';

/** The parts of an invoice's total, in decimal reais as the API carries them. */
export interface InvoiceParts {
  subtotal: number;
  fine_amount?: number | null;
  interest_amount?: number | null;
  monetary_correction_amount?: number | null;
  discount_amount?: number | null;
}

/** What an invoice's total must be, in cents: subtotal + fine + interest + correction - discount (no float sums). */
export function invoiceTotalCents(p: InvoiceParts): number {
  return (
    decimalToCents(p.subtotal) +
    decimalToCents(p.fine_amount ?? 0) +
    decimalToCents(p.interest_amount ?? 0) +
    decimalToCents(p.monetary_correction_amount ?? 0) -
    decimalToCents(p.discount_amount ?? 0)
  );
}

export const issuesBoleto = (billingType: string | null | undefined): boolean =>
  (billingType ?? DEFAULT_BILLING_TYPE).includes('BOLETO');

/** Refusals by field for an invoice that will carry a boleto: a due date its factor keeps, a value it holds. */
export function boletoRefusals(
  invoice: { billing_type?: string | null; due_date: string; total: number },
  today: string,
): Record<string, string[]> {
  if (!issuesBoleto(invoice.billing_type)) return {};
  const fields: Record<string, string[]> = {};
  const window = dueDateOutOfWindow(invoice.due_date, today);
  if (window) fields.due_date = [window];
  if (decimalToCents(invoice.total) > MAX_BOLETO_CENTS) {
    fields.total = ['is more than a boleto carries (R$ 99.999.999,99); bill it by PIX (billing_type PIX)'];
  }
  return fields;
}
