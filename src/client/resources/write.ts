/** What every resource's writes share: one call carrying its Idempotency-Key, and the bulk form of a create. */
import type { ApiCore, BulkOptions, BulkResult } from '../types.js';
import type { Route } from './endpoint.js';

export type WriteOptions = { idempotencyKey?: string; signal?: AbortSignal };

/** A write (POST, PATCH, DELETE) returning the response's data. */
export async function write<T>(api: ApiCore, to: Route, body: unknown, o: WriteOptions = {}): Promise<T> {
  return (await api.request<T>({ ...to, body, idempotencyKey: o.idempotencyKey, signal: o.signal })).data;
}

/**
 * `createMany` of one create route: concurrent over the client's pool, one result per body, in order. A create the
 * server answers as a replay of its Idempotency-Key (a re-run after kill -9 or Ctrl-C) says so (`already`), so a
 * run counts "2417 created, 583 already there", not 3000 created (#66).
 */
export function createMany<B, T>(
  api: ApiCore,
  to: Route,
): (bodies: readonly B[], opts?: BulkOptions) => Promise<BulkResult<'index', T>[]> {
  return async (bodies, opts = {}) =>
    (
      await api.bulk(
        bodies,
        (body, idempotencyKey) => api.request<T>({ ...to, body, idempotencyKey, signal: opts.signal }),
        opts,
      )
    ).map((r, index) =>
      r.ok
        ? { index, ok: true as const, data: r.data.data, ...(r.data.replayed ? { already: true } : {}) }
        : { index, ...r },
    );
}
