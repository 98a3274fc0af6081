/** The client's calls built from the endpoints table (domain/endpoints.ts): no path is written twice. */

import {
  API_PREFIX,
  endpoints,
  fillPath,
  type Method,
  type OperationId,
  TENANT,
} from '../../domain/endpoints.js';
import type { ApiCore } from '../types.js';

export interface Route {
  method: Method;
  /** Relative to the condominium (the core adds /api/v1/condominiums/{slug}), or from /api/v1 for the rest. */
  path: string;
}

/** An operation's method and path, its parameters filled in (URL-encoded). */
export function route(id: OperationId, params: Readonly<Record<string, string>> = {}): Route {
  const e = endpoints[id];
  if (e.path.startsWith(TENANT))
    return { method: e.method, path: fillPath({ path: e.path.slice(TENANT.length) }, params) };
  return { method: e.method, path: `${API_PREFIX}${fillPath(e, params)}` };
}

/** A read (GET) of one record: the response's data. The writes' twin is `write` (write.ts). */
export async function read<T>(
  api: Pick<ApiCore, 'request'>,
  from: Route,
  o: { signal?: AbortSignal } = {},
): Promise<T> {
  return (await api.request<T>({ ...from, signal: o.signal })).data;
}
