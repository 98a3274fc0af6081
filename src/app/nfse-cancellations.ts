/**
 * A service invoice's cancellation event (e101101, #55), as `nfse import` applies it: the invoice's supplier payable
 * deleted while still pending, its line taken out of each tax's month (the amount the line says), and what was
 * already paid listed for a person.
 */

import type { Client as CondoClient } from '../client/index.js';
import type { Payable } from '../client/types.js';
import type { NfseFiles } from './nfse-files.js';
import { keyed, listsInvoice, namesInvoice, taxGuideOf, withoutInvoice } from './nfse-notes.js';

export interface CancellationLine {
  condominium?: string;
  status: 'deleted' | 'would delete' | 'reduced' | 'would reduce' | 'already paid' | 'not found';
  access_key: string;
  payable_id: string | null;
  state: string | null;
  /** a tax's payable: what the cancelled invoice had added to it */
  removed_cents?: number;
}

/** What cancelling did: a line each, and how many writes. */
export interface Cancelled {
  cancellations: CancellationLine[];
  wrote: number;
}

/** A cancellation event: the invoice's payables still pending are deleted; those already paid are listed. */
export async function cancelInvoices(
  client: CondoClient,
  read: NfseFiles,
  payables: Payable[],
  dryRun: boolean,
  result: Cancelled,
): Promise<void> {
  for (const c of read.cancellations) {
    const found = payables.filter((p) => namesInvoice(p, c.access_key));
    const taxes = payables.filter((p) => taxGuideOf(p) !== null && listsInvoice(p, c.access_key));
    if (found.length === 0 && taxes.length === 0)
      result.cancellations.push({
        status: 'not found',
        access_key: c.access_key,
        payable_id: null,
        state: null,
      });
    for (const p of taxes) await reduceTax(client, p, c.access_key, dryRun, result);
    for (const p of found) {
      if (p.state !== 'pending') {
        result.cancellations.push({
          status: 'already paid',
          access_key: c.access_key,
          payable_id: p.public_id,
          state: p.state ?? null,
        });
        continue;
      }
      if (!dryRun) {
        await client.payables.delete(p.public_id, {
          idempotencyKey: `nfse-cancel-${keyed(c.access_key)}-${p.public_id}`,
        });
        result.wrote++;
      }
      result.cancellations.push({
        status: dryRun ? 'would delete' : 'deleted',
        access_key: c.access_key,
        payable_id: p.public_id,
        state: p.state ?? null,
      });
    }
  }
}

/** A tax's payable of the month, less what a cancelled invoice had added (its line in the notes says how much). */
async function reduceTax(
  client: CondoClient,
  p: Payable,
  accessKey: string,
  dryRun: boolean,
  result: Cancelled,
): Promise<void> {
  const { notes, cents: removed } = withoutInvoice(p, accessKey);
  const base = {
    access_key: accessKey,
    payable_id: p.public_id,
    state: p.state ?? null,
    removed_cents: removed,
  };
  if (p.state !== 'pending') {
    result.cancellations.push({ status: 'already paid', ...base });
    return;
  }
  const left = (p.amount ?? 0) - removed;
  if (!dryRun) {
    if (left <= 0)
      await client.payables.delete(p.public_id, {
        idempotencyKey: `nfse-cancel-${keyed(accessKey)}-${p.public_id}`,
      });
    else
      await client.payables.update(p.public_id, {
        amount: left,
        notes,
      });
    result.wrote++;
  }
  result.cancellations.push({ status: dryRun ? 'would reduce' : 'reduced', ...base });
}
