/**
 * Invoices (cobranças), scopes invoices.read / invoices.write: a draft created in the open financial period, issued
 * in one gateway call into its payment options (a registered boleto and a PIX BR Code), which can be read back.
 * Amounts are decimal reais on the wire.
 */
import type { InvoiceCreate, InvoicePaymentRecord } from '../../domain/request-bodies.js';
import type { ApiCore, BulkOptions, BulkResult, ListOptions, ListResult, QueryValue } from '../types.js';
import { read, route } from './endpoint.js';
import { createMany, type WriteOptions, write } from './write.js';

export interface BoletoOption {
  url?: string;
  barcode?: string;
  linha_digitavel?: string;
  nosso_numero?: string;
  [extra: string]: unknown;
}

export interface PixOption {
  /** The BR Code "copia e cola" payload. */
  payload?: string;
  txid?: string;
  [extra: string]: unknown;
}

export interface InvoicePayment {
  boleto?: BoletoOption | null;
  pix?: PixOption | null;
  [extra: string]: unknown;
}

export interface Invoice {
  public_id: string;
  state?: string;
  unit_id?: number;
  party_id?: number | null;
  bank_account_id?: number;
  billing_type?: string;
  due_date?: string;
  subtotal?: number;
  fine_amount?: number;
  interest_amount?: number;
  monetary_correction_amount?: number;
  discount_amount?: number;
  total?: number;
  notes?: string | null;
  period?: string;
  issued_at?: string | null;
  payment?: InvoicePayment | null;
  [extra: string]: unknown;
}

export interface InvoiceFilters {
  state?: string;
  unit_id?: number;
  party_id?: number;
  due_from?: string;
  due_to?: string;
  page?: number;
  per_page?: number;
  [key: string]: QueryValue;
}

export interface InvoicesApi {
  list(filters?: InvoiceFilters, opts?: ListOptions): Promise<ListResult<Invoice>>;
  get(id: string, opts?: { signal?: AbortSignal }): Promise<Invoice>;
  /** A draft in the open financial period. */
  create(body: InvoiceCreate, opts?: WriteOptions): Promise<Invoice>;
  createMany(bodies: readonly InvoiceCreate[], opts?: BulkOptions): Promise<BulkResult<'index', Invoice>[]>;
  /** draft -> issued: registers the boleto and the PIX charge in one gateway call. */
  issue(id: string, opts?: WriteOptions): Promise<Invoice>;
  /** The issued payment options: `{boleto: {url, barcode, linha_digitavel, nosso_numero}, pix: {payload, txid}}`. */
  payment(id: string, opts?: { signal?: AbortSignal }): Promise<InvoicePayment>;
  /**
   * Records an issued invoice's payment as the statement shows it (an extension of condo's sandbox: another server
   * answers 404 or 405).
   */
  recordPayment(id: string, body: InvoicePaymentRecord, opts?: WriteOptions): Promise<Invoice>;
}

export function invoices(api: ApiCore): InvoicesApi {
  const create = (body: InvoiceCreate, o?: WriteOptions) =>
    write<Invoice>(api, route('createInvoice'), body, o);
  return {
    list: (filters = {}, opts = {}) => api.list<Invoice>(route('listInvoices').path, filters, opts),
    get: async (id, o = {}) => read<Invoice>(api, route('getInvoice', { publicId: id }), o),
    create,
    createMany: createMany(api, create),
    issue: (id, o) => write<Invoice>(api, route('issueInvoice', { publicId: id }), undefined, o),
    payment: (id, o = {}) => read<InvoicePayment>(api, route('getInvoicePayment', { publicId: id }), o),
    recordPayment: (id, body, o) =>
      write<Invoice>(api, route('recordInvoicePayment', { publicId: id }), body, o),
  };
}
