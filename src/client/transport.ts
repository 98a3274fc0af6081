/**
 * The bottom of the pipeline: one keep-alive connection pool per client, shared by every call (bulk runs
 * included). Two ways down, with one behaviour:
 * - Node's own `node:http` when no proxy is set, which is nearly always: a command that calls the API then loads
 *   nothing beyond what Node has (#31: undici's 400 KB and its WebAssembly parser were about a tenth of such a
 *   command's start-up on Node 20, paid by every cron line and every script's call);
 * - undici's `EnvHttpProxyAgent` when HTTPS_PROXY, HTTP_PROXY or their lower-case names are set: it tunnels HTTPS
 *   through the proxy (CONNECT) and honours NO_PROXY as curl does, which Node's client does not do for itself.
 *   Loaded only then.
 * Each reports its failures in the terms `classify` turns into one TransportError per kind of failure.
 */
import type { Readable } from 'node:stream';
import { UsageError } from '../domain/errors.js';
import { interrupted } from './sleep.js';
import { TransportError, type WireRequest, type WireResponse } from './wire.js';

export interface Transport {
  send(req: WireRequest): Promise<WireResponse>;
  close(): Promise<void>;
}

/** What a way down does: one request to its answer's headers, its failures named, its connections closed. */
export interface Way {
  exchange(
    req: WireRequest,
    deadline: AbortSignal | undefined,
    headersTimeoutMs: number,
  ): Promise<{ status: number; headers: Record<string, string>; body: Readable }>;
  failureOf(err: unknown, closed: boolean): TransportFailure;
  close(): Promise<void> | void;
}

/** A transport over a way down: the waits, a streamed or buffered answer, its duration, and failures classified. */
export function transportOver(timeoutMs: number, way: Way): Transport {
  let closed = false;
  return {
    async send(req) {
      const started = performance.now();
      const { deadline, headersTimeoutMs } = waits(req, timeoutMs);
      try {
        if (closed) throw Object.assign(new Error('client closed'), { code: 'CLOSED' });
        const { status, headers, body } = await way.exchange(req, deadline, headersTimeoutMs);
        if (req.stream && status < 400) {
          return { status, headers, stream: body, durationMs: performance.now() - started };
        }
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return { status, headers, bytes: Buffer.concat(chunks), durationMs: performance.now() - started };
      } catch (err) {
        throw classify(way.failureOf(err, closed), req, deadline, headersTimeoutMs);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await way.close();
    },
  };
}

export interface TransportOptions {
  timeoutMs: number;
  connections?: number;
  proxyEnv?: NodeJS.ProcessEnv;
}

/** The lower-case name first, as curl and undici read them. */
export function proxySettings(env: NodeJS.ProcessEnv) {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

export function createTransport(opts: TransportOptions): Transport {
  const proxies = proxySettings(opts.proxyEnv ?? process.env);
  if (!proxies.httpProxy && !proxies.httpsProxy) return lazily(() => import('./transport-http.js'), opts);
  return lazily(() => import('./transport-proxied.js'), opts);
}

/** A transport whose module is imported at its first request (a command that never calls the API loads neither). */
function lazily(
  load: () => Promise<{ open(opts: TransportOptions): Transport }>,
  opts: TransportOptions,
): Transport {
  let opened: Promise<Transport> | undefined;
  let closed = false;
  const open = () => {
    opened ??= load().then((m) => m.open(opts));
    return opened;
  };
  return {
    send: async (req) => {
      if (closed) throw new TransportError('client closed', 'network', 'CLOSED');
      return (await open()).send(req);
    },
    async close() {
      closed = true;
      if (opened) await (await opened).close();
    },
  };
}

/** How long to wait for an answer: the usual wait, and after an upload the server's time to take it in too. */
export function waits(req: WireRequest, timeoutMs: number) {
  const upload = req.body !== undefined && !Buffer.isBuffer(req.body);
  return {
    upload,
    // A buffered call gets one deadline for headers and body. A streamed download, or an upload from a file,
    // keeps the inactivity timeouts only: a 95 MB statement takes longer than any fixed deadline to send and to
    // import, so the wait for the answer grows with what was sent.
    deadline: req.stream || upload ? undefined : AbortSignal.timeout(timeoutMs),
    headersTimeoutMs: upload ? timeoutMs + serverWorkMs(req) : timeoutMs,
  };
}

/** The caller's signal and the deadline, either of which ends the request. */
export function signalOf(req: WireRequest, deadline: AbortSignal | undefined): AbortSignal | undefined {
  return req.signal && deadline ? AbortSignal.any([req.signal, deadline]) : (req.signal ?? deadline);
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

export function bodyOf(req: WireRequest): Buffer | Readable | undefined {
  if (req.body === undefined) return undefined;
  if (Buffer.isBuffer(req.body)) return req.body;
  return req.body.open();
}

export function withLength(req: WireRequest): Record<string, string> {
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

/**
 * What went wrong, in the transports' common terms: `CONNECT_TIMEOUT` (no connection within the wait),
 * `TIMEOUT` (no answer, or the answer stalled), `INVALID` (a request Node refuses to send), `CLOSED` (the client
 * was closed); else the system's code (ECONNREFUSED, ECONNRESET, …).
 */
export interface TransportFailure {
  code: string | undefined;
  message: string;
}

/** Failures before a connection existed: the request cannot have reached the server. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'CONNECT_TIMEOUT',
]);

export function classify(
  failure: TransportFailure,
  req: WireRequest,
  deadline: AbortSignal | undefined,
  timeoutMs: number,
): Error {
  if (req.signal?.aborted) return interrupted();
  const { code, message } = failure;
  if (code === 'CONNECT_TIMEOUT') {
    return new TransportError(`connect timed out after ${timeoutMs} ms`, 'timeout', 'ETIMEDOUT', false);
  }
  if (deadline?.aborted || code === 'TIMEOUT') {
    return new TransportError(`timed out after ${timeoutMs} ms`, 'timeout', 'ETIMEDOUT');
  }
  if (code === 'INVALID') {
    return new UsageError(`invalid request: ${message}`, { code: 'invalid_request' });
  }
  if (code === 'CLOSED') return new TransportError('client closed', 'network', code);
  return new TransportError(message, 'network', code, !NEVER_SENT.has(code ?? ''));
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
