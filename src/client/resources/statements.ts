/**
 * Bank accounts' statements (bank.write): an OFX or CSV statement uploaded as multipart, streamed from disk; the
 * service de-duplicates, records the movements and reconciles them against open items.
 */

import type * as R from '../../domain/responses.js';
import { fileFromPath, multipart } from '../multipart.js';
import type { ApiCore, ListOptions, ListResult, Tolerant } from '../types.js';
import { read, route } from './endpoint.js';

export type StatementRecord = Tolerant<typeof R.StatementImportRecord, 'statement_id'>;
export type StatementDetail = Tolerant<typeof R.StatementImportDetail, 'statement_id'>;

/** An import's answer (R.StatementImport): its counts; the movements it lists where the server gives them. */
export type StatementImportResult = Tolerant<
  typeof R.StatementImport,
  'transactions' | 'imported' | 'duplicates' | 'reconciled' | 'unmatched'
>;

export interface StatementImportOptions {
  format: 'ofx' | 'csv';
  force?: boolean;
  csvColumns?: string;
  dateFormat?: string;
  idempotencyKey: string;
  signal?: AbortSignal;
  onProgress?: (sent: number, size: number) => void;
}

export interface StatementsApi {
  import(
    bankAccountId: number,
    path: string,
    opts: StatementImportOptions,
  ): Promise<{ result: StatementImportResult; replayed: boolean }>;
  /** The imports that ran, newest first (a condo sandbox extension: another server answers 404). */
  list(filters?: { bank_account_id?: number }, opts?: ListOptions): Promise<ListResult<StatementRecord>>;
  /** One import with its movements still unmatched (an extension too). */
  get(id: string, opts?: { signal?: AbortSignal }): Promise<StatementDetail>;
}

export function statements(api: ApiCore): StatementsApi {
  return {
    list: (filters = {}, opts = {}) => api.list<StatementRecord>(route('listStatements').path, filters, opts),
    get: (id, o = {}) => read<StatementDetail>(api, route('getStatement', { statement: id }), o),
    import: async (bankAccountId, path, o) => {
      const fields: Record<string, string> = { format: o.format };
      if (o.force) fields.force = 'true';
      if (o.csvColumns) fields.csv_columns = o.csvColumns;
      if (o.dateFormat) fields.date_format = o.dateFormat;
      const res = await api.request<StatementImportResult>({
        ...route('importStatement', { bankAccount: String(bankAccountId) }),
        body: multipart({ fields, files: [await fileFromPath('file', path, undefined, o.onProgress)] }),
        idempotencyKey: o.idempotencyKey,
        signal: o.signal,
      });
      return { result: res.data, replayed: res.replayed };
    },
  };
}
