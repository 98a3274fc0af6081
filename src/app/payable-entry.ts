/**
 * What entering a payable asks of the server before it goes in (#66): whether a boleto was entered before (the
 * API keeps no barcode unique, and a boleto entered twice is paid twice), and the chart accounts a person picks
 * from when prompted (the suppliers' list is registers.ts's).
 */
import type { Client } from '../client/index.js';
import type { Payable } from '../client/types.js';
import { barcodeOf, byBarcode } from '../domain/batch-preview.js';
import { AuthError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';

/** Where a boleto was entered before: payables with its barcode, and the file's own earlier entry of it. */
export interface EnteredBefore {
  payables: Payable[];
  /** The index of the file's earlier entry with the same barcode, if any. */
  entry: number | null;
}

/**
 * For each body that is a boleto, where it was entered before: the same barcode, typed as a barcode or a linha
 * digitável, by hand or by `dda import`. A client that may write payables but not read them (403) enters the bill
 * unchecked, and `warn` hears so.
 */
export async function boletosEnteredBefore(
  client: Client,
  bodies: readonly { forma_pagamento?: string | undefined; document_number?: string | null | undefined }[],
  warn: (line: Text) => void,
): Promise<(EnteredBefore | null)[]> {
  const barcodes = bodies.map((b) => (b.forma_pagamento === 'boleto' ? barcodeOf(b) : null));
  if (barcodes.every((b) => b === null)) return bodies.map(() => null);
  let payables: Payable[];
  try {
    payables = await client.payables.list({}, { all: true });
  } catch (e) {
    if (!(e instanceof AuthError && e.status === 403)) throw e;
    warn({
      en: `could not check whether this boleto was entered before (${e.message})`,
      pt: `não foi possível ver se este boleto já foi lançado (${e.text?.pt ?? e.message})`,
    });
    return bodies.map(() => null);
  }
  const entered = byBarcode(payables);
  const firstEntry = new Map<string, number>();
  return barcodes.map((barcode, i) => {
    if (barcode === null) return null;
    const entry = firstEntry.get(barcode) ?? null;
    if (entry === null) firstEntry.set(barcode, i);
    const same = entered.get(barcode) ?? [];
    return same.length > 0 || entry !== null ? { payables: same, entry } : null;
  });
}

/** The chart accounts a bill can be booked to: expense accounts, active, and not a group of others ("2 Despesas", #53). */
export async function postableExpenseAccounts(
  client: Client,
): Promise<{ id: number; code: string; name: string }[]> {
  const accounts = (await client.chartOfAccounts.list({ type: 'expense' })) as {
    id: number;
    code: string;
    name: string;
    state?: string;
    parent_id?: number | null;
  }[];
  const groups = new Set(accounts.map((a) => a.parent_id).filter((id) => typeof id === 'number'));
  return accounts.filter((a) => a.state !== 'inactive' && !groups.has(a.id));
}
