/**
 * What the two ways down share (transport-http.ts, transport-proxied.ts): the shape of a way, the request's body
 * and headers as they go out, the answer's headers as they come in, and failures in one set of terms.
 * transport.ts picks the way and keeps the waits and the classifying.
 */
import type { Readable } from 'node:stream';
import type { WireRequest } from './wire.js';

export interface TransportOptions {
  timeoutMs: number;
  proxyEnv?: NodeJS.ProcessEnv;
}

/** What a way down does: one request to its answer's headers, its failures named, its connections closed. */
export interface Way {
  exchange(
    req: WireRequest,
    deadline: AbortSignal | undefined,
    headersTimeoutMs: number,
  ): Promise<{ status: number; headers: Record<string, string>; body: Readable }>;
  failureOf(err: unknown): TransportFailure;
  close(): Promise<void> | void;
}

/**
 * What went wrong, in the ways' common terms: `CONNECT_TIMEOUT` (no connection within the wait), `TIMEOUT` (no
 * answer, or the answer stalled), `INVALID` (a request the way refuses to send), `CLOSED` (the client was
 * closed); else the system's code (ECONNREFUSED, ECONNRESET, …).
 */
export interface TransportFailure {
  code: string | undefined;
  message: string;
}

/** The lower-case name first, as curl and undici read them. */
export function proxySettings(env: NodeJS.ProcessEnv) {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/** The caller's signal and the deadline, either of which ends the request. */
export function signalOf(req: WireRequest, deadline: AbortSignal | undefined): AbortSignal | undefined {
  return req.signal && deadline ? AbortSignal.any([req.signal, deadline]) : (req.signal ?? deadline);
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
