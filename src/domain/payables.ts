import { parseBoletoCode } from './boleto/index.js';
import { daysBetween } from './dates.js';
import { digitsOnly } from './digits.js';
import type { Message } from './message.js';
import { payableRefusal } from './payable-refusals.js';
import { type PayableTribute, tributeProblems } from './tributes.js';

/**
 * Payables (contas a pagar) and their state machine, shared by the sandbox (which enforces it) and the CLI
 * (which explains it).
 *
 *   pending -> marked_for_remessa -> in_batch -> scheduled -> paid
 *      ^              |                  |           |
 *      +---- unmark --+                  +-----------+-- rejected by the bank: back to pending, with last_return
 */

/** forma_pagamento: how the payable is settled; only the first four travel in a CNAB remittance. */
export const FORMAS_PAGAMENTO = ['pix', 'ted', 'doc', 'boleto', 'cash', 'check'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const REMITTABLE_FORMAS: readonly FormaPagamento[] = ['pix', 'ted', 'doc', 'boleto'];

/**
 * A payment batch as its returns confirm or reject its payables (docs/DESIGN.md "States"); `canceled` when it was
 * taken back before any return came (a sandbox extension).
 */
export const BATCH_STATES = ['generated', 'partially_returned', 'returned', 'canceled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** The chart account of a supplier's most recent payable: its bills go where its last one went (DDA, NFS-e). */
export function latestChartAccount(
  payables: readonly {
    supplier_id?: number | null;
    created_at?: string | null;
    chart_of_accounts_id?: number;
  }[],
  supplierId: number | null,
): number | undefined {
  let latest: (typeof payables)[number] | undefined;
  for (const p of payables)
    if (p.supplier_id === supplierId && (!latest || (p.created_at ?? '') > (latest.created_at ?? '')))
      latest = p;
  return latest?.chart_of_accounts_id;
}

/** What a payable pays, in cents: amount + fine + interest - discount (what its remittance line carries). */
export function payableTotalCents(p: {
  amount?: number | null;
  fine_amount?: number | null;
  interest_amount?: number | null;
  discount_amount?: number | null;
}): number {
  return (p.amount ?? 0) + (p.fine_amount ?? 0) + (p.interest_amount ?? 0) - (p.discount_amount ?? 0);
}

export const PAYABLE_STATES = ['pending', 'marked_for_remessa', 'in_batch', 'scheduled', 'paid'] as const;
/** Every state but paid: a payable still to be paid (a bank's DDA lists its boleto until then). */
export const UNPAID_STATES: ReadonlySet<string> = new Set(PAYABLE_STATES.filter((s) => s !== 'paid'));
export type PayableState = (typeof PAYABLE_STATES)[number];

/**
 * What a person is shown as a payable's state: the API's, except `rejected` for a pending payable whose last
 * return was the bank's refusal (a rejection is the only return that sends a payable back to pending). It stays
 * so until the payable is marked again.
 */
export function displayState(p: { state?: string; last_return?: unknown }): string {
  return p.state === 'pending' && p.last_return ? 'rejected' : (p.state ?? '');
}

export type PayableAction = 'update' | 'delete' | 'mark' | 'unmark';

const ALLOWED_FROM: Record<PayableAction, readonly PayableState[]> = {
  update: ['pending'],
  delete: ['pending', 'marked_for_remessa'],
  mark: ['pending'],
  unmark: ['marked_for_remessa'],
};

/** null when the action is allowed, else the reason (the sandbox's 409 invalid_state, its params on the wire). */
export function payableActionRefusal(action: PayableAction, state: PayableState): Message | null {
  if (ALLOWED_FROM[action].includes(state)) return null;
  return payableRefusal('payable.state', { action, state, only: ALLOWED_FROM[action].join(' or ') });
}

export interface PayeeBank {
  code: string;
  agency: string;
  account: string;
  account_type?: string;
}

export interface RemittanceFacts {
  forma_pagamento: string;
  /** The payee's CPF/CNPJ (the supplier's): every CNAB payment line carries it. */
  payee_document?: string | null;
  document_number?: string | null;
  payee_bank?: PayeeBank | null;
  pix_key?: string | null;
  /** A tax guide paid by its data (tributes.ts), checked against the payable's amounts. */
  tribute?: PayableTribute | null;
  amount?: number | null;
  discount_amount?: number | null;
}

/**
 * Why a payable cannot travel in a CNAB file, as the API's 422 not_remittable says it: `reason` is the machine's
 * word (sent beside the message, so a client says it in its person's language), `message` the English.
 */
export interface RemittanceRefusal {
  reason:
    | 'settled_outside_the_file'
    | 'pix_needs_key_or_bank'
    | 'needs_bank_data'
    | 'tribute_incomplete'
    | 'boleto_needs_code'
    | 'boleto_invalid'
    | 'needs_payee_document';
  message: string;
}

/** null when the payable can travel in a CNAB file, else why not. */
export function remittanceRefusal(p: RemittanceFacts): RemittanceRefusal | null {
  if (!(REMITTABLE_FORMAS as readonly string[]).includes(p.forma_pagamento)) {
    return {
      reason: 'settled_outside_the_file',
      message: `forma_pagamento ${p.forma_pagamento} is settled outside the bank file (only pix, ted, doc or boleto)`,
    };
  }
  if (p.forma_pagamento === 'pix' && !p.pix_key && !p.payee_bank) {
    return {
      reason: 'pix_needs_key_or_bank',
      message: 'a pix payable needs the supplier PIX key or bank data',
    };
  }
  if ((p.forma_pagamento === 'ted' || p.forma_pagamento === 'doc') && !p.payee_bank) {
    return {
      reason: 'needs_bank_data',
      message: `a ${p.forma_pagamento} payable needs the supplier bank data`,
    };
  }
  if (p.forma_pagamento === 'boleto' && p.tribute) {
    // a tax guide: DARF and GPS by their data, FGTS by its barcode; the collector needs no CPF/CNPJ
    const [field, messages] = Object.entries(tributeProblems(p))[0] ?? [];
    return field ? { reason: 'tribute_incomplete', message: `${field} ${messages?.[0]}` } : null;
  }
  if (p.forma_pagamento === 'boleto') {
    const digits = digitsOnly(p.document_number);
    if (![44, 47, 48].includes(digits.length)) {
      return {
        reason: 'boleto_needs_code',
        message: 'a boleto payable needs its barcode or linha digitável in document_number',
      };
    }
    const parsed = parseBoletoCode(digits);
    if (!parsed.ok)
      return { reason: 'boleto_invalid', message: `document_number is not a valid boleto: ${parsed.error}` };
    // a utility bill or tax guide: its segment O names no payee document, the barcode names the collector
    if (parsed.kind === 'arrecadacao') return null;
  }
  if (!p.payee_document)
    return {
      reason: 'needs_payee_document',
      message: 'a remitted payable needs a supplier with a CPF or CNPJ',
    };
  return null;
}

/** The fields of a payable that its boleto must agree with. */
export interface BoletoFacts {
  forma_pagamento: string;
  document_number?: string | null | undefined;
  amount: number;
  discount_amount?: number | null | undefined;
  fine_amount?: number | null | undefined;
  interest_amount?: number | null | undefined;
  due_date?: string | null | undefined;
}

export interface BoletoReview {
  /** Refusals by field (a 422 in the sandbox, exit 2 in the CLI). */
  fields: Record<string, string[]>;
  /** The same refusals by their code, for a reader in another language; not enumerable. */
  readonly findings: Record<string, Message[]>;
  /** Accepted, but worth saying (the response's `warnings`). */
  /** each a message by its code (`code`, `params`, the English `message`): on the wire as it is (#54) */
  warnings: ({ field: string } & Message)[];
  /** The due date the boleto carries (its factor read against today), when it has one. */
  dueDate: string | null;
}

/**
 * A boleto payable checked against its own document, at create and at every change, in the CLI (offline) and
 * the sandbox: the barcode or linha digitável must validate (general digit mod 11, block digits mod 10); when it
 * carries a value, amount - discount + fine + interest must equal it; a due date other than the barcode's is
 * allowed (the payer may pay late, with fine and interest) but said.
 */
export function reviewBoleto(p: BoletoFacts, today: string): BoletoReview {
  const review: BoletoReview = Object.defineProperty(
    { fields: {}, warnings: [], dueDate: null } as Omit<BoletoReview, 'findings'>,
    'findings',
    { value: {}, enumerable: false },
  ) as BoletoReview;
  const refuse = (field: string, finding: Message) => {
    review.fields[field] = [finding.message];
    review.findings[field] = [finding];
  };
  const document = (p.document_number ?? '').trim();
  if (p.forma_pagamento !== 'boleto' || document === '') return review;
  const parsed = parseBoletoCode(document, { referenceDate: today });
  if (!parsed.ok) {
    refuse('document_number', payableRefusal('payable.boleto-invalid', { reason: parsed.finding }));
    return review;
  }
  if (parsed.kind !== 'boleto') return review; // arrecadação (8…): its value and date rules are another story
  review.dueDate = parsed.dueDate;
  const due = p.amount - (p.discount_amount ?? 0) + (p.fine_amount ?? 0) + (p.interest_amount ?? 0);
  if (parsed.amountCents > 0 && due !== parsed.amountCents) {
    refuse('amount', payableRefusal('payable.boleto-amount', { boleto: parsed.amountCents, due }));
  }
  if (parsed.dueDate && p.due_date && p.due_date !== parsed.dueDate) {
    review.warnings.push({
      field: 'due_date',
      ...payableRefusal('payable.boleto-due-date', { due: p.due_date, own: parsed.dueDate }),
    });
  }
  return review;
}

/** Past this many days behind today a due date reads as a typo of its year (#66: 01/01/2020 went in unsaid). */
export const FAR_PAST_DAYS = 90;
/** Past this many days ahead, likewise (a bill is rarely entered more than a year before it is due). */
export const FAR_AHEAD_DAYS = 366;

/** A due date far enough from today to be worth a word: how far, and which way; null when it is not. */
export function farDueDate(due: string, today: string): { days: number; ahead: boolean } | null {
  const days = daysBetween(today, due);
  if (days < -FAR_PAST_DAYS) return { days: -days, ahead: false };
  if (days > FAR_AHEAD_DAYS) return { days, ahead: true };
  return null;
}
