/**
 * The bottom of the pipeline: one keep-alive connection pool per client, shared by every call (bulk runs
 * included). Two ways down, with one behaviour:
 * - Node's own `node:http` when no proxy is set, which is nearly always: a command that calls the API then loads
 *   nothing beyond what Node has (#31: undici's 400 KB and its WebAssembly parser were about a tenth of such a
 *   command's start-up on Node 20, paid by every cron line and every script's call);
 * - undici's `EnvHttpProxyAgent` when HTTPS_PROXY, HTTP_PROXY or their lower-case names are set: it tunnels HTTPS
 *   through the proxy (CONNECT) and honours NO_PROXY as curl does, which Node's client does not do for itself.
 *   Loaded only then.
 * Each way (way.ts) names its failures in common terms, which `classify` turns into one TransportError per kind.
 */
import type { Readable } from 'node:stream';
import { UsageError } from '../domain/errors.js';
import { interrupted } from './sleep.js';
import { proxySettings, type TransportFailure, type TransportOptions, type Way } from './way.js';
import { TransportError, type WireRequest, type WireResponse } from './wire.js';

export interface Transport {
  send(req: WireRequest): Promise<WireResponse>;
  close(): Promise<void>;
}

export type { TransportOptions };

/** The way for these options, its module imported at the first request (a command that never calls the API loads neither). */
export function createTransport(opts: TransportOptions): Transport {
  const proxies = proxySettings(opts.proxyEnv ?? process.env);
  const load =
    proxies.httpProxy || proxies.httpsProxy
      ? async () => (await import('./transport-proxied.js')).openProxiedWay
      : async () => (await import('./transport-http.js')).openHttpWay;
  let opening: Promise<Way> | undefined;
  let way: Way | undefined;
  return transportOver(opts.timeoutMs, {
    async exchange(req, deadline, headersTimeoutMs) {
      opening ??= load().then((open) => open(opts));
      way ??= await opening;
      return way.exchange(req, deadline, headersTimeoutMs);
    },
    failureOf: (err) =>
      way?.failureOf(err) ?? { code: undefined, message: (err as Error)?.message ?? String(err) },
    async close() {
      if (opening) await (await opening).close();
    },
  });
}

/** A transport over a way down: the waits, a streamed or buffered answer, its duration, and failures classified. */
function transportOver(timeoutMs: number, way: Way): Transport {
  let closed = false;
  return {
    async send(req) {
      const started = performance.now();
      const { deadline, headersTimeoutMs } = waits(req, timeoutMs);
      try {
        if (closed) throw new Error('client closed');
        const { status, headers, body } = await way.exchange(req, deadline, headersTimeoutMs);
        if (req.stream && status < 400) {
          return { status, headers, stream: body, durationMs: performance.now() - started };
        }
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return { status, headers, bytes: Buffer.concat(chunks), durationMs: performance.now() - started };
      } catch (err) {
        const failure: TransportFailure = closed
          ? { code: 'CLOSED', message: 'client closed' }
          : way.failureOf(err);
        throw classify(failure, req, deadline, headersTimeoutMs);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await way.close();
    },
  };
}

/** How long to wait for an answer: the usual wait, and after an upload the server's time to take it in too. */
function waits(req: WireRequest, timeoutMs: number) {
  const upload = req.body !== undefined && !Buffer.isBuffer(req.body);
  return {
    // A buffered call gets one deadline for headers and body. A streamed download, or an upload from a file,
    // keeps the inactivity timeouts only: a 95 MB statement takes longer than any fixed deadline to send and to
    // import, so the wait for the answer grows with what was sent.
    deadline: req.stream || upload ? undefined : AbortSignal.timeout(timeoutMs),
    headersTimeoutMs: upload ? timeoutMs + serverWorkMs(req) : timeoutMs,
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

function classify(
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
