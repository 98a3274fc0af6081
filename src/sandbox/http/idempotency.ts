/**
 * Idempotency-Key (docs/DESIGN.md "Idempotency"): keys are scoped to the OAuth client and live 24 hours. The first
 * request with a key runs and its status, body and content headers are kept; the same key with the same
 * method, path and body replays them with `Idempotency-Replayed: 1`; with anything else it is a 409
 * `idempotency_conflict`; while the first is still running a 409 `idempotency_in_progress`. 5xx responses are
 * not kept, so a retry runs again.
 *
 * Completed responses are rows of `idempotency_responses`, written in the same transaction as the change they
 * answer (http/transaction.ts), so a restart replays them and a crash can never keep one without the other.
 * "Still running" lives in memory only: a crash cannot leave a key stuck.
 *
 * The fingerprint is computed by whoever has read the body: JSON routes get it automatically (canonical JSON,
 * so key order does not matter); a multipart route reads its parts and calls `multipartFingerprint`, which
 * covers each file's bytes (SHA-256) and every other field.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../db/tx.js';
import type { SandboxStore } from '../store.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Response headers worth replaying besides the body. */
export const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location'] as const;
const PRUNE_EVERY_MS = 60_000;

export interface IdempotencyRecord {
  clientId: string;
  key: string;
  fingerprint: string;
  /** running until its response is stored (done) or it is released */
  state: 'running' | 'done';
}

export interface StoredResponse {
  status: number;
  body: Buffer | null;
  headers: Record<string, string>;
}

export type IdempotencyDecision =
  | { kind: 'proceed'; record: IdempotencyRecord }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict' }
  | { kind: 'in_progress' };

interface Row {
  fingerprint: string;
  status: number;
  headers: string;
  body: Buffer | null;
}

export class IdempotencyStore {
  private readonly running = new Map<string, IdempotencyRecord>();
  private prunedAt = 0;

  constructor(
    private readonly store: SandboxStore,
    private readonly now: () => number = Date.now,
  ) {}

  begin(clientId: string, key: string, fingerprint: string): IdempotencyDecision {
    const now = this.now();
    this.prune(now);
    const scopeKey = `${clientId}\u0000${key}`;
    const live = this.running.get(scopeKey);
    if (live) return live.fingerprint === fingerprint ? { kind: 'in_progress' } : { kind: 'conflict' };
    const row = this.store.read(
      null,
      (tx) =>
        tx
          .prepare(
            'SELECT fingerprint, status, headers, body FROM idempotency_responses WHERE client_id = ? AND key = ? AND expires_at > ?',
          )
          .get(clientId, key, now) as Row | undefined,
    );
    if (row) {
      if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
      return {
        kind: 'replay',
        response: {
          status: row.status,
          body: row.body,
          headers: JSON.parse(row.headers) as Record<string, string>,
        },
      };
    }
    const record: IdempotencyRecord = { clientId, key, fingerprint, state: 'running' };
    this.running.set(scopeKey, record);
    return { kind: 'proceed', record };
  }

  /** Stores the response inside the caller's transaction (5xx are never stored: the key stays free). */
  persist(tx: Tx, record: IdempotencyRecord, response: StoredResponse): void {
    if (response.status >= 500) return;
    tx.prepare(
      `INSERT INTO idempotency_responses (client_id, key, fingerprint, status, headers, body, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (client_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
         headers = excluded.headers, body = excluded.body, expires_at = excluded.expires_at`,
    ).run(
      record.clientId,
      record.key,
      record.fingerprint,
      response.status,
      JSON.stringify(response.headers),
      response.body,
      this.now() + IDEMPOTENCY_WINDOW_MS,
    );
    tx.afterCommit(() => {
      record.state = 'done';
    });
  }

  /** The request ended: its key is no longer running (stored, or free to run again). */
  release(record: IdempotencyRecord): void {
    const scopeKey = `${record.clientId}\u0000${record.key}`;
    if (this.running.get(scopeKey) === record) this.running.delete(scopeKey);
  }

  private prune(now: number): void {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    this.store.write(null, (tx) => {
      tx.prepare('DELETE FROM idempotency_responses WHERE expires_at <= ?').run(now);
    });
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
