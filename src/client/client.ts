/**
 * The client: builds the one pipeline and exposes `request`, `requestStream`, `list`, `token` over it.
 *
 *   requestId -> idempotency -> retry -> auth -> throttle -> redactingLog -> transport (keep-alive node:http; undici via a proxy)
 *
 * Outer layers run once per call (one X-Request-Id and one Idempotency-Key shared by every retry); retry wraps
 * auth so each attempt carries a currently valid token; the throttle paces every attempt; the log shows each
 * attempt as it went out. Error bodies become domain errors only at the top, after retries are exhausted.
 */

import type { Readable } from 'node:stream';
import { API_PREFIX } from '../domain/endpoints.js';
import { ApiError, CondoError, UsageError } from '../domain/errors.js';
import { bulkRunner } from './bulk.js';
import { errorFromResponse, errorFromTransport, parseBody } from './errors.js';
import { auth } from './layers/auth.js';
import { idempotency } from './layers/idempotency.js';
import { redactingLog } from './layers/log.js';
import { requestId } from './layers/request-id.js';
import { DEFAULT_RETRY, type RetryWait, retry } from './layers/retry.js';
import { RateLimiter, throttle } from './layers/throttle.js';
import { lister } from './listing.js';
import { route } from './resources/endpoint.js';
import { anySignal, systemClock } from './sleep.js';
import { MemoryTokenCache, TokenProvider } from './tokens.js';
import { createTransport, oneShot } from './transport.js';
import type {
  ApiCore,
  CachedToken,
  ClientOptions,
  Query,
  RequestOptions,
  RequestResult,
  StreamBody,
  StreamRequestOptions,
  StreamResult,
} from './types.js';
import {
  compose,
  isWrite,
  type Send,
  TransportError,
  type WireBody,
  type WireRequest,
  type WireResponse,
} from './wire.js';

export type { ApiCore };
export { API_PREFIX };

export interface Core extends ApiCore {
  requestStream(o: StreamRequestOptions): Promise<StreamResult>;
  token(o?: { signal?: AbortSignal; fresh?: boolean }): Promise<CachedToken>;
  close(): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStreamBody = (v: unknown): v is StreamBody => isObject(v) && typeof v.open === 'function';

export function createCore(opts: ClientOptions): Core {
  if (!opts.baseUrl) throw new UsageError('a base URL is required', { code: 'missing_base_url' });
  if (!opts.condominium) throw new UsageError('a condominium is required', { code: 'missing_condominium' });
  let base: URL;
  try {
    base = new URL(opts.baseUrl);
  } catch {
    throw new UsageError(`invalid base URL: ${opts.baseUrl}`, { code: 'invalid_base_url' });
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  const urlFor = urlMaker(base, `${API_PREFIX}/condominiums/${encodeURIComponent(opts.condominium)}`);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const policy = { ...DEFAULT_RETRY, ...opts.retry };
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const userAgent = opts.userAgent ?? `condo (node ${process.version})`;
  const debug = opts.debug;
  const note = debug ? (line: string) => debug(`* ${line}`) : undefined;

  // Everything the trace must never print; tokens join as they are issued.
  const secrets = secretsOf(opts.clientId, opts.clientSecret);

  const transport = createTransport({ timeoutMs, ...(opts.proxyEnv ? { proxyEnv: opts.proxyEnv } : {}) });
  const log = redactingLog(debug, () => secrets);
  const clock = opts.clock ?? systemClock;
  const limiter = new RateLimiter(note, clock, opts.onRateLimitWait);
  const retryNotice = (w: RetryWait) =>
    w.rateLimited ? opts.onRateLimitWait?.(w.ms) : opts.onRetry?.(w.ms, w.why);
  const tokens = new TokenProvider({
    tokenUrl: urlFor(route('issueToken').path),
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    scopes: opts.scopes,
    cache: opts.tokenCache ?? new MemoryTokenCache(),
    cacheKey:
      opts.tokenCacheKey ??
      `${base.origin}${basePath}|${opts.clientId}|${opts.condominium}|${[...(opts.scopes ?? [])].sort().join(' ')}`,
    send: compose(transport.send, requestId(opts.requestId), retry(policy, note, retryNotice, clock), log),
    userAgent,
    onToken: (t) => secrets.add(t),
    now: () => clock.now(),
    log: note,
  });
  const send: Send = compose(
    transport.send,
    requestId(opts.requestId),
    idempotency(),
    retry(policy, note, retryNotice, clock),
    auth(tokens),
    throttle(limiter),
    log,
  );

  function wire(o: {
    method: string;
    path: string;
    query?: Query;
    headers?: Record<string, string>;
    idempotencyKey?: string;
    signal?: AbortSignal;
  }): WireRequest {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent };
    for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
    const method = o.method.toUpperCase();
    const key = o.idempotencyKey ?? opts.idempotencyKey;
    if (key && !headers['idempotency-key'] && method !== 'GET' && method !== 'HEAD')
      headers['idempotency-key'] = key;
    return { method, url: urlFor(o.path, o.query), headers, signal: anySignal(opts.signal, o.signal) };
  }

  async function run(req: WireRequest): Promise<WireResponse> {
    try {
      return await send(req);
    } catch (err) {
      if (err instanceof TransportError)
        throw errorFromTransport(
          err,
          req.url,
          req.headers['x-request-id'],
          isWrite(req.method)
            ? { method: req.method, idempotencyKey: req.headers['idempotency-key'] }
            : undefined,
        );
      if (err instanceof CondoError) throw err;
      throw new ApiError((err as Error)?.message ?? String(err), { code: 'client_error' });
    }
  }

  function check(res: WireResponse, body: unknown): void {
    if (res.status < 300) return;
    throw errorFromResponse(res, body);
  }

  async function request<T = unknown>(o: RequestOptions): Promise<RequestResult<T>> {
    const req = wire(o);
    req.body = encodeBody(o.body, req.headers);
    const res = await run(req);
    const body = parseBody(res.bytes, res.headers['content-type']);
    check(res, body);
    return {
      status: res.status,
      headers: res.headers,
      data: (isObject(body) && 'data' in body ? body.data : body) as T,
      body,
      requestId: res.headers['x-request-id'] ?? req.headers['x-request-id'],
      replayed: res.headers['idempotency-replayed'] === '1' || res.headers['idempotency-replayed'] === 'true',
    };
  }

  async function requestStream(o: StreamRequestOptions): Promise<StreamResult> {
    const req = wire(o);
    req.stream = true;
    if (o.body !== undefined) {
      if (o.contentType) req.headers['content-type'] = o.contentType;
      if (isStreamBody(o.body) || Buffer.isBuffer(o.body) || typeof o.body === 'string') {
        req.body = encodeBody(typeof o.body === 'string' ? Buffer.from(o.body) : o.body, req.headers);
      } else {
        const stream = o.body as Readable;
        req.headers['content-type'] ??= 'application/octet-stream';
        req.body = oneShot(stream, req.headers['content-type'], o.contentLength);
        req.replayable = false;
      }
    }
    const res = await run(req);
    if (res.status >= 300) {
      res.stream?.destroy();
      throw errorFromResponse(res);
    }
    return {
      status: res.status,
      headers: res.headers,
      body: res.stream!,
      requestId: res.headers['x-request-id'] ?? req.headers['x-request-id'],
      replayed: res.headers['idempotency-replayed'] === '1',
    };
  }

  return {
    request,
    requestStream,
    list: lister({ request, urlFor }),
    bulk: bulkRunner({ idempotencyKey: opts.idempotencyKey, signal: opts.signal }, concurrency),
    token: (o = {}) => {
      const signal = anySignal(opts.signal, o.signal);
      return o.fresh ? tokens.renew(signal) : tokens.get(signal);
    },
    close: () => transport.close(),
  };
}

/** Where a path goes on this server: under the condominium's scope, or an absolute link of the same origin only. */
function urlMaker(base: URL, scopeRoot: string): (path: string, query?: Query) => URL {
  const basePath = base.pathname.replace(/\/+$/, '');
  return (path, query) => {
    let url: URL;
    if (/^https?:\/\//i.test(path)) {
      url = new URL(path);
      if (url.origin !== base.origin) {
        // Never send the bearer token to another host (e.g. a links.next elsewhere).
        throw new ApiError(`refusing to call ${url.origin}: not the configured base URL`, {
          code: 'foreign_url',
        });
      }
    } else {
      const p = path.startsWith('/') ? path : `/${path}`;
      const rooted = p.startsWith('/api/') ? p : `${scopeRoot}${p === '/' ? '' : p}`;
      url = new URL(`${base.origin}${basePath}${rooted}`);
    }
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      url.searchParams.delete(key);
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
      else url.searchParams.set(key, String(value));
    }
    return url;
  };
}

/** A request body on the wire, its content type set where the caller set none. */
function encodeBody(body: unknown, headers: Record<string, string>): WireBody | undefined {
  if (body === undefined) return undefined;
  if (isStreamBody(body)) {
    headers['content-type'] ??= body.contentType;
    return body;
  }
  if (Buffer.isBuffer(body)) {
    headers['content-type'] ??= 'application/octet-stream';
    return body;
  }
  if (typeof body === 'string') {
    headers['content-type'] ??= 'application/json';
    return Buffer.from(body);
  }
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body));
}

/** The client secret in every form a trace could show it: plain, URL-encoded, and in the Basic header. */
function secretsOf(clientId: string, clientSecret: string): Set<string> {
  const encodedSecret = encodeURIComponent(clientSecret);
  return new Set<string>([
    clientSecret,
    Buffer.from(`${clientId}:${clientSecret}`).toString('base64'),
    encodedSecret,
    Buffer.from(`${encodeURIComponent(clientId)}:${encodedSecret}`).toString('base64'),
  ]);
}
