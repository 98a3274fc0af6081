/**
 * Public types of the API client. Resource records are typed loosely on purpose (docs/DESIGN.md "Tolerance"): the fields
 * the sandbox documents are listed, every one optional except ids, and unknown fields are kept untouched.
 */

import type { Readable } from 'node:stream';
import type { Static, TSchema } from '@sinclair/typebox';
import type { CondoError } from '../domain/errors.js';
import type * as R from '../domain/responses.js';
import type { Text } from '../domain/text.js';
import type { Clock } from './sleep.js';

export interface CachedToken {
  access_token: string;
  /** Epoch milliseconds. */
  expires_at: number;
  /** Epoch milliseconds; absent in caches written before it was kept. */
  issued_at?: number;
  scope: string[];
}

export interface TokenCache {
  get(key: string): Promise<CachedToken | undefined> | CachedToken | undefined;
  set(key: string, token: CachedToken): Promise<void> | void;
  delete?(key: string): Promise<void> | void;
}

export interface RetryPolicy {
  /** At most this many retries (default 20; the time budget usually ends them first). */
  retries: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** Stop retrying once this much time has passed since the first attempt (default 30 s; 429 waits excepted). */
  budgetMs?: number;
  /** How many times a 500 is retried (default 1). */
  serverErrorRetries?: number;
  /** A Retry-After longer than this is not waited for: the error is raised with its retryAfterSeconds. Default 120 s. */
  maxRetryAfterMs?: number;
  /**
   * While every attempt so far was a refused connection (nothing listens there), stop after this much time
   * instead of `budgetMs`. A firm-wide run sets a few seconds: one stopped sandbox must not cost every command
   * 30 s. Default: `budgetMs`, which outlasts a server restart.
   */
  refusedBudgetMs?: number;
}

export interface ClientOptions {
  /** e.g. http://127.0.0.1:4010 (the client appends /api/v1/...). */
  baseUrl: string;
  /** Slug; resource paths are /api/v1/condominiums/{condominium}/... */
  condominium: string;
  clientId: string;
  clientSecret: string;
  scopes?: string[];
  /** The CLI passes its config-backed cache and key; without one, tokens are cached in memory. */
  tokenCache?: TokenCache;
  tokenCacheKey?: string;
  /** --request-id: used for every call (else a new ULID per call). */
  requestId?: string;
  /** --idempotency-key: for single writes (else a new ULID per write). Bulk helpers derive `KEY-<n>` from it. */
  idempotencyKey?: string;
  /** --debug trace lines (stderr); secrets redacted. */
  debug?: (line: string) => void;
  /**
   * Told before the client waits for the rate limit (its own pacing, or a 429's Retry-After), so a person at a
   * terminal is not left looking at silence; `ms` is how long this wait is.
   */
  onRateLimitWait?: (ms: number) => void;
  /** Told before a retry waits, with why (not for the client's own rate-limit pacing: onRateLimitWait). */
  onRetry?: (ms: number, why: Text) => void;
  /** Per attempt (headers and body), default 30 s. */
  timeoutMs?: number;
  /** Default 4 retries, 250 ms .. 20 s. */
  retry?: Partial<RetryPolicy>;
  /** For bulk helpers, default 8. */
  concurrency?: number;
  userAgent?: string;
  /**
   * The proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY as curl reads them), from the environment the caller
   * was given rather than this process's: a CLI run in-process by a test or a script sees its own environment.
   */
  proxyEnv?: NodeJS.ProcessEnv;
  /** What time it is and how to wait, for retries, rate limits and token renewal (default the system's). */
  clock?: Clock;
  /** Aborts every call of this client (Ctrl-C); a call may also take its own signal. */
  signal?: AbortSignal;
}

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;
export type Query = Record<string, QueryValue>;

/** A request body that can be streamed, and re-opened for a retry when `open` may be called again. */
export interface StreamBody {
  open(): Readable;
  contentType: string;
  /** Byte length when known (multipart uploads always know it). */
  length?: number;
}

export interface RequestOptions {
  method: string;
  /** `/api/...` is absolute; anything else is relative to /api/v1/condominiums/{condominium}. */
  path: string;
  query?: Query;
  /** JSON-encoded unless it is a Buffer/string (sent as is) or a StreamBody. */
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface RequestResult<T = unknown> {
  status: number;
  headers: Record<string, string>;
  /** `body.data` when the body is an object carrying `data`, else the body. */
  data: T;
  /** The parsed JSON body (or the text when it is not JSON; null when empty). */
  body: unknown;
  requestId: string | undefined;
  replayed: boolean;
}

export interface StreamRequestOptions extends Omit<RequestOptions, 'body'> {
  /** Upload: a re-openable stream body (see `multipart`), a one-shot Readable (not retried), or bytes. */
  body?: StreamBody | Readable | Buffer | string;
  contentType?: string;
  contentLength?: number;
}

export interface StreamResult {
  status: number;
  headers: Record<string, string>;
  /** The response body stream (a Readable: Node's IncomingMessage, or undici's body through a proxy). Consume or destroy it. */
  body: Readable;
  requestId: string | undefined;
  replayed: boolean;
}

export interface ListOptions {
  /** Follow every page. */
  all?: boolean;
  /** Stop after this many items. */
  limit?: number;
  signal?: AbortSignal;
  /**
   * Each page's items as it arrives, in place of keeping them: the list answered is then empty (with its meta and
   * hasMore), so a read of 200 000 rows holds one page (#32).
   */
  eachPage?: (items: readonly unknown[], read: { items: number; total: number | undefined }) => void;
  /**
   * The list's end instead of its start, last item first (a ledger read on a terminal: the newest entries): a
   * page's worth (or `limit`), read from the last page back. Every page when `all`.
   */
  fromEnd?: boolean;
}

/**
 * The items, as an array (so a caller may print or iterate it directly), carrying the paging facts as
 * non-enumerable properties (JSON output stays the bare list).
 */
export type ListResult<T> = T[] & {
  /** The last page's `meta` when the server sent one (e.g. {page, per_page, total, last_page}). */
  readonly meta: Record<string, unknown> | undefined;
  /** True when more items exist beyond what was returned. */
  readonly hasMore: boolean;
  readonly requestId: string | undefined;
};

export type BulkResult<K extends 'id' | 'index', T> =
  | ({
      ok: true;
      data: T /** the server replayed an earlier answer: done before, not now */;
      already?: boolean;
    } & Record<K, K extends 'id' ? string : number>)
  | ({ ok: false; error: CondoError /** stopped (Ctrl-C) before it was sent */; notSent?: boolean } & Record<
      K,
      K extends 'id' ? string : number
    >);

export interface BulkOptions {
  /** Aborts the requests in flight too. */
  signal?: AbortSignal;
  /** Stops starting new items; those in flight finish (Ctrl-C: a state that can be resumed). */
  stop?: AbortSignal;
  /**
   * Each item's Idempotency-Key is `<keyPrefix>-<n>` (n from 1), so running the same bulk again replays what was
   * done and does only the rest; `--idempotency-key` (the client's own key) wins. Default: a new key per item.
   */
  keyPrefix?: string;
  /**
   * Without a prefix, each item's Idempotency-Key from the item itself: what can be done to a record once only (a
   * delete) keeps its key across runs, so the same command again replays it instead of failing on a 404.
   */
  keyOf?: (item: unknown) => string;
  /** Called after each item completes, for progress output. */
  onResult?: (done: number, total: number) => void;
}

type Loose = { [key: string]: unknown };

/**
 * A record as the API documents it (domain/responses.ts, the schema the sandbox answers with and the OpenAPI
 * document publishes), read tolerantly: every field optional but its id, unknown fields kept (docs/DESIGN.md
 * "Tolerance"), so the client works against a server that sends less or more. `Id` names the fields the client
 * relies on (the id, and for a few records what every server sends with it).
 */
export type Tolerant<S extends TSchema, Id extends keyof Static<S>> = Partial<Static<S>> &
  Pick<Static<S>, Id> &
  Loose;

export type Payable = Tolerant<typeof R.Payable, 'public_id'>;
/** GET payables/{id}: with the batches it went through, where the server says (a sandbox extension). */
export type PayableDetail = Tolerant<typeof R.PayableDetail, 'public_id'>;
export type ChartAccount = Tolerant<typeof R.ChartAccount, 'id'>;
export type BankAccount = Tolerant<typeof R.BankAccount, 'id'>;
export type Supplier = Tolerant<typeof R.Supplier, 'id'>;
export type Unit = Tolerant<typeof R.Unit, 'id'>;
export type Condominium = Tolerant<typeof R.Condominium, 'slug'>;

export interface PayableFilters {
  state?: string;
  supplier_id?: number;
  due_from?: string;
  due_to?: string;
  page?: number;
  per_page?: number;
  [key: string]: QueryValue;
}

/** What resource modules build on. */
export interface ApiCore {
  request<T = unknown>(o: RequestOptions): Promise<RequestResult<T>>;
  list<T = unknown>(path: string, query?: Query, o?: ListOptions): Promise<ListResult<T>>;
  /** Runs `work` over items concurrently (opts.concurrency); `key(i)` is the Idempotency-Key for item i. */
  bulk<I, T>(
    items: readonly I[],
    work: (item: I, key: string) => Promise<T>,
    o?: BulkOptions,
  ): Promise<BulkOutcome<T>[]>;
}

/** One item's outcome in a bulk run (bulk.ts): its data, or its error; a failure is a value, not a throw. */
export type BulkOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; error: CondoError /** stopped before it was sent */; notSent?: boolean };
