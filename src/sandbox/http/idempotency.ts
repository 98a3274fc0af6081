/**
 * Idempotency-Key (DESIGN.md "Idempotency"): keys are scoped to the OAuth client and live 24 hours. The first
 * request with a key runs and its status, body and content headers are kept; the same key with the same
 * method, path and body replays them with `Idempotency-Replayed: 1`; with anything else it is a 409
 * `idempotency_conflict`; while the first is still running a 409 `idempotency_in_progress`. 5xx responses are
 * not kept, so a retry runs again. Records live in memory only.
 *
 * The fingerprint is computed by whoever has read the body: JSON routes get it automatically (canonical JSON,
 * so key order does not matter); a multipart route reads its parts and calls `multipartFingerprint`, which
 * covers each file's bytes (SHA-256) and every other field.
 */
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Response headers worth replaying besides the body. */
export const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location'] as const;

export interface IdempotencyRecord {
  scopeKey: string;
  fingerprint: string;
  state: 'running' | 'done';
  status: number;
  body: string | Buffer | null;
  headers: Record<string, string>;
  expiresAt: number;
}

export type IdempotencyDecision =
  | { kind: 'proceed'; record: IdempotencyRecord }
  | { kind: 'replay'; record: IdempotencyRecord }
  | { kind: 'conflict' }
  | { kind: 'in_progress' };

export class IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();

  constructor(private readonly now: () => number = Date.now) {}

  begin(clientId: string, key: string, fingerprint: string): IdempotencyDecision {
    const now = this.now();
    this.prune(now);
    const scopeKey = `${clientId}\u0000${key}`;
    const existing = this.records.get(scopeKey);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { kind: 'conflict' };
      if (existing.state === 'running') return { kind: 'in_progress' };
      return { kind: 'replay', record: existing };
    }
    const record: IdempotencyRecord = {
      scopeKey,
      fingerprint,
      state: 'running',
      status: 0,
      body: null,
      headers: {},
      expiresAt: now + IDEMPOTENCY_WINDOW_MS,
    };
    this.records.set(scopeKey, record);
    return { kind: 'proceed', record };
  }

  complete(
    record: IdempotencyRecord,
    status: number,
    body: string | Buffer | null,
    headers: Record<string, string>,
  ) {
    if (status >= 500) return this.abandon(record);
    record.state = 'done';
    record.status = status;
    record.body = body;
    record.headers = headers;
  }

  /** Forgets a record that did not finish (a 5xx, a streamed body, an aborted request): the key may run again. */
  abandon(record: IdempotencyRecord): void {
    if (this.records.get(record.scopeKey) === record) this.records.delete(record.scopeKey);
  }

  private prune(now: number): void {
    for (const [k, r] of this.records) if (r.expiresAt <= now && r.state === 'done') this.records.delete(k);
  }
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` fingerprint the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

function digest(parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

export function jsonFingerprint(method: string, url: string, body: unknown): string {
  return digest(['json', method.toUpperCase(), url, canonicalJson(body)]);
}

export interface MultipartDigest {
  /** non-file fields, name -> values in order */
  fields: Record<string, string[]>;
  /** file fields, name -> SHA-256 hex of each file's bytes in order (the filename does not count) */
  files: Record<string, string[]>;
}

export function multipartFingerprint(method: string, url: string, parts: MultipartDigest): string {
  const fields = Object.keys(parts.fields)
    .sort()
    .map((k) => `${k}=${JSON.stringify(parts.fields[k])}`);
  const files = Object.keys(parts.files)
    .sort()
    .map((k) => `${k}@${(parts.files[k] ?? []).join(',')}`);
  return digest(['multipart', method.toUpperCase(), url, ...fields, '--files--', ...files]);
}
