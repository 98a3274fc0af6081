/** What every resource's writes share: one call carrying its Idempotency-Key, and the bulk form of a create. */
import type { ApiCore, BulkOptions, BulkResult } from '../types.js';
import type { Route } from './endpoint.js';

export type WriteOptions = { idempotencyKey?: string; signal?: AbortSignal };

/** A write (POST, PATCH, DELETE) returning the response's data. */
export async function write<T>(api: ApiCore, to: Route, body: unknown, o: WriteOptions = {}): Promise<T> {
  return (await api.request<T>({ ...to, body, idempotencyKey: o.idempotencyKey, signal: o.signal })).data;
}

/** `createMany` from `create`: concurrent over the client's pool, one result per body, in order. */
export function createMany<B, T>(
  api: ApiCore,
  create: (body: B, o: WriteOptions) => Promise<T>,
): (bodies: readonly B[], opts?: BulkOptions) => Promise<BulkResult<'index', T>[]> {
  return async (bodies, opts = {}) =>
    (
      await api.bulk(
        bodies,
        (body, idempotencyKey) => create(body, { idempotencyKey, signal: opts.signal }),
        opts,
      )
    ).map((r, index) => ({ index, ...r }));
}
