/**
 * Payables (contas a pagar), scopes payments.read / payments.write. Mirrors the spec's table: list, get, create,
 * update (PATCH, pending only), delete, mark / unmark for remessa (the remittance file), plus bulk variants that run
 * concurrently over the client's one pipeline and report per-record results.
 */

import type { CondoError } from '../../domain/errors.js';
import type { PayableCreate, PayableUpdate } from '../../domain/request-bodies.js';
import { newUlid } from '../../domain/ulids.js';
import type {
  ApiCore,
  BulkOptions,
  BulkResult,
  ListOptions,
  ListResult,
  Payable,
  PayableDetail,
  PayableFilters,
} from '../types.js';
import { read, route } from './endpoint.js';
import { createMany, write } from './write.js';

export interface PayablesApi {
  list(filters?: PayableFilters, opts?: ListOptions): Promise<ListResult<Payable>>;
  get(id: string, opts?: { signal?: AbortSignal }): Promise<PayableDetail>;
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
  const creating = route('createPayable');
  const self: PayablesApi = {
    list: (filters = {}, opts = {}) => api.list<Payable>(route('listPayables').path, filters, opts),
    get: async (id, o = {}) => read<PayableDetail>(api, route('getPayable', { payable: id }), o),
    create: (body, o) => write<Payable>(api, creating, body, o),
    update: (id, body, o) => write<Payable>(api, route('updatePayable', { payable: id }), body, o),
    delete: async (id, o) => {
      await write<unknown>(api, route('deletePayable', { payable: id }), undefined, o);
    },
    mark: (id, o) => write<Payable>(api, route('markPayable', { payable: id }), undefined, o),
    unmark: (id, o) => write<Payable>(api, route('unmarkPayable', { payable: id }), undefined, o),
    createMany: createMany(api, creating),
    markMany: (ids, opts = {}) => byId(ids, opts, (id, o) => self.mark(id, o)),
    unmarkMany: (ids, opts = {}) => byId(ids, opts, (id, o) => self.unmark(id, o)),
    // a payable is deleted once: its key is its own, so a re-run after Ctrl-C replays the delete (24 h); a refusal
    // replayed under that key is an earlier answer (#66: "in_batch" said again after the payable was paid), so the
    // delete is asked again under a key of its own, to get today's answer
    deleteMany: (ids, opts = {}) =>
      byId(ids, { keyOf: (id) => `payable-delete-${String(id)}`, ...opts }, async (id, o) => {
        await self.delete(id, o).catch((e: CondoError) => {
          if (e?.status === undefined || e.status >= 500 || !e.facts?.replayed) throw e;
          return self.delete(id, { ...o, idempotencyKey: `payable-delete-${String(id)}-${newUlid()}` });
        });
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
