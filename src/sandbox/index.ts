/**
 * The sandbox: a local implementation of the condominium finance API (docs/spec + docs/DESIGN.md), used by
 * `condo sandbox start|credentials|reset` and by the end-to-end tests, which start it on port 0.
 *
 * Everything lives in `<dataDir>/sandbox.db`, a SQLite database (see store.ts and db/): clients and their
 * secrets, access tokens (as hashes), the condominiums' records, the batches' remittance files, completed
 * idempotency responses, pending webhook deliveries and the base URL of the last server started on the data
 * dir. `sqlite3 <dataDir>/sandbox.db` opens it. While a server runs, `<dataDir>/sandbox.pid` names it.
 * Rate-limit windows and keys still running are kept in memory only.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { UsageError } from '../domain/errors.js';
import { newUlid } from '../domain/ulids.js';
import { buildApp } from './app.js';
import { DB_FILE } from './db/sqlite.js';
import type { Tx } from './db/tx.js';
import type { SandboxContext } from './http/context.js';
import { IdempotencyStore } from './http/idempotency.js';
import { RateLimiter } from './http/rate-limit.js';
import { TokenService } from './http/tokens.js';
import type { ClientName, ClientRecord } from './model.js';
import { webhookDispatcher } from './services/webhooks.js';
import { SandboxStore } from './store.js';

export {
  type BankReturnOptions,
  type SimulatedReturn,
  simulateBankReturn,
  streamBankReturn,
} from './bank-simulator.js';
export { budgetForDemo } from './budget-builder.js';
export { DB_FILE } from './db/sqlite.js';
export { type DdaOptions, ddaFileOf, ddaForDemo, REGISTERED_FREE_FIELD } from './dda-builder.js';
export { MEI_ELECTRICIAN, type NfseFile, nfseFilesOf, nfseForDemo } from './nfse-builder.js';
export { SANDBOX_CHARGES } from './seed/charges.js';
export { OTHER_CONDOMINIUM, TEST_CONDOMINIUM } from './seed/index.js';
export {
  BANK_SHAPES,
  buildStatementOfx,
  type DemoStatementOptions,
  demoStatementOfx,
  type OfxStatementOptions,
  type OfxTransaction,
  statementForDemo,
} from './statement-builder.js';
export { SandboxStore, SNAPSHOT_FILE } from './store.js';

export interface SandboxOptions {
  /** default 127.0.0.1 */
  host?: string;
  /**
   * Names the sandbox answers to besides localhost, 127.0.0.1 and [::1] while bound to loopback (any other Host
   * gets a 421, the door DNS rebinding would use). Bound to another address it answers any Host.
   */
  allowHosts?: string[];
  /** 0 = an ephemeral port */
  port?: number;
  /** where the database lives; null for a throwaway database in memory */
  dataDir: string | null;
  /** per token; default 600 per 60 s */
  rateLimit?: { count: number; seconds: number };
  /**
   * Serve the spec alone, as a server without condo's extensions would (`--spec-only`): an extension operation
   * (an invoice's cancel) answers 404 and an extension field of a body (an invoice's items) is refused by name,
   * so condo's fallbacks for such a server run against it.
   */
  specOnly?: boolean;
  /**
   * per IP, for calls without a valid token (the token endpoint included); default 60 per 60 s, or two per
   * client when there are more (a firm's machine asks a token for each of its condominiums at once)
   */
  ipRateLimit?: { count: number; seconds: number };
  /** default 3600 */
  tokenTtlSeconds?: number;
  /**
   * A new data dir gets this month's bills as well as the cadastros and the history (seed/bills.ts): pending
   * payables of every forma and one the bank rejected. Default true; false for a sandbox whose payables are all
   * one's own (tests that count what they create).
   */
  bills?: boolean;
  /**
   * The sandbox plays an accounting firm: this many condominiums (the two seeded ones and, from the 3rd, a
   * firm's: seed/firm.ts), each with its own client. A data dir that has fewer gets the missing ones. Up to 200.
   */
  condominiums?: number;
  /** A new data dir's test condominium as a building of this many units (#67: a bench's 500); 1 to 5,000. */
  units?: number;
  /**
   * The one clock of the server: tokens, idempotency windows, rate limits, periods and every record's dates read
   * it (default the wall clock). Tests move it forward instead of sleeping.
   */
  now?: () => Date;
  /** one line per request, and the stack of any internal error */
  log?: (line: string) => void;
  /** pauses between webhook delivery attempts; default [1000, 5000, 30000, 120000, 600000] (6 attempts) */
  webhookRetryDelaysMs?: number[];
  /** how long one webhook delivery attempt may take; default 10000 */
  webhookTimeoutMs?: number;
  /** addresses or CIDR ranges a webhook may be delivered to though they are link-local, metadata or reserved */
  webhookAllow?: string[];
  /**
   * Checks every success answer against its operation's response schema (domain/operations.ts) and reports each
   * mismatch here. The end-to-end tests fail on any.
   */
  checkResponses?: (violation: string) => void;
  /** Handed every JSON answer an operation sends, errors included: the tests validate them with ajv. */
  observeAnswers?: SandboxContext['observeAnswers'];
}

export interface SandboxClient {
  name: ClientName;
  condominium: string;
  /** the condominium's name, as a write names its target */
  condominium_name: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 (no trailing slash, no /api/v1) */
  baseUrl: string;
  port: number;
  clients: SandboxClient[];
  /** Resolves once no webhook delivery is in flight or waiting for a retry (tests wait on it, never sleep). */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

const clientsOf = (clients: ClientRecord[], names: ReadonlyMap<string, string>): SandboxClient[] =>
  clients.map((c) => ({
    name: c.name,
    condominium: c.condominium,
    condominium_name: names.get(c.condominium) ?? c.condominium,
    client_id: c.client_id,
    client_secret: c.client_secret,
    scopes: [...c.scopes],
  }));

const condominiumNames = (tx: Tx): Map<string, string> =>
  new Map(tx.condominiums.find().map((c) => [c.slug, c.name]));

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** The Host names a loopback-bound sandbox answers to; null (any) when it is bound to another address. */
export function allowedHosts(bindHost: string, extra: string[]): Set<string> | null {
  const loopback = LOOPBACK_NAMES.includes(bindHost) || /^127\./.test(bindHost);
  if (!loopback) return null;
  return new Set([...LOOPBACK_NAMES, bindHost, ...extra].map((h) => h.toLowerCase()));
}

function defaultIpLimit(store: SandboxStore): number {
  return Math.max(60, 2 * store.read(null, (tx) => tx.clients.count()));
}

/** The services one server shares, built over an opened store. */
export function createContext(store: SandboxStore, opts: Omit<SandboxOptions, 'dataDir'>): SandboxContext {
  const now = opts.now ?? (() => new Date());
  const ms = () => now().getTime();
  return {
    store,
    baseUrl: null,
    allowedHosts: allowedHosts(opts.host ?? '127.0.0.1', opts.allowHosts ?? []),
    tokens: new TokenService(store, opts.tokenTtlSeconds ?? 3600, ms),
    idempotency: new IdempotencyStore(store, ms),
    rateLimiter: new RateLimiter(ms),
    rateLimit: opts.rateLimit ?? { count: 600, seconds: 60 },
    ipRateLimit: opts.ipRateLimit ?? { count: defaultIpLimit(store), seconds: 60 },
    now,
    log: opts.log ?? (() => {}),
    ...(opts.specOnly ? { specOnly: true } : {}),
    ...(opts.webhookRetryDelaysMs ? { webhookRetryDelaysMs: [...opts.webhookRetryDelaysMs] } : {}),
    ...(opts.webhookTimeoutMs ? { webhookTimeoutMs: opts.webhookTimeoutMs } : {}),
    ...(opts.webhookAllow?.length ? { webhookAllow: [...opts.webhookAllow] } : {}),
    ...(opts.checkResponses ? { checkResponses: opts.checkResponses } : {}),
    ...(opts.observeAnswers ? { observeAnswers: opts.observeAnswers } : {}),
  };
}

export function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  return launchSandbox(opts);
}

/** The file a running server keeps in its data dir: `reset` refuses while it names a live process. */
export const PID_FILE = 'sandbox.pid';

/** The process id of a server running on the data dir, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, PID_FILE), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * startSandbox with a look at the context before the server listens: tests use it to move the clock or to
 * stand in for the store's disk. Not part of the public surface.
 */
export async function launchSandbox(
  opts: SandboxOptions,
  prepare?: (ctx: SandboxContext) => void,
): Promise<RunningSandbox> {
  // The port first: a start that cannot listen must change nothing (no seed, no migration, no new database).
  const host = opts.host ?? '127.0.0.1';
  const listening = await bindPort(host, opts.port ?? 0);
  const { server } = listening;
  const dbPath = opts.dataDir === null ? null : join(opts.dataDir, DB_FILE);
  const newDatabase = dbPath !== null && !existsSync(dbPath);
  let store: SandboxStore | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    store = SandboxStore.open(opts.dataDir, {
      recover: true,
      ...(opts.now ? { now: opts.now() } : {}),
      ...(opts.bills === false ? { bills: false } : {}),
      ...(opts.condominiums ? { condominiums: opts.condominiums } : {}),
      ...(opts.units ? { units: opts.units } : {}),
    });
    const ctx = createContext(store, opts);
    prepare?.(ctx);
    app = await buildApp(ctx, (handler) => {
      listening.serve(handler);
      return server;
    });
    await app.ready();
    const port = (server.address() as AddressInfo).port;
    const baseUrl = `http://${urlHost(host)}:${port}`;
    ctx.baseUrl = baseUrl;
    store.write(null, (tx) => tx.setMeta('base_url', baseUrl));
    const pidFile = opts.dataDir === null ? null : join(opts.dataDir, PID_FILE);
    if (pidFile) writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
    webhookDispatcher(ctx).wake(); // deliveries a previous run left pending
    const clients = store.read(null, (tx) =>
      clientsOf(tx.clients.find(undefined, { orderBy: ['rowid'] }), condominiumNames(tx)),
    );
    const fastify = app;
    const opened = store;
    let closing: Promise<void> | undefined;
    return {
      baseUrl,
      port,
      clients,
      webhooksSettled: () => webhookDispatcher(ctx).settled(),
      close: () => {
        closing ??= (async () => {
          await fastify.close();
          await listening.close();
          opened.close();
          if (pidFile && runningServerPid(opts.dataDir as string) === process.pid)
            rmSync(pidFile, { force: true });
        })();
        return closing;
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await listening.close();
    store?.close();
    // a data dir this start created holds nothing anyone asked for
    if (newDatabase && dbPath)
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbPath}${suffix}`, { force: true });
    throw err;
  }
}

/** How long an idle keep-alive connection stays open: fastify's own default. */
export const KEEP_ALIVE_MS = 72_000;

/**
 * Binds the port before anything else. Until the app is ready, every request is answered 503 with Retry-After
 * (a client's retry waits for the start, as for a restart); then the app's handler serves.
 */
export async function bindPort(
  host: string,
  port: number,
): Promise<{
  server: Server;
  serve: (handler: (req: IncomingMessage, res: ServerResponse) => void) => void;
  close: () => Promise<void>;
}> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    const requestId = newUlid();
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
      'x-request-id': requestId,
    });
    res.end(
      JSON.stringify({
        error: { code: 'starting', message: 'the sandbox is starting: try again in a moment' },
        request_id: requestId,
      }),
    );
  });
  // Fastify gives the servers it makes a keep-alive of 72 s; this one, made here, would keep Node's 5 s. A client
  // reusing a connection the server has just timed out gets a reset (ECONNRESET, "fetch failed"), and on a loaded
  // machine the client's own 5 s expiry runs late: the suite failed that way (#50 point 2).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(
          new UsageError({
            en: `port ${port} is in use (another sandbox?); --port 0 picks a free one`,
            pt: `porta ${port} está em uso (outro sandbox?); --port 0 escolhe uma livre`,
          }),
        );
      else if (err.code === 'EACCES')
        reject(
          new UsageError({
            en: `port ${port} on ${host} is not allowed to this user; --port 0 picks a free one`,
            pt: `porta ${port} em ${host} não é permitida a este usuário; --port 0 escolhe uma livre`,
          }),
        );
      else reject(err);
    });
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    serve: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The clients and the last base URL of a data dir, seeding it first when it is empty. No server needed. */
export async function readSandboxCredentials(
  dataDir: string,
): Promise<{ base_url: string | null; clients: SandboxClient[] }> {
  const store = SandboxStore.open(dataDir);
  try {
    return store.read(null, (tx) => ({
      base_url: tx.meta('base_url'),
      clients: clientsOf(tx.clients.find(undefined, { orderBy: ['rowid'] }), condominiumNames(tx)),
    }));
  } finally {
    store.close();
  }
}

export class SandboxRunningError extends Error {
  constructor(readonly pid: number) {
    super(`a sandbox (process ${pid}) is using this data dir; stop it first, or reset anyway with --force`);
    this.name = 'SandboxRunningError';
  }
}

/**
 * Puts the data dir back to fresh seed data, in one transaction. The clients keep their ids and secrets (a
 * configured profile keeps working) but every access token is revoked; the last base URL is kept. Refused
 * while a server runs on the data dir, unless `force`.
 */
export async function resetSandbox(
  dataDir: string,
  opts: { force?: boolean; bills?: boolean } = {},
): Promise<void> {
  const pid = runningServerPid(dataDir);
  if (pid !== null && !opts.force) throw new SandboxRunningError(pid);
  const store = SandboxStore.open(dataDir, { bills: false });
  try {
    const clients = store.read(null, (tx) => tx.clients.find(undefined, { orderBy: ['rowid'] }));
    store.reseed(new Date(), clients, opts.bills ?? true);
  } finally {
    store.close();
  }
}
