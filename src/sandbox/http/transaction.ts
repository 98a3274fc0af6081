/**
 * The transaction boundary of a request (docs/DESIGN.md "A write is one transaction"). A route parses and
 * validates its input first; then `commit` runs the service synchronously inside one BEGIN IMMEDIATE
 * transaction together with the insert of its idempotency response, and the answer is sent only after the
 * commit. A throw, a constraint violation or a full disk rolls all of it back: nothing of the request remains
 * and its key stays free. Storage faults are answered by SQLite's error code: 503 `storage_unavailable` (disk
 * full, busy, I/O) or 500 `internal_error`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { storageFaultOf } from '../db/sqlite.js';
import type { Tx } from '../db/tx.js';
import { condominiumOf, type SandboxContext } from './context.js';
import { ApiProblem } from './errors.js';

/** What a write answers: its status, its JSON body (none for a 204) and extra headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const created = (body: unknown): Answer => ({ status: 201, body });
export const noContent: Answer = { status: 204 };

const JSON_TYPE = 'application/json; charset=utf-8';

/** Storage errors as the API's own; anything else passes through. */
export function asApiError(err: unknown, ctx: SandboxContext, requestId: string): unknown {
  const fault = storageFaultOf(err);
  if (!fault) return err;
  ctx.log(`${requestId} storage fault ${fault.sqliteCode}: ${(err as Error)?.stack ?? String(err)}`);
  return new ApiProblem(fault.status, fault.code, fault.message);
}

/** A consistent read of the request's condominium. */
export function readTx<R>(ctx: SandboxContext, request: FastifyRequest, fn: (tx: Tx) => R): R {
  try {
    return ctx.store.read(condominiumOf(request), fn as never) as R;
  } catch (err) {
    throw asApiError(err, ctx, request.id);
  }
}

/** Runs a write of the request's condominium in one transaction with its idempotency record, then sends. */
export function commit(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  fn: (tx: Tx) => Answer,
): FastifyReply {
  const record = request.sandbox.idempotency;
  let sent: { answer: Answer; payload: string | null };
  try {
    sent = ctx.store.write(condominiumOf(request), (tx) => {
      const answer = fn(tx);
      const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
      if (record) {
        const headers: Record<string, string> = { ...(answer.headers ?? {}) };
        if (payload !== null) headers['content-type'] = JSON_TYPE;
        ctx.idempotency.persist(tx, record, {
          status: answer.status,
          body: payload === null ? null : Buffer.from(payload),
          headers,
        });
      }
      return { answer, payload };
    });
  } catch (err) {
    throw asApiError(err, ctx, request.id);
  }
  const { answer, payload } = sent;
  reply.code(answer.status);
  if (answer.headers) reply.headers(answer.headers);
  if (payload === null) return reply.send();
  return reply.type(JSON_TYPE).send(payload);
}
