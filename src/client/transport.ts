/**
 * The bottom of the pipeline: one keep-alive undici dispatcher per client. `EnvHttpProxyAgent` honours
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY; every call of the client (bulk runs included) shares its connection pool.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentType } from 'undici';
// The proxy-aware agent and the dispatcher API alone, not undici's index (fetch, WebSocket, caches, mocks...):
// half the code to load at every command that calls the API. The index's one piece of set-up is repeated
// here: the API methods (request, connect, ...) on Dispatcher's prototype, which the proxy agent uses too.
import api from 'undici/lib/api/index.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

Object.assign(DispatcherBase.prototype, api);
const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as unknown as typeof EnvHttpProxyAgentType;

import { UsageError } from '../domain/errors.js';
import { interrupted } from './sleep.js';
import { type Send, TransportError, type WireRequest } from './wire.js';

export interface Transport {
  send: Send;
  close(): Promise<void>;
}

export function createTransport(opts: {
  timeoutMs: number;
  connections?: number;
  proxyEnv?: NodeJS.ProcessEnv;
}): Transport {
  const dispatcher = new EnvHttpProxyAgent({
    ...proxySettings(opts.proxyEnv ?? process.env),
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connect: { timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  let closed = false;

  const send: Send = async (req) => {
    const started = performance.now();
    // A buffered call gets one deadline for headers and body. A streamed download, or an upload from a file,
    // keeps undici's inactivity timeouts only: a 95 MB statement takes longer than any fixed deadline to send and
    // to import, so the wait for the answer grows with what was sent (two seconds per MiB for the server's work).
    const upload = req.body !== undefined && !Buffer.isBuffer(req.body);
    const deadline = req.stream || upload ? undefined : AbortSignal.timeout(opts.timeoutMs);
    const signal =
      req.signal && deadline ? AbortSignal.any([req.signal, deadline]) : (req.signal ?? deadline);
    const headersTimeout = upload ? opts.timeoutMs + serverWorkMs(req) : opts.timeoutMs;
    try {
      const res = await dispatcher.request({
        origin: req.url.origin,
        path: `${req.url.pathname}${req.url.search}`,
        method: req.method as Dispatcher.HttpMethod,
        headers: withLength(req),
        body: bodyOf(req),
        signal,
        headersTimeout,
        bodyTimeout: opts.timeoutMs,
      });
      const headers = flattenHeaders(res.headers);
      if (req.stream && res.statusCode < 400) {
        return { status: res.statusCode, headers, stream: res.body, durationMs: performance.now() - started };
      }
      const bytes = Buffer.from(await res.body.arrayBuffer());
      return { status: res.statusCode, headers, bytes, durationMs: performance.now() - started };
    } catch (err) {
      throw classify(err, req, deadline, headersTimeout, closed);
    }
  };

  return {
    send,
    async close() {
      if (closed) return;
      closed = true;
      await dispatcher.close();
    },
  };
}

/** The lower-case name first, as curl and undici read them; '' (not undefined) so undici does not fall back. */
function proxySettings(env: NodeJS.ProcessEnv) {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/**
 * The server's time to take in what an upload sent, allowed on top of the usual wait: two seconds per MiB (#32:
 * the sandbox imports a 95 MB OFX of 950,000 transactions in 80-130 s on a 2-core machine, past the one second per
 * MiB allowed before, and the CLI said "outcome unknown" while the import went on).
 */
function serverWorkMs(req: WireRequest): number {
  const length = req.body && !Buffer.isBuffer(req.body) ? (req.body.length ?? 0) : 0;
  return Math.ceil(length / 1_048_576) * 2000;
}

function bodyOf(req: WireRequest): Buffer | Readable | undefined {
  if (req.body === undefined) return undefined;
  if (Buffer.isBuffer(req.body)) return req.body;
  return req.body.open();
}

function withLength(req: WireRequest): Record<string, string> {
  const headers = { ...req.headers };
  if (req.body && !Buffer.isBuffer(req.body) && req.body.length !== undefined) {
    headers['content-length'] = String(req.body.length);
  }
  return headers;
}

export function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Failures before a connection existed: the request cannot have reached the server. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function classify(
  err: unknown,
  req: WireRequest,
  deadline: AbortSignal | undefined,
  timeoutMs: number,
  closed: boolean,
): Error {
  if (req.signal?.aborted) return interrupted();
  const e = err as {
    code?: string;
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  const code = e.code ?? e.cause?.code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new TransportError(`connect timed out after ${timeoutMs} ms`, 'timeout', code, false);
  }
  if (deadline?.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new TransportError(`timed out after ${timeoutMs} ms`, 'timeout', code ?? 'ETIMEDOUT');
  }
  if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_URL') {
    return new UsageError(`invalid request: ${e.message ?? String(err)}`, { code: 'invalid_request' });
  }
  if (closed || code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') {
    return new TransportError('client closed', 'network', code);
  }
  const detail =
    e.cause?.message && e.cause.message !== e.message ? `${e.message}: ${e.cause.message}` : e.message;
  return new TransportError(detail ?? String(err), 'network', code, !NEVER_SENT.has(code ?? ''));
}

/** A body for a one-shot Readable: sent once, never replayed. */
export function oneShot(stream: Readable, contentType: string, length?: number) {
  let used = false;
  return {
    contentType,
    length,
    open(): Readable {
      if (used) throw new Error('a one-shot request body cannot be sent twice');
      used = true;
      return stream;
    },
  };
}
