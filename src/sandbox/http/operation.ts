/**
 * Routes from the operations table (domain/operations.ts): the path, the scope, the accepted body types and the
 * body's schema come from the operation; the handler adds the meaning. Every route under /api/v1 is registered
 * through `serve`, so the table, the OpenAPI document and the server cannot drift apart.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, TENANT } from '../../domain/endpoints.js';
import {
  bodyTypesOf,
  isMultipart,
  type Operation,
  type OperationId,
  operations,
} from '../../domain/operations.js';
import { validateBody } from '../../domain/request-bodies.js';
import { validationFailed } from './errors.js';
import { QueryReader } from './query.js';

type BodyOf<I extends OperationId> = (typeof operations)[I] extends { handlerChecksBody: true }
  ? unknown
  : (typeof operations)[I] extends { body: infer S extends TObject }
    ? Static<S>
    : undefined;

/** `{a}` and `{b}` of a path, as a union of their names. */
type PathParams<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParams<Rest>
  : never;

export interface Served<I extends OperationId> {
  /** The operation's declaration (its query's enums, say). */
  op: (typeof operations)[I];
  request: FastifyRequest<{ Params: Record<string, string> }>;
  reply: FastifyReply;
  params: Record<PathParams<(typeof operations)[I]['path']>, string>;
  /** The query, readable only by the names the operation declares (and page/per_page for a list). */
  query: QueryReader;
  /** The body, checked against the operation's schema: a 422 naming each bad field. Called when the handler wants
   * it checked (after a 404 for a missing record, say). */
  body: () => BodyOf<I>;
}

/** The route's path under its plugin's prefix (/api/v1, or /api/v1/condominiums/:condominium), fastify-style. */
export function routePath(op: Pick<Operation, 'path'>): string {
  const path = op.path.startsWith(TENANT) ? op.path.slice(TENANT.length) : op.path;
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Each operation's path as a pattern over a request's path (under /api/v1), with its method. */
const PATTERNS = Object.values(operations as Record<string, Operation>).map((op) => ({
  method: op.method,
  pattern: new RegExp(
    `^${API_PREFIX}${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}/?$`,
  ),
}));

/** The methods the API takes at a request's path (none: the path is not the API's). */
export function methodsAt(path: string): string[] {
  const methods = new Set<string>(PATTERNS.filter((p) => p.pattern.test(path)).map((p) => p.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

export function serve<I extends OperationId>(
  app: FastifyInstance,
  id: I,
  handler: (s: Served<I>) => Promise<unknown>,
  extra: { config?: Record<string, unknown> } = {},
): void {
  const op: Operation = operations[id];
  const declared = new Set([...Object.keys(op.query ?? {}), ...(op.paged ? ['page', 'per_page'] : [])]);
  app.route({
    method: op.method,
    url: routePath(op),
    config: {
      operation: id,
      ...(op.scope ? { scope: op.scope } : {}),
      bodyTypes: [...bodyTypesOf(op)],
      ...(isMultipart(op.body) ? { idempotency: 'manual' } : {}),
      ...extra.config,
    },
    handler: async (request, reply) => {
      // a parameter the operation does not take is refused by name, as a body's unknown field is (#53): a typo
      // (`?stat=paid`) silently ignored listed everything
      const unknown = Object.keys((request.query ?? {}) as object).filter((name) => !declared.has(name));
      if (unknown.length > 0)
        throw validationFailed(
          Object.fromEntries(unknown.map((name) => [name, ['is not a parameter of this operation']])),
          `the query has parameters this operation does not take: ${unknown.join(', ')}`,
        );
      return handler({
        op: operations[id],
        request: request as FastifyRequest<{ Params: Record<string, string> }>,
        reply,
        params: request.params as Served<I>['params'],
        query: new QueryReader(request.query, declared),
        body: () => {
          const schema = op.body;
          if (!schema || isMultipart(schema) || op.handlerChecksBody) return request.body as BodyOf<I>;
          const checked = validateBody(schema as TObject, request.body);
          if (!checked.ok) throw validationFailed(checked.fields);
          return checked.value as BodyOf<I>;
        },
      });
    },
  });
}
