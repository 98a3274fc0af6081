/**
 * What `nfse import` writes in a payable's notes, and reads back (#55): the notes are where a later run finds its
 * earlier work, so their form is kept here, once.
 * - The supplier's payable names its invoice: `NFS-e nº N, chave KEY (FILE)`.
 * - A tax's payable of a month starts with its marker, `condo nfse: inss 2026-11` (`#2` after it for the month's
 *   second guide), and lists each invoice it holds on a line of its own: `KEY R$ 929,50`.
 */

import { formatReais, parseReais } from '../domain/money.js';
import type { TaxGuide } from '../domain/nfse/invoice.js';

interface Noted {
  notes?: string | null | undefined;
}

/** The notes of an invoice's supplier payable. */
export const invoiceNotes = (number: string | null, key: string, file: string) =>
  `NFS-e nº ${number ?? '?'}, chave ${key} (${file})`;

/** A payable that names the invoice of this key (the supplier's). */
/** An invoice's key as an Idempotency-Key may carry it: `12345678000199/1000` (no national key) as `…-1000`. */
export const keyed = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '-');

export const namesInvoice = (p: Noted, key: string) => (p.notes ?? '').includes(`chave ${key}`);

/** A payable that pays an invoice, whichever. */
export const namesAnInvoice = (p: Noted) => (p.notes ?? '').includes('NFS-e');

const MARKER = /^condo nfse: (inss|pcc|irrf|iss) (\d{4}-\d{2})(?: #(\d+))?$/;

/** The first line of the month's `nth` payable of a tax. */
export const taxMarker = (tax: TaxGuide, month: string, nth = 1) =>
  `condo nfse: ${tax} ${month}${nth > 1 ? ` #${nth}` : ''}`;

/** Which tax and month a payable is the guide of, or null for any other payable. */
export function taxGuideOf(p: Noted): { tax: TaxGuide; month: string; nth: number } | null {
  const m = MARKER.exec((p.notes ?? '').split('\n')[0] ?? '');
  return m ? { tax: m[1] as TaxGuide, month: m[2] as string, nth: Number(m[3] ?? 1) } : null;
}

/** The line a tax's payable lists an invoice on. */
export const invoiceLine = (key: string, cents: number) => `${key} ${formatReais(cents)}`;

/** A tax's payable that lists the invoice of this key. */
export const listsInvoice = (p: Noted, key: string) => (p.notes ?? '').includes(`\n${key} `);

/** A tax's payable's notes with one more invoice, or null when they would not fit (2,000 characters). */
export function withInvoice(p: Noted, key: string, cents: number): string | null {
  const notes = `${p.notes ?? ''}\n${invoiceLine(key, cents)}`;
  return notes.length <= 2000 ? notes : null;
}

/** A tax's payable's notes without the invoice of this key, and what that invoice had added. */
export function withoutInvoice(p: Noted, key: string): { notes: string; cents: number } {
  const lines = (p.notes ?? '').split('\n');
  const line = lines.find((l) => l.startsWith(`${key} `)) ?? '';
  const amount = parseReais(line.slice(key.length + 1));
  return { notes: lines.filter((l) => l !== line).join('\n'), cents: amount.ok ? amount.value : 0 };
}
