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
import { ApiError, CondoError, UnavailableError, UsageError } from '../domain/errors.js';
import { newUlid } from '../domain/ulids.js';
import { type BulkOutcome, runPool } from './bulk.js';
import { errorFromResponse, errorFromTransport, parseBody } from './errors.js';
import { auth } from './layers/auth.js';
import { idempotency } from './layers/idempotency.js';
import { redactingLog } from './layers/log.js';
import { requestId } from './layers/request-id.js';
import { DEFAULT_RETRY, type RetryWait, retry } from './layers/retry.js';
import { RateLimiter, throttle } from './layers/throttle.js';
import { readPage } from './pagination.js';
import { route } from './resources/endpoint.js';
import { anySignal, systemClock } from './sleep.js';
import { MemoryTokenCache, TokenProvider } from './tokens.js';
import { createTransport, oneShot } from './transport.js';
import type {
  ApiCore,
  BulkOptions,
  CachedToken,
  ClientOptions,
  ListOptions,
  ListResult,
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

const MAX_PAGES = 10_000;

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
  const scopeRoot = `${API_PREFIX}/condominiums/${encodeURIComponent(opts.condominium)}`;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const policy = { ...DEFAULT_RETRY, ...opts.retry };
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const userAgent = opts.userAgent ?? `condo (node ${process.version})`;
  const debug = opts.debug;
  const note = debug ? (line: string) => debug(`* ${line}`) : undefined;

  // Everything the trace must never print; tokens join as they are issued.
  const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
  const secrets = new Set<string>([opts.clientSecret, basic]);
  const encodedSecret = encodeURIComponent(opts.clientSecret);
  secrets.add(encodedSecret);
  secrets.add(Buffer.from(`${encodeURIComponent(opts.clientId)}:${encodedSecret}`).toString('base64'));

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

  function urlFor(path: string, query?: Query): URL {
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
  }

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

  async function list<T = unknown>(
    path: string,
    query: Query = {},
    o: ListOptions = {},
  ): Promise<ListResult<T>> {
    if (o.fromEnd) return listFromEnd<T>(path, query, o);
    const data: T[] = [];
    let count = 0;
    const limit = o.limit !== undefined && o.limit >= 0 ? o.limit : Number.POSITIVE_INFINITY;
    let target: { path: string; query: Query } | undefined = { path, query };
    let meta: Record<string, unknown> | undefined;
    let hasMore = false;
    let lastRequestId: string | undefined;
    const seen = new Set<string>();
    for (let pages = 0; target && pages < MAX_PAGES; pages++) {
      const res: RequestResult<unknown> = await request({
        method: 'GET',
        path: target.path,
        query: target.query,
        signal: o.signal,
      });
      lastRequestId = res.requestId;
      seen.add(urlFor(target.path, target.query).toString());
      const page = readPage(res.body);
      meta = page.meta;
      const room = limit - count;
      const items = page.items.length > room ? page.items.slice(0, room) : page.items;
      count += items.length;
      if (o.eachPage) {
        const total = typeof meta?.total === 'number' ? Math.min(meta.total, limit) : undefined;
        o.eachPage(items, { items: count, total });
      } else data.push(...(items as T[]));
      const following = nextTarget(page, target);
      if (page.items.length > room) {
        hasMore = true;
        break;
      }
      hasMore = following !== undefined;
      if (!o.all || count >= limit || !following) break;
      if (seen.has(urlFor(following.path, following.query).toString())) {
        hasMore = false; // a server pointing back at a page already read: stop rather than loop
        break;
      }
      target = following;
    }
    return Object.defineProperties(data, {
      meta: { value: meta, enumerable: false },
      hasMore: { value: hasMore, enumerable: false },
      requestId: { value: lastRequestId, enumerable: false },
    }) as ListResult<T>;
  }

  /**
   * A list's end, last item first: the first page says how many pages there are, then back from the last. Every
   * page (`all`), or a server whose pages are links rather than numbers: read forward once, kept from the end.
   */
  async function listFromEnd<T>(path: string, query: Query, o: ListOptions): Promise<ListResult<T>> {
    const { fromEnd: _, limit, ...forward } = o;
    const endOf = (
      items: readonly unknown[],
      meta: Record<string, unknown> | undefined,
      requestId?: string,
    ) => {
      const want = limit ?? items.length;
      const kept = items.slice(Math.max(0, items.length - want)).reverse() as T[];
      const total = typeof meta?.total === 'number' ? meta.total : items.length;
      return Object.defineProperties(kept, {
        meta: { value: meta, enumerable: false },
        hasMore: { value: total > kept.length, enumerable: false },
        requestId: { value: requestId, enumerable: false },
      }) as ListResult<T>;
    };
    const everything = async () => {
      const every = await list<T>(path, query, { ...forward, all: true });
      return endOf(every, every.meta, every.requestId);
    };
    if (o.all && limit === undefined) return everything();
    const pageAt = async (n: number | undefined) => {
      const res: RequestResult<unknown> = await request({
        method: 'GET',
        path,
        query: n === undefined ? query : { ...query, page: n },
        signal: o.signal,
      });
      return { page: readPage(res.body), requestId: res.requestId };
    };
    const first = await pageAt(undefined);
    const last = first.page.lastPage;
    if (last === undefined || first.page.nextLink !== undefined) return everything();
    const want = limit ?? first.page.items.length;
    let items: unknown[] = [];
    let requestId = first.requestId;
    for (let n = last; n > 1 && items.length < want; n--) {
      const at = await pageAt(n);
      items = [...at.page.items, ...items];
      requestId = at.requestId;
    }
    if (items.length < want) items = [...first.page.items, ...items];
    return endOf(items.length > want ? items.slice(items.length - want) : items, first.page.meta, requestId);
  }

  function nextTarget(
    page: ReturnType<typeof readPage>,
    current: { path: string; query: Query },
  ): { path: string; query: Query } | undefined {
    if (page.nextLink === null) return undefined;
    if (page.nextLink !== undefined) {
      const here = urlFor(current.path, current.query);
      return { path: new URL(page.nextLink, here).toString(), query: {} };
    }
    if (page.nextPage !== undefined && page.items.length > 0) {
      return { path: current.path, query: { ...current.query, page: page.nextPage } };
    }
    return undefined;
  }

  async function bulk<I, T>(
    items: readonly I[],
    work: (item: I, key: string) => Promise<T>,
    o: BulkOptions = {},
  ): Promise<BulkOutcome<T>[]> {
    // KEY-1, KEY-2, ... from --idempotency-key or the caller's prefix, so a re-run replays instead of repeating.
    const prefix = opts.idempotencyKey ?? o.keyPrefix;
    const keyFor = (item: I, i: number) => (prefix ? `${prefix}-${i + 1}` : (o.keyOf?.(item) ?? newUlid()));
    const signal = anySignal(opts.signal, o.signal);
    // Once one item has spent the whole retry budget on an unreachable server, the rest are not sent: each would
    // spend its own budget in turn, and a run of 1000 against a dead server would never end.
    const down = new AbortController();
    const stop = anySignal(o.stop, down.signal);
    const attempt = async (item: I, i: number) => {
      try {
        return await work(item, keyFor(item, i));
      } catch (err) {
        if (err instanceof UnavailableError && !down.signal.aborted)
          down.abort(
            new UnavailableError(
              {
                en: `not sent: the server was unreachable (${err.message})`,
                pt: `não enviado: o servidor estava inalcançável (${err.text?.pt ?? err.message})`,
              },
              { code: 'not_sent' },
            ),
          );
        throw err;
      }
    };
    return runPool(items, concurrency, attempt, {
      signal,
      ...(stop ? { stop } : {}),
      ...(o.onResult ? { onResult: o.onResult } : {}),
    });
  }

  return {
    request,
    requestStream,
    list,
    bulk,
    token: (o = {}) => {
      const signal = anySignal(opts.signal, o.signal);
      return o.fresh ? tokens.renew(signal) : tokens.get(signal);
    },
    close: () => transport.close(),
  };
}
