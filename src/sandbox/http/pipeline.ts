/**
 * The cross-cutting layers every request goes through, in order:
 *
 *   onRequest   request id (genReqId) -> rate limit (per token, else per IP) -> bearer auth, condominium and
 *               scope (routes with `config.scope`) -> Idempotency-Key format on writes
 *   preParsing  the body's media type against the route's `config.bodyTypes` (415)
 *   preHandler  --spec-only: an extension operation 404, an extension field refused -> Idempotency-Key: replay, conflict or in progress (JSON routes; multipart routes call
 *               `beginIdempotency` themselves once they have read the parts)
 *   handler     writes run in one transaction with their idempotency response (http/transaction.ts)
 *   onSend      X-Request-Id and X-RateLimit-* headers; an error answer (4xx) stored for its key; a body the
 *               route left unread is read off the wire and discarded (http/unread-body.ts)
 *   onResponse  the key no longer running; one log line
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidIdempotencyKey } from '../../domain/ids.js';
import {
  type BodyType,
  MEDIA_TYPES,
  type Operation,
  type OperationId,
  operations,
} from '../../domain/operations.js';
import type { SandboxContext } from './context.js';
import {
  ApiProblem,
  badRequest,
  forbidden,
  insufficientScope,
  unauthenticated,
  validationFailed,
} from './errors.js';
import { jsonFingerprint, REPLAYED_HEADERS } from './idempotency.js';
import { asApiError } from './transaction.js';
import { discardUnreadBody } from './unread-body.js';

const BODY_TYPES = Object.keys(MEDIA_TYPES) as BodyType[];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

/** The name in a Host header, lower-cased, without its port (`[::1]:4010` -> `[::1]`, `Example:80` -> `example`). */
function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

export function installPipeline(app: FastifyInstance, ctx: SandboxContext): void {
  app.decorateRequest('sandbox', null as never);

  app.addHook('onRequest', async (request, reply) => admit(ctx, request, reply));

  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.is404) return payload;
    const contentType = request.headers['content-type'];
    if (!contentType) return payload;
    const accepted = request.routeOptions.config?.bodyTypes ?? ['json'];
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const kind = BODY_TYPES.find((k) => MEDIA_TYPES[k] === type);
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if (hasBody && (!kind || !accepted.includes(kind))) {
      throw new ApiProblem(
        415,
        'unsupported_media_type',
        `this call accepts ${accepted.map((k) => MEDIA_TYPES[k]).join(' or ')}, not ${type || 'an untyped body'}`,
      );
    }
    return payload;
  });

  // --spec-only: what condo adds to the spec is not there, as on a server that never had it
  app.addHook('preHandler', async (request) => {
    if (ctx.specOnly) refuseExtensions(request);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config?.idempotency === 'manual') return;
    if (
      await beginIdempotency(ctx, request, reply, jsonFingerprint(request.method, request.url, request.body))
    ) {
      return reply;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    const state = request.sandbox;
    if (!state) return payload;
    if (state.rate) {
      reply.header('x-ratelimit-limit', String(state.rate.limit));
      reply.header('x-ratelimit-remaining', String(state.rate.remaining));
      reply.header('x-ratelimit-reset', String(state.rate.resetSeconds));
    }
    if (state.replayed) return payload;
    // A write that committed stored its answer with its change; an error answer (nothing was changed) is
    // stored here on its own, so the same key gets the same error. 5xx and streamed bodies are not stored.
    const record = state.idempotency;
    const storable =
      payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    if (
      record &&
      record.state === 'running' &&
      reply.statusCode >= 400 &&
      reply.statusCode < 500 &&
      storable
    ) {
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const v = reply.getHeader(name);
        if (v !== undefined) headers[name] = String(v);
      }
      const body = payload === null || payload === undefined ? null : Buffer.from(payload as string | Buffer);
      try {
        ctx.store.write(null, (tx) =>
          ctx.idempotency.persist(tx, record, { status: reply.statusCode, body, headers }),
        );
      } catch (err) {
        ctx.log(`${request.id} could not store the error answer for its Idempotency-Key: ${err}`);
      }
    }
    return payload;
  });

  // the last hook before an answer goes out: a body the route did not read is taken off the wire first
  app.addHook('onSend', async (request, _reply, payload) => {
    await discardUnreadBody(request.raw);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const record = request.sandbox?.idempotency;
    if (record) ctx.idempotency.release(record);
    ctx.log(
      `${new Date().toISOString()} ${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms ${request.id}${request.sandbox?.replayed ? ' replayed' : ''}`,
    );
  });
}

/**
 * Applies the request's Idempotency-Key (if any) with this fingerprint. Returns true when the response was a
 * replay already sent; throws 409 on a conflict or while the first request is still running.
 */
export async function beginIdempotency(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: string,
): Promise<boolean> {
  const key = request.sandbox.idempotencyKey;
  const client = request.sandbox.client;
  if (!key || !client) return false;
  let decision: ReturnType<SandboxContext['idempotency']['begin']>;
  try {
    decision = ctx.idempotency.begin(client.client_id, key, fingerprint);
  } catch (err) {
    throw asApiError(err, ctx, request.id);
  }
  switch (decision.kind) {
    case 'proceed':
      request.sandbox.idempotency = decision.record;
      return false;
    case 'conflict':
      throw new ApiProblem(
        409,
        'idempotency_conflict',
        'this Idempotency-Key was already used with another method, path or body',
      );
    case 'in_progress':
      throw new ApiProblem(
        409,
        'idempotency_in_progress',
        'a request with this Idempotency-Key is still being processed; retry shortly',
        undefined,
        { 'retry-after': '1' },
      );
    case 'replay': {
      const { response } = decision;
      request.sandbox.replayed = true;
      reply.code(response.status).headers(response.headers).header('idempotency-replayed', '1');
      reply.send(response.body ?? undefined);
      return true;
    }
  }
}

/**
 * Before routing, every call: its request id answered back, its Host checked (DNS rebinding), its rate counted
 * (a token's own window, else its address's), and for a route with a scope its token, condominium and scope,
 * and a write's Idempotency-Key.
 */
async function admit(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.sandbox = {};
  reply.header('x-request-id', request.id);

  // DNS rebinding: a page on evil.example resolving to 127.0.0.1 reaches a loopback server with its own Host.
  if (ctx.allowedHosts) {
    const host = hostName(request.headers.host ?? '');
    if (!ctx.allowedHosts.has(host)) {
      throw new ApiProblem(
        421,
        'misdirected_request',
        `this sandbox answers to localhost, 127.0.0.1 and [::1], not "${host}" (sandbox start --allow-host ${host || 'NAME'} adds it)`,
        undefined,
        {},
        { params: { host } },
      );
    }
  }

  // Rate limit: a valid token has its own window; anything else counts against the caller's IP.
  const bearer = bearerToken(request);
  let session: ReturnType<SandboxContext['tokens']['lookup']>;
  try {
    session = bearer ? ctx.tokens.lookup(bearer) : undefined;
  } catch (err) {
    throw asApiError(err, ctx, request.id);
  }
  const token = session?.token;
  const verdict = token
    ? ctx.rateLimiter.hit(`token:${token.token_sha256}`, ctx.rateLimit)
    : ctx.rateLimiter.hit(`ip:${request.ip}`, ctx.ipRateLimit);
  request.sandbox.rate = verdict;
  if (!verdict.allowed) {
    throw new ApiProblem(
      429,
      'rate_limited',
      `rate limit of ${verdict.limit} requests exceeded; retry later`,
      undefined,
      { 'retry-after': String(verdict.resetSeconds) },
      { params: { limit: verdict.limit } },
    );
  }

  const scope = request.routeOptions.config?.scope;
  if (!scope) return;
  if (!request.headers.authorization) throw unauthenticated('an Authorization: Bearer token is required');
  if (!bearer) throw unauthenticated('the Authorization header must be "Bearer <access token>"');
  if (!session || !token) throw unauthenticated('the access token is invalid or expired');
  const slug = (request.params as { condominium?: string }).condominium;
  // a token is bound to its client's condominium, which exists while the client does
  if (!slug || slug !== token.condominium) throw forbidden();
  if (!token.scopes.includes(scope)) throw insufficientScope(scope);
  try {
    ctx.store.rollPeriods(ctx.now());
  } catch (err) {
    throw asApiError(err, ctx, request.id);
  }
  request.sandbox.token = token;
  request.sandbox.client = session.client;
  request.sandbox.condominium = slug;

  if (WRITE_METHODS.has(request.method)) {
    const key = request.headers['idempotency-key'];
    if (key !== undefined) {
      if (Array.isArray(key) || !isValidIdempotencyKey(key)) {
        throw badRequest('the Idempotency-Key header must be a ULID or match [A-Za-z0-9_-]{1,255}', {
          'Idempotency-Key': ['must be a ULID or match [A-Za-z0-9_-]{1,255}'],
        });
      }
      request.sandbox.idempotencyKey = key;
    }
  }
}

/** An extension operation is not found; a body's extension field is refused by name, as any unknown field. */
function refuseExtensions(request: FastifyRequest): void {
  const id = request.routeOptions.config?.operation as OperationId | undefined;
  const op: Operation | undefined = id ? operations[id] : undefined;
  if (!op) return;
  if (op.extension)
    throw new ApiProblem(
      404,
      'not_found',
      `${request.method} ${request.url.split('?')[0]} is not served here (a condo extension; this sandbox serves the spec only)`,
    );
  const properties = (op.body as { properties?: Record<string, Record<string, unknown>> } | undefined)
    ?.properties;
  const body = request.body;
  if (!properties || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const extra = Object.keys(body).filter((k) => properties[k]?.['x-condo-extension'] === true);
  if (extra.length > 0)
    throw validationFailed(
      Object.fromEntries(extra.map((k) => [k, ['is not a known field']])),
      `the body has fields this operation does not take: ${extra.join(', ')}`,
    );
}
