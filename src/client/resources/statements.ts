/**
 * Bank accounts' statements (bank.write): an OFX or CSV statement uploaded as multipart, streamed from disk; the
 * service de-duplicates, records the movements and reconciles them against open items.
 */

import type { ApiCore } from '../client.js';
import { fileFromPath, multipart } from '../multipart.js';
import { route } from './endpoint.js';

export interface StatementImportResult {
  statement_id?: string | number;
  period?: { start: string | null; end: string | null } | null;
  transactions: number;
  imported: number;
  duplicates: number;
  reconciled: number;
  unmatched: number;
  unmatched_transactions?: Array<{
    line?: number;
    date: string;
    /** integer cents, credits positive */
    amount_cents: number;
    memo?: string;
    fitid?: string;
  }>;
  [extra: string]: unknown;
}

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
}

export function statements(api: ApiCore): StatementsApi {
  return {
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
