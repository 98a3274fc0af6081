/**
 * Payment batches as the product makes and reads them: the payables marked for the remittance and the preview of
 * it (its checks read from the API: app/preview-checks.ts), a batch made of them, read, its file downloaded, and
 * taken back before the bank answers for it (an extension of condo's sandbox).
 */
import type { Client } from '../client/index.js';
import type { Payable } from '../client/types.js';
import { batchPreview } from '../domain/batch-preview.js';
import { type PreviewSources, previewContext } from './preview-checks.js';
import { viaExtension } from './served.js';

export const batchesPage = (client: Client, page: Parameters<Client['batches']['list']>[0]) =>
  client.batches.list(page);

export const batchDetail = (client: Client, id: string) => client.batches.get(id);

/** The payables marked for the next remittance: every one, or the first `limit` (with `hasMore` past it). */
export const markedPayables = (client: Client, limit?: number) =>
  client.payables.list({ state: 'marked_for_remessa' }, { all: true, ...(limit ? { limit } : {}) });

/** What a remittance of `marked` paid on `date` would carry, with the preview's checks (duplicates, refusals, DDA). */
export async function remittancePreview(
  client: Client,
  sources: PreviewSources,
  marked: readonly Payable[],
  date: string,
) {
  return batchPreview(marked, date, await previewContext(client, sources, marked));
}

/** Every marked payable into one remittance paid on `date`. */
export const createBatch = (client: Client, date: string) => client.batches.create({ data_pagamento: date });

/** The batch's file, as the server serves it (streamed). */
export const batchFile = (client: Client, id: string) => client.batches.download(id);

/** A batch taken back before the bank has answered for it: its payables return to marked_for_remessa. */
export const cancelBatch = (client: Client, id: string) =>
  viaExtension(
    {
      action: { en: 'cancel a batch', pt: 'cancelar um lote' },
      verb: 'batches cancel',
      advice: {
        en: 'do not send the file, and create the next batch with the payables marked again',
        pt: 'não envie o arquivo, e crie o próximo lote com as contas marcadas de novo',
      },
    },
    () => client.batches.cancel(id),
  );
