/**
 * The sandbox: a local implementation of the condominium finance API (spec + DESIGN.md), used by
 * `condo sandbox start|credentials|reset` and by the end-to-end tests, which start it on port 0.
 *
 * Everything lives in `<dataDir>/sandbox-state.json` (see store.ts): clients and their secrets, access tokens
 * (as hashes), the condominiums' records and the base URL of the last server started on the data dir; the
 * payment batches' remittance files beside it, in `<dataDir>/batches/` (see files.ts).
 * Idempotency records and rate-limit windows are kept in memory only.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { removeBatchFiles } from './files.js';
import type { SandboxContext } from './http/context.js';
import { IdempotencyStore } from './http/idempotency.js';
import { RateLimiter } from './http/rate-limit.js';
import { TokenService } from './http/tokens.js';
import type { ClientRecord } from './model.js';
import { seedState } from './seed/index.js';
import { readSnapshot, Store, writeSnapshot } from './store.js';

export { type BankReturnOptions, type SimulatedReturn, simulateBankReturn } from './bank-simulator.js';
export { OTHER_CONDOMINIUM, TEST_CONDOMINIUM } from './seed/index.js';
export {
  buildStatementOfx,
  type DemoStatementOptions,
  demoStatementOfx,
  type OfxStatementOptions,
  statementForDemo,
} from './statement-builder.js';
export { SNAPSHOT_FILE } from './store.js';

export interface SandboxOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** 0 = an ephemeral port */
  port?: number;
  dataDir: string;
  /** per token; default 600 per 60 s */
  rateLimit?: { count: number; seconds: number };
  /** per IP, for calls without a valid token (the token endpoint included); default 60 per 60 s */
  ipRateLimit?: { count: number; seconds: number };
  /** default 3600 */
  tokenTtlSeconds?: number;
  /** one line per request, and the stack of any internal error */
  log?: (line: string) => void;
  /** pauses between webhook delivery attempts; default [1000, 5000, 30000, 120000, 600000] (6 attempts) */
  webhookRetryDelaysMs?: number[];
  /** how long one webhook delivery attempt may take; default 10000 */
  webhookTimeoutMs?: number;
}

export interface SandboxClient {
  name: 'default' | 'read-only' | 'other';
  condominium: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 (no trailing slash, no /api/v1) */
  baseUrl: string;
  port: number;
  clients: SandboxClient[];
  close(): Promise<void>;
}

const clientsOf = (clients: ClientRecord[]): SandboxClient[] =>
  clients.map((c) => ({
    name: c.name,
    condominium: c.condominium,
    client_id: c.client_id,
    client_secret: c.client_secret,
    scopes: [...c.scopes],
  }));

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The services one server shares, built over an opened store. */
export function createContext(store: Store, opts: Omit<SandboxOptions, 'dataDir'>): SandboxContext {
  return {
    store,
    tokens: new TokenService(store, opts.tokenTtlSeconds ?? 3600),
    idempotency: new IdempotencyStore(),
    rateLimiter: new RateLimiter(),
    rateLimit: opts.rateLimit ?? { count: 600, seconds: 60 },
    ipRateLimit: opts.ipRateLimit ?? { count: 60, seconds: 60 },
    now: () => new Date(),
    log: opts.log ?? (() => {}),
    ...(opts.webhookRetryDelaysMs ? { webhookRetryDelaysMs: [...opts.webhookRetryDelaysMs] } : {}),
    ...(opts.webhookTimeoutMs ? { webhookTimeoutMs: opts.webhookTimeoutMs } : {}),
  };
}

export function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  return launchSandbox(opts);
}

/**
 * startSandbox with a look at the context before the server listens: tests use it to slow the snapshot
 * writes down (to see a request "in progress") or to move the clock. Not part of the public surface.
 */
export async function launchSandbox(
  opts: SandboxOptions,
  prepare?: (ctx: SandboxContext) => void,
): Promise<RunningSandbox> {
  const ctx = createContext(await Store.open(opts.dataDir), opts);
  prepare?.(ctx);
  const app = await buildApp(ctx);
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ host, port: opts.port ?? 0 });
  const { store } = ctx;
  const port = (app.server.address() as AddressInfo).port;
  const baseUrl = `http://${urlHost(host)}:${port}`;
  store.state.base_url = baseUrl;
  await store.save();
  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    port,
    clients: clientsOf(store.state.clients),
    close: () => {
      closing ??= (async () => {
        await app.close();
        await store.flush();
      })();
      return closing;
    },
  };
}

/** The clients and the last base URL of a data dir, seeding it first when it is empty. No server needed. */
export async function readSandboxCredentials(
  dataDir: string,
): Promise<{ base_url: string | null; clients: SandboxClient[] }> {
  let state = await readSnapshot(dataDir);
  if (!state) state = (await Store.open(dataDir)).state;
  return { base_url: state.base_url, clients: clientsOf(state.clients) };
}

/**
 * Puts the data dir back to fresh seed data. The clients keep their ids and secrets (a configured profile
 * keeps working) but every access token is revoked; the last base URL is kept. Meant for a stopped sandbox:
 * a server still running on the data dir keeps its own state in memory and writes it back on its next write.
 */
export async function resetSandbox(dataDir: string): Promise<void> {
  const existing = await readSnapshot(dataDir).catch(() => null);
  const fresh = seedState(new Date(), existing?.clients);
  fresh.base_url = existing?.base_url ?? null;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeSnapshot(dataDir, fresh);
  await removeBatchFiles(dataDir);
}
