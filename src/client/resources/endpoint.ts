/** The client's calls built from the endpoints table (domain/endpoints.ts): no path is written twice. */

import type { Method } from '../../domain/endpoints.js';
import { API_PREFIX, endpoints, fillPath, type OperationId, TENANT } from '../../domain/endpoints.js';

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
