/**
 * Invoices (cobranças), scopes invoices.read / invoices.write: a draft created in the open financial period, issued
 * in one gateway call into its payment options (a registered boleto and a PIX BR Code), which can be read back.
 * Amounts are decimal reais on the wire.
 */

import type { Static } from '@sinclair/typebox';
import type {
  InvoiceCreate,
  InvoicePaymentRecord,
  InvoiceRenegotiation,
} from '../../domain/request-bodies.js';
import type * as R from '../../domain/responses.js';
import type {
  ApiCore,
  BulkOptions,
  BulkResult,
  ListOptions,
  ListResult,
  QueryValue,
  Tolerant,
} from '../types.js';
import { read, route } from './endpoint.js';
import { createMany, type WriteOptions, write } from './write.js';

/** An issued invoice's payment options: its registered boleto and its PIX BR Code. */
export type InvoicePayment = Partial<Static<typeof R.InvoicePayment>> & { [extra: string]: unknown };

export type Invoice = Tolerant<typeof R.Invoice, 'public_id'>;

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
  /** draft or issued -> canceled (a sandbox extension; a server without it answers 404 or 405) */
  cancel(id: string, opts?: WriteOptions): Promise<Invoice>;
  /** The issued payment options: `{boleto: {url, barcode, linha_digitavel, nosso_numero}, pix: {payload, txid}}`. */
  payment(id: string, opts?: { signal?: AbortSignal }): Promise<InvoicePayment>;
  /**
   * Records an issued invoice's payment as the statement shows it (an extension of condo's sandbox: another server
   * answers 404 or 405).
   */
  recordPayment(id: string, body: InvoicePaymentRecord, opts?: WriteOptions): Promise<Invoice>;
  /** issued -> renegotiated by an agreement (#70, a sandbox extension: another server answers 404 or 405) */
  renegotiate(id: string, body: InvoiceRenegotiation, opts?: WriteOptions): Promise<Invoice>;
}

export function invoices(api: ApiCore): InvoicesApi {
  const creating = route('createInvoice');
  const create = (body: InvoiceCreate, o?: WriteOptions) => write<Invoice>(api, creating, body, o);
  return {
    list: (filters = {}, opts = {}) => api.list<Invoice>(route('listInvoices').path, filters, opts),
    get: async (id, o = {}) => read<Invoice>(api, route('getInvoice', { publicId: id }), o),
    create,
    createMany: createMany(api, creating),
    issue: (id, o) => write<Invoice>(api, route('issueInvoice', { publicId: id }), undefined, o),
    cancel: (id, o) => write<Invoice>(api, route('cancelInvoice', { publicId: id }), undefined, o),
    payment: (id, o = {}) => read<InvoicePayment>(api, route('getInvoicePayment', { publicId: id }), o),
    recordPayment: (id, body, o) =>
      write<Invoice>(api, route('recordInvoicePayment', { publicId: id }), body, o),
    renegotiate: (id, body, o) => write<Invoice>(api, route('renegotiateInvoice', { publicId: id }), body, o),
  };
}
