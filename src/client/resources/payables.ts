/**
 * Payables (contas a pagar), scopes payments.read / payments.write. Mirrors the spec's table: list, get, create,
 * update (PATCH, pending only), delete, mark / unmark for remessa (the remittance file), plus bulk variants that run
 * concurrently over the client's one pipeline and report per-record results.
 */
import type { PayableCreate, PayableUpdate } from '../../domain/schemas.js';
import type { ApiCore } from '../client.js';
import type { BulkOptions, BulkResult, ListOptions, ListResult, Payable, PayableFilters } from '../types.js';
import { createMany, write } from './write.js';

const one = (id: string) => `/payables/${encodeURIComponent(id)}`;

export interface PayablesApi {
  list(filters?: PayableFilters, opts?: ListOptions): Promise<ListResult<Payable>>;
  get(id: string, opts?: { signal?: AbortSignal }): Promise<Payable>;
  create(body: PayableCreate, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<Payable>;
  update(
    id: string,
    body: PayableUpdate,
    opts?: { idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<Payable>;
  delete(id: string, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<void>;
  /** pending -> marked_for_remessa */
  mark(id: string, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<Payable>;
  /** marked_for_remessa -> pending */
  unmark(id: string, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<Payable>;
  createMany(bodies: readonly PayableCreate[], opts?: BulkOptions): Promise<BulkResult<'index', Payable>[]>;
  markMany(ids: readonly string[], opts?: BulkOptions): Promise<BulkResult<'id', Payable>[]>;
  unmarkMany(ids: readonly string[], opts?: BulkOptions): Promise<BulkResult<'id', Payable>[]>;
  deleteMany(ids: readonly string[], opts?: BulkOptions): Promise<BulkResult<'id', null>[]>;
}

export function payables(api: ApiCore): PayablesApi {
  const self: PayablesApi = {
    list: (filters = {}, opts = {}) => api.list<Payable>('/payables', filters, opts),
    get: async (id, o = {}) =>
      (await api.request<Payable>({ method: 'GET', path: one(id), signal: o.signal })).data,
    create: (body, o) => write<Payable>(api, 'POST', '/payables', body, o),
    update: (id, body, o) => write<Payable>(api, 'PATCH', one(id), body, o),
    delete: async (id, o) => {
      await write<unknown>(api, 'DELETE', one(id), undefined, o);
    },
    mark: (id, o) => write<Payable>(api, 'POST', `${one(id)}/mark-for-remessa`, undefined, o),
    unmark: (id, o) => write<Payable>(api, 'POST', `${one(id)}/unmark-for-remessa`, undefined, o),
    createMany: createMany(api, (body: PayableCreate, o) => self.create(body, o)),
    markMany: (ids, opts = {}) => byId(ids, opts, (id, o) => self.mark(id, o)),
    unmarkMany: (ids, opts = {}) => byId(ids, opts, (id, o) => self.unmark(id, o)),
    deleteMany: (ids, opts = {}) =>
      byId(ids, opts, async (id, o) => {
        await self.delete(id, o);
        return null;
      }),
  };

  async function byId<T>(
    ids: readonly string[],
    opts: BulkOptions,
    work: (id: string, o: { idempotencyKey: string; signal?: AbortSignal }) => Promise<T>,
  ): Promise<BulkResult<'id', T>[]> {
    const results = await api.bulk(
      ids,
      (id, idempotencyKey) => work(id, { idempotencyKey, signal: opts.signal }),
      opts,
    );
    return results.map((r, i) => ({ id: ids[i] as string, ...r }));
  }

  return self;
}
