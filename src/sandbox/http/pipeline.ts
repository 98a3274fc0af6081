/**
 * The cross-cutting layers every request goes through, in order:
 *
 *   onRequest   request id (genReqId) -> rate limit (per token, else per IP) -> bearer auth, condominium and
 *               scope (routes with `config.scope`) -> Idempotency-Key format on writes
 *   preParsing  the body's media type against the route's `config.bodyTypes` (415)
 *   preHandler  Idempotency-Key: replay, conflict or in progress (JSON routes; multipart routes call
 *               `beginIdempotency` themselves once they have read the parts)
 *   onSend      X-Request-Id and X-RateLimit-* headers; the snapshot written after a successful write; the
 *               idempotency record completed with the response
 *   onResponse  an unfinished idempotency record dropped; one log line
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidIdempotencyKey } from '../../domain/ids.js';
import type { SandboxContext } from './context.js';
import { ApiProblem, badRequest, forbidden, insufficientScope, unauthenticated } from './errors.js';
import { jsonFingerprint, REPLAYED_HEADERS } from './idempotency.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

export function installPipeline(app: FastifyInstance, ctx: SandboxContext): void {
  app.decorateRequest('sandbox', null as never);

  app.addHook('onRequest', async (request, reply) => {
    request.sandbox = {};
    reply.header('x-request-id', request.id);

    // Rate limit: a valid token has its own window; anything else counts against the caller's IP.
    const bearer = bearerToken(request);
    const token = bearer ? ctx.tokens.lookup(bearer) : undefined;
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
        {
          'retry-after': String(verdict.resetSeconds),
        },
      );
    }

    const scope = request.routeOptions.config?.scope;
    if (!scope) return;
    if (!request.headers.authorization) throw unauthenticated('an Authorization: Bearer token is required');
    if (!bearer) throw unauthenticated('the Authorization header must be "Bearer <access token>"');
    if (!token) throw unauthenticated('the access token is invalid or expired');
    const slug = (request.params as { condominium?: string }).condominium;
    const condominium = slug === token.condominium ? ctx.store.condominium(slug) : undefined;
    if (!condominium) throw forbidden();
    if (!token.scopes.includes(scope)) throw insufficientScope(scope);
    const client = ctx.store.state.clients.find((c) => c.client_id === token.client_id);
    if (!client) throw unauthenticated('the access token is invalid or expired');
    ctx.store.rollPeriods(ctx.now());
    request.sandbox.token = token;
    request.sandbox.client = client;
    request.sandbox.condominium = condominium;

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
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.is404) return payload;
    const contentType = request.headers['content-type'];
    if (!contentType) return payload;
    const accepted = request.routeOptions.config?.bodyTypes ?? ['json'];
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const kind =
      type === 'application/json'
        ? 'json'
        : type === 'application/x-www-form-urlencoded'
          ? 'form'
          : type === 'multipart/form-data'
            ? 'multipart'
            : undefined;
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if (hasBody && (!kind || !accepted.includes(kind))) {
      throw new ApiProblem(
        415,
        'unsupported_media_type',
        `this call accepts ${accepted.map(mediaTypeOf).join(' or ')}, not ${type || 'an untyped body'}`,
      );
    }
    return payload;
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
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400 && !request.is404) {
      await ctx.store.save();
    }
    const record = state.idempotency;
    if (record && record.state === 'running') {
      if (
        payload === null ||
        payload === undefined ||
        typeof payload === 'string' ||
        Buffer.isBuffer(payload)
      ) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const v = reply.getHeader(name);
          if (v !== undefined) headers[name] = String(v);
        }
        ctx.idempotency.complete(
          record,
          reply.statusCode,
          (payload as string | Buffer | null) ?? null,
          headers,
        );
      } else {
        ctx.idempotency.abandon(record); // a streamed body cannot be replayed
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const record = request.sandbox?.idempotency;
    if (record && record.state === 'running') ctx.idempotency.abandon(record);
    ctx.log(
      `${new Date().toISOString()} ${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms ${request.id}${request.sandbox?.replayed ? ' replayed' : ''}`,
    );
  });
}

function mediaTypeOf(kind: string): string {
  return kind === 'json'
    ? 'application/json'
    : kind === 'form'
      ? 'application/x-www-form-urlencoded'
      : 'multipart/form-data';
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
  const decision = ctx.idempotency.begin(client.client_id, key, fingerprint);
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
      const { record } = decision;
      request.sandbox.replayed = true;
      reply.code(record.status).headers(record.headers).header('idempotency-replayed', '1');
      reply.send(record.body ?? undefined);
      return true;
    }
  }
}
