/**
 * The one request function every layer wraps: a WireRequest in, a WireResponse out. Layers are plain functions
 * `(next) => send` (octokit-style), composed once per client in `client.ts`.
 */
import type { Readable } from 'node:stream';
import type { StreamBody } from './types.js';

export type WireBody = Buffer | StreamBody;

export interface WireRequest {
  method: string;
  /** Absolute URL. */
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: WireBody;
  /** When true a 2xx/3xx body is handed back as a stream instead of being buffered. */
  stream?: boolean;
  signal?: AbortSignal;
  /** 1 for the first attempt; set by the retry layer. */
  attempt?: number;
  /** Retry even without an Idempotency-Key (e.g. the token endpoint, which has no side effect worth guarding). */
  safeToRetry?: boolean;
  /** False when the body can be sent only once (a caller's one-shot Readable). */
  replayable?: boolean;
}

export interface WireResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Buffered body (always for status >= 400 and for non-stream requests). */
  bytes?: Buffer;
  stream?: Readable;
  durationMs: number;
}

export type Send = (req: WireRequest) => Promise<WireResponse>;
export type Layer = (next: Send) => Send;

/** compose(transport, a, b, c) = a(b(c(transport))): the first layer is the outermost. */
export function compose(transport: Send, ...layers: Layer[]): Send {
  return layers.reduceRight<Send>((next, layer) => layer(next), transport);
}

/** A failure below HTTP: connection refused or reset, DNS, TLS, timeout. Retryable; mapped to exit 7 at the top. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network',
    readonly causeCode?: string,
    /** false when the request never left (no connection was made); else the server may have acted on it. */
    readonly sent = true,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWrite(method: string): boolean {
  return WRITE_METHODS.has(method.toUpperCase());
}
