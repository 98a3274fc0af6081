/**
 * Payment batches (lotes de pagamento), scopes payments.read / payments.write: the CNAB 240 remittance built from
 * every marked payable, its file, and the bank's return file that confirms or rejects each payment.
 */
import type { Readable } from 'node:stream';
import type * as R from '../../domain/responses.js';
import type { Core } from '../client.js';
import { fileFromPath, multipart } from '../multipart.js';
import type { ApiCore, ListOptions, ListResult, Tolerant } from '../types.js';
import { read, route } from './endpoint.js';
import { write } from './write.js';

/** A batch as the API answers it: the list's record, and a read's with its payables (BatchDetail). */
export type Batch = Tolerant<typeof R.BatchDetail, 'public_id' | 'state' | 'data_pagamento'>;

/** What importing a return did (ReturnImport), with the batch as it stands after. */
export type ReturnSummary = Tolerant<
  typeof R.ReturnImport,
  'paid' | 'scheduled' | 'rejected' | 'unchanged' | 'unknown'
>;

/** An approval kept beside a batch (an extension of condo's sandbox). */
/** An approval kept beside a batch (an extension of condo's sandbox). */
export type BatchApproval = Tolerant<
  typeof R.BatchApproval,
  | 'id'
  | 'batch_id'
  | 'signer'
  | 'sha256'
  | 'expires_at'
  | 'statement'
  | 'signature'
  | 'uploaded_at'
  | 'uploaded_by'
>;

export interface BatchDownload {
  body: Readable;
  /** From Content-Length, when the server sent it. */
  size: number | undefined;
  /** From Content-Disposition, when the server sent it. */
  fileName: string | undefined;
}

export interface BatchesApi {
  list(opts?: ListOptions): Promise<ListResult<Batch>>;
  get(id: string, opts?: { signal?: AbortSignal }): Promise<Batch>;
  create(
    body: { data_pagamento: string },
    opts?: { idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<Batch>;
  /**
   * Takes a batch back before any return (its payables return to marked_for_remessa). An extension of condo's
   * sandbox: another server answers 404 or 405, which the caller should read as "not supported".
   */
  cancel(id: string, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<Batch>;
  /**
   * The approvals kept beside the batch, and keeping one there (`condo batches approve`). Extensions of condo's
   * sandbox: another server answers 404 or 405, which the caller should read as "not kept there".
   */
  approvals(id: string, opts?: { signal?: AbortSignal }): Promise<BatchApproval[]>;
  addApproval(
    id: string,
    body: { statement: string; signature: string },
    opts?: { idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<BatchApproval>;
  /** The .rem as a stream: the caller decides where the bytes go. */
  download(id: string, opts?: { signal?: AbortSignal }): Promise<BatchDownload>;
  /** Uploads a return file streaming from disk; the key should derive from the file's bytes (a re-run replays). */
  importReturn(
    id: string,
    path: string,
    opts: { idempotencyKey: string; signal?: AbortSignal; onProgress?: (sent: number, size: number) => void },
  ): Promise<{ summary: ReturnSummary; replayed: boolean }>;
}

/** `attachment; filename="PAG240_x_000001.rem"` -> `PAG240_x_000001.rem` (no path parts, whatever the server says). */
export function fileNameOf(disposition: string | undefined): string | undefined {
  const m = /filename\*?=(?:UTF-8''|")?([^";]+)"?/i.exec(disposition ?? '');
  const name = m?.[1] ? decodeURIComponent(m[1]).split(/[\\/]/).pop() : undefined;
  return name && name !== '.' && name !== '..' ? name : undefined;
}

export function batches(api: ApiCore & Pick<Core, 'requestStream'>): BatchesApi {
  return {
    list: (opts = {}) => api.list<Batch>(route('listBatches').path, {}, opts),
    get: async (id, o = {}) => read<Batch>(api, route('getBatch', { batch: id }), o),
    create: async (body, o = {}) =>
      (
        await api.request<Batch>({
          ...route('createBatch'),
          body,
          idempotencyKey: o.idempotencyKey,
          signal: o.signal,
        })
      ).data,
    cancel: (id, o) => write<Batch>(api, route('cancelBatch', { batch: id }), undefined, o),
    approvals: (id, o = {}) =>
      api.list<BatchApproval>(route('listBatchApprovals', { batch: id }).path, {}, { all: true, ...o }),
    addApproval: (id, body, o) =>
      write<BatchApproval>(api, route('addBatchApproval', { batch: id }), body, o),
    download: async (id, o = {}) => {
      const res = await api.requestStream({ ...route('downloadBatchFile', { batch: id }), signal: o.signal });
      const length = Number(res.headers['content-length']);
      return {
        body: res.body,
        size: Number.isFinite(length) && res.headers['content-length'] !== undefined ? length : undefined,
        fileName: fileNameOf(res.headers['content-disposition']),
      };
    },
    importReturn: async (id, path, o) => {
      const res = await api.request<ReturnSummary>({
        ...route('importBatchReturn', { batch: id }),
        body: multipart({ files: [await fileFromPath('file', path, 'text/plain', o.onProgress)] }),
        idempotencyKey: o.idempotencyKey,
        signal: o.signal,
      });
      return { summary: res.data, replayed: res.replayed };
    },
  };
}
