/**
 * The answers checked against the operations table (SandboxOptions.checkResponses): every JSON success a route
 * sends is validated against its operation's response schema, and each mismatch is reported. The end-to-end
 * tests turn this on, so an answer that drifts from the declared (and published) shape fails them.
 */
import type { TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import { type OperationId, operations } from '../../domain/operations.js';

const checkers = new Map<OperationId, TypeCheck<TSchema>>();

function checkerOf(id: OperationId): TypeCheck<TSchema> | undefined {
  const response = operations[id].response as TSchema | { file: string } | null;
  if (!response || 'file' in response) return undefined;
  let checker = checkers.get(id);
  if (!checker) {
    checker = TypeCompiler.Compile(response as TSchema);
    checkers.set(id, checker);
  }
  return checker;
}

export function checkResponses(app: FastifyInstance, report: (violation: string) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.routeOptions.config?.operation as OperationId | undefined;
    if (!id || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const op = operations[id];
    const where = `${id} (${request.method} ${routeUrl(request.url)})`;
    if (reply.statusCode !== op.status)
      report(`${where}: answered ${reply.statusCode}, declared ${op.status}`);
    const checker = checkerOf(id);
    if (!checker) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      report(`${where}: the answer is not JSON`);
      return payload;
    }
    // the compiled check first: the errors' walk interprets the schema, and a right answer needs none of it
    if (checker.Check(body)) return payload;
    for (const e of checker.Errors(body)) {
      // one report per field, whichever row of a list it was in
      const path = (e.path || '/').replace(/\/\d+(?=\/|$)/g, '/*');
      report(`${where}: ${path} ${e.message} (got ${JSON.stringify(e.value)?.slice(0, 60)})`);
    }
    return payload;
  });
}

/** A URL's path with ids as … (one report for every payable, batch or account). */
const routeUrl = (url: string) => (url.split('?')[0] ?? '').replace(/\/(?:[0-9A-Z]{26}|\d+)(?=\/|$)/g, '/…');
