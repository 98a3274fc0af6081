/**
 * The Fastify instance: body parsers (JSON, form for the token endpoint, multipart streaming for uploads),
 * the request pipeline (http/pipeline.ts), the error and not-found handlers, and one plugin per API area.
 */

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerFactory } from 'fastify';
import { API_PREFIX } from '../domain/endpoints.js';
import { sanitizeRequestId } from '../domain/ids.js';
import { parseUntrustedJson } from '../domain/json.js';
import { newUlid } from '../domain/ulids.js';
import type { SandboxContext } from './http/context.js';
import { ApiProblem, errorBody, MULTIPART_LIMITS, problemFromFrameworkError } from './http/errors.js';
import { methodsAt } from './http/operation.js';
import { installPipeline } from './http/pipeline.js';
import { checkResponses } from './http/response-check.js';
import { OAuthError } from './http/tokens.js';
import { bankRoutes } from './routes/bank.js';
import { batchesRoutes } from './routes/batches.js';
import { boletoPdfRoutes } from './routes/boleto-pdf.js';
import { cadastrosRoutes } from './routes/cadastros.js';
import { defaultersRoutes } from './routes/defaulters.js';
import { entriesRoutes } from './routes/entries.js';
import { expensesRoutes } from './routes/expenses.js';
import { invoicesRoutes } from './routes/invoices.js';
import { ledgerRoutes } from './routes/ledger.js';
import { oauthRoutes } from './routes/oauth.js';
import { payablesRoutes } from './routes/payables.js';
import { statementsRoutes } from './routes/statements.js';
import { webhooksRoutes } from './routes/webhooks.js';

export const CONDOMINIUM_PREFIX = `${API_PREFIX}/condominiums/:condominium`;
export const JSON_BODY_LIMIT = 1024 * 1024;
export const FILE_SIZE_LIMIT = 10 * 1024 * 1024;

export interface ServedRoute {
  method: string;
  url: string;
  operation: string | undefined;
}

const served = new WeakMap<FastifyInstance, ServedRoute[]>();

/** Every route an app registered (HEAD aside), with the operation it serves. */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  return served.get(app) ?? [];
}

export async function buildApp(
  ctx: SandboxContext,
  /** A server already listening (the sandbox binds its port before it opens its data): fastify serves on it. */
  serverFactory?: FastifyServerFactory,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(serverFactory ? { serverFactory } : {}),
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return sanitizeRequestId(Array.isArray(given) ? given[0] : given) || newUlid();
    },
    return503OnClosing: true,
    // Refused before routing (a malformed URL): the same error shape, request id and rate-limit headers as any
    // answer; such a call is counted in its address's window, as a call without a token.
    frameworkErrors: (err, request, reply) => {
      const problem = problemFromFrameworkError(err);
      (reply as unknown as FastifyReply)
        .code(problem.status)
        .headers({ 'x-request-id': request.id, ...rateHeaders(ctx, request.ip) })
        .send(errorBody(problem, request.id));
    },
    // Refused by Node's HTTP parser before fastify sees a request (headers over 16 KB: 431): fastify would answer
    // in its own shape; this answers in the API's.
    clientErrorHandler: (err, socket) => answerUnparsed(ctx, err, socket),
  });

  await installBodyParsers(app);
  installPipeline(app, ctx);
  if (ctx.checkResponses) checkResponses(app, ctx.checkResponses);
  const observe = ctx.observeAnswers;
  if (observe)
    app.addHook('onSend', async (request, reply, payload) => {
      const operation = request.routeOptions.config?.operation as string | undefined;
      if (typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json'))
        observe({
          operation: operation ?? '',
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          body: payload,
        });
      return payload;
    });
  // Which operation each route serves, for the conformance test (see servedRoutes).
  const routes: ServedRoute[] = [];
  served.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: r.url ?? r.path, operation: r.config?.operation });
    }
  });

  installErrorHandlers(app, ctx);
  await app.register(async (api) => oauthRoutes(api, ctx), { prefix: API_PREFIX });
  await app.register(async (root) => boletoPdfRoutes(root, ctx));
  // The base URL the CLI prints answers too: what this server is and where its API lives.
  app.get('/', async () => ({
    service: 'condo sandbox: a local implementation of the condominium finance API',
    api: `${API_PREFIX}/condominiums/{condominium}`,
    token: `${API_PREFIX}/oauth/token`,
  }));
  await app.register(
    async (condo) => {
      payablesRoutes(condo, ctx);
      batchesRoutes(condo, ctx);
      entriesRoutes(condo, ctx);
      ledgerRoutes(condo, ctx);
      bankRoutes(condo, ctx);
      cadastrosRoutes(condo, ctx);
      statementsRoutes(condo, ctx);
      webhooksRoutes(condo, ctx);
      invoicesRoutes(condo, ctx);
      expensesRoutes(condo, ctx);
      defaultersRoutes(condo, ctx);
    },
    { prefix: CONDOMINIUM_PREFIX },
  );
  return app;
}

/** The rate-limit headers of a call refused before routing, counted in its address's window. */
function rateHeaders(ctx: SandboxContext, ip: string): Record<string, string> {
  const verdict = ctx.rateLimiter.hit(`ip:${ip}`, ctx.ipRateLimit);
  return {
    'x-ratelimit-limit': String(verdict.limit),
    'x-ratelimit-remaining': String(verdict.remaining),
    'x-ratelimit-reset': String(verdict.resetSeconds),
  };
}

/**
 * A request Node's HTTP parser refused before fastify saw it (headers over 16 KB: 431; not HTTP: 400), answered in
 * the API's shape, with a request id and the rate-limit headers, rather than fastify's own.
 */
function answerUnparsed(ctx: SandboxContext, err: Error, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = (err as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
  const problem = tooLarge
    ? new ApiProblem(
        431,
        'request_header_fields_too_large',
        'the request headers are too large (16 KB at most)',
      )
    : new ApiProblem(400, 'bad_request', 'the request is not valid HTTP');
  const requestId = newUlid();
  const body = JSON.stringify(errorBody(problem, requestId));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    ...rateHeaders(ctx, socket.remoteAddress ?? ''),
    Connection: 'close',
  };
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n${body}`,
  );
}

/** Bodies: our own JSON parser (an empty body is no body; bad JSON a 400), urlencoded for OAuth, multipart. */
async function installBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    const parsed = parseUntrustedJson(text);
    if (parsed.ok) return done(null, parsed.value);
    if (parsed.reason === 'prototype_key') {
      const fields = Object.fromEntries(
        (parsed.keys ?? []).map((k) => [k, ['is not a field of any request']]),
      );
      return done(
        new ApiProblem(422, 'validation_failed', 'the request has invalid fields', fields),
        undefined,
      );
    }
    done(
      new ApiProblem(
        400,
        'bad_request',
        parsed.reason === 'depth'
          ? `the body ${parsed.message.replace(/^the JSON /, '')}`
          : 'the body is not valid JSON',
      ),
      undefined,
    );
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(multipart, {
    limits: { fileSize: FILE_SIZE_LIMIT, fieldSize: 64 * 1024, ...MULTIPART_LIMITS },
  });
}

/** Errors in the API's shape (OAuth's own for the token route), and 405 or 404 for what no route serves. */
function installErrorHandlers(app: FastifyInstance, ctx: SandboxContext): void {
  app.setErrorHandler((err, request, reply) => {
    const requestId = request.id;
    if (err instanceof OAuthError) {
      return reply
        .code(err.status)
        .headers(err.headers)
        .header('cache-control', 'no-store')
        .send({ error: err.code, error_description: err.message, request_id: requestId });
    }
    const problem = problemFromFrameworkError(err);
    if (problem.status >= 500) {
      ctx.log(`${requestId} internal error: ${(err as Error)?.stack ?? String(err)}`);
    }
    if (request.routeOptions?.config?.oauth && problem.status < 500 && problem.status !== 429) {
      // RFC 6749 5.2: a token request that cannot be read is an invalid_request
      return reply
        .code(problem.status)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: problem.message, request_id: requestId });
    }
    return reply.code(problem.status).headers(problem.headers).send(errorBody(problem, requestId));
  });

  app.setNotFoundHandler(async (request) => {
    const path = request.url.split('?')[0] ?? '';
    // a path the API has, asked with a method it does not take: 405 and the methods it does (#53, RFC 9110 15.5.6)
    const allowed = methodsAt(path);
    if (allowed.length > 0)
      throw new ApiProblem(
        405,
        'method_not_allowed',
        `${request.method} is not a method of ${path}: it takes ${allowed.join(', ')}`,
        undefined,
        { allow: allowed.join(', ') },
      );
    throw new ApiProblem(404, 'not_found', `no route for ${request.method} ${path}`);
  });
}
