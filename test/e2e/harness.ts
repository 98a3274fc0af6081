import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { colorEnabled, type Io } from '../../src/cli/io.js';
import { main, reportError } from '../../src/cli/program.js';
import { type Clock, interrupted, sleep } from '../../src/client/sleep.js';
import { todayIn } from '../../src/domain/dates.js';
import {
  launchSandbox,
  type SandboxClient,
  type SandboxOptions,
  SandboxStore,
} from '../../src/sandbox/index.js';
import { placeSeededDatabase } from '../seeded-database.js';
import { documentChecker } from './document-check.js';

/**
 * End-to-end sessions: a real sandbox on an ephemeral loopback port, and the CLI talking to it over real HTTP.
 *
 * Two ways to run them (CONTRIBUTING.md):
 * - `npm test`: the sandbox in this process (launchSandbox, from the TypeScript source) and the CLI through
 *   `main(argv, io)` with its own streams and environment, as the binary runs it; fast, and every answer the
 *   sandbox gives is checked against the OpenAPI document. A run that needs a process of its own (signals, node
 *   options, a proxy of the machine's, start-up) asks for `spawn: true` and gets the built binary as a child. A
 *   session that asks for `shipped: true` runs as below.
 * - `npm run test:shipped` (CONDO_E2E_SHIPPED=1): the program as it ships. The sandbox is
 *   `node bin/condo.js sandbox start --port 0` from `dist/`, a process of its own, and every CLI run is
 *   `bin/condo.js`. Waits are real, made short by the sandbox's own flags (--rate-limit, --ip-rate-limit,
 *   --token-ttl); a session's moved clock reaches the sandbox through the same preload as a spawned CLI's.
 * `CONDO_E2E_SPAWN=1` spawns every CLI run against the in-process sandbox.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CONDO_BIN = join(ROOT, 'bin', 'condo.js');

/**
 * `sandbox bank-return` as the bank answers once the batch's day has come (#52: on its own day the sandbox's bank
 * schedules what it pays later): for a test about what a return does, not about when.
 */
const PAID_ON_ITS_DATE = ['--as-of', '+10d'];

/** `condo sandbox bank-return ARGS… --as-of +10d`: the bank's return once the batch's day has come. */
export const returnOnItsDate = (condo: Condo, args: string[]) =>
  condo.ok(['sandbox', 'bank-return', ...args, ...PAID_ON_ITS_DATE]);

/** `npm run test:shipped`: every session's sandbox and every CLI run are the built program's own processes. */
export const SHIPPED = process.env.CONDO_E2E_SHIPPED === '1';

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** Options for node itself, before the CLI's path (e.g. --import a probe). */
  nodeArgs?: string[];
  /** Called with the child as soon as it starts (to signal it, say). */
  onSpawn?: (child: import('node:child_process').ChildProcess) => void;
  /** Run the built binary as a child process (implied by nodeArgs and onSpawn). */
  spawn?: boolean;
}

/** A `--json` run over many files prints one JSON line per file. */
export function jsonLines(text: string): any[] {
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** Splits a command line the way a shell would for simple quoting ('single', "double"). */
export function argv(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

export interface Condo {
  configDir: string;
  env: NodeJS.ProcessEnv;
  run(args: string | string[], opts?: RunOptions): Promise<RunResult>;
  /** Runs and expects exit 0; returns stdout. */
  ok(args: string | string[], opts?: RunOptions): Promise<string>;
  /** Runs with --json, expects exit 0, returns the parsed output. */
  json<T = any>(args: string | string[], opts?: RunOptions): Promise<T>;
  /** Runs with --json and expects exit 1 (done, with something left for a person); returns the parsed output. */
  jsonNeedsPerson<T = any>(args: string | string[], opts?: RunOptions): Promise<T>;
  /** Runs and expects exit 1 (done, with something left for a person); returns stdout. */
  needsPerson(args: string | string[], opts?: RunOptions): Promise<string>;
}

/**
 * Real time moved to the 15th of this month in São Paulo, at the same hour, and running on: a session whose tests
 * read "this month" (a month's report, a batch paid on the next business day) finds days behind and ahead of its
 * today whatever the date the suite runs on. On the real 30th the next business day is next month's, and the
 * month's batch and its report part ways; on the 15th it is always the month's.
 */
export function midMonthClock(): Clock & { offsetMs: number } {
  const day = Number(todayIn(new Date()).slice(8, 10));
  const offsetMs = (15 - day) * 86_400_000;
  return { offsetMs, now: () => Date.now() + offsetMs, sleep: (ms, signal) => sleep(ms, signal) };
}

/**
 * What moves a spawned CLI's clock by the same `offsetMs` (a script's bash, a terminal's): a module Node loads before
 * the CLI (clock-offset.mjs), so every process of a session reads the same today.
 */
function clockOffsetEnv(offsetMs: number): NodeJS.ProcessEnv {
  const preload = pathToFileURL(join(import.meta.dirname, 'clock-offset.mjs')).href;
  return { NODE_OPTIONS: `--import=${preload}`, CONDO_TEST_CLOCK_OFFSET_MS: String(offsetMs) };
}

/**
 * Real time, except that a wait does not take any: it moves this clock forward at once. A sandbox and the CLIs
 * run in-process share it, so a rate-limit window or a retry's pause passes without the test sleeping; a spawned
 * CLI still waits in real time, which this clock keeps up with.
 */
export function skippingClock(): Clock {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw interrupted();
      skipped += Math.max(0, ms);
    },
  };
}

export function condoIn(configDir: string, extraEnv: NodeJS.ProcessEnv = {}, clock?: Clock): Condo {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: configDir,
    CONDO_CONFIG_DIR: configDir,
    NO_COLOR: '1',
    CI: '1',
    // the private file, as on a server with no keyring; test/keyring runs the real Secret Service (#56)
    CONDO_SECRET_STORE: 'file',
    ...extraEnv,
  };
  const spawned = (args: string | string[], opts: RunOptions = {}) =>
    runProcess(
      process.execPath,
      [...(opts.nodeArgs ?? []), CONDO_BIN, ...(typeof args === 'string' ? argv(args) : args)],
      {
        env: { ...env, ...opts.env },
        stdin: opts.stdin ?? '',
        ...(opts.onSpawn ? { onSpawn: opts.onSpawn } : {}),
      },
    );
  const run = (args: string | string[], opts: RunOptions = {}) =>
    opts.spawn || opts.nodeArgs || opts.onSpawn || process.env.CONDO_E2E_SPAWN || SHIPPED
      ? spawned(args, opts)
      : inProcess(typeof args === 'string' ? argv(args) : args, { ...env, ...opts.env }, opts.stdin, clock);
  const exits = (code: number) => async (args: string | string[], opts?: RunOptions) => {
    const r = await run(args, opts);
    expect(r.exitCode, `condo ${typeof args === 'string' ? args : args.join(' ')}: ${r.stderr}`).toBe(code);
    return r.stdout;
  };
  const ok = exits(0);
  const needsPerson = exits(1);
  return {
    configDir,
    env,
    run,
    ok,
    json: async (args, opts) =>
      JSON.parse(await ok(['--json', ...(typeof args === 'string' ? argv(args) : args)], opts)),
    needsPerson,
    jsonNeedsPerson: async (args, opts) =>
      JSON.parse(await needsPerson(['--json', ...(typeof args === 'string' ? argv(args) : args)], opts)),
  };
}

/** What bin/condo.js does, minus the process: main with streams that collect, an exit code returned. */
async function inProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: string | Buffer,
  clock?: Clock,
): Promise<RunResult> {
  const stdout = collector();
  const stderr = collector();
  const io: Io = {
    stdin: Readable.from(stdin === undefined || stdin.length === 0 ? [] : [Buffer.from(stdin)]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    color: colorEnabled(env, false, args.includes('--no-color')),
    env,
    ...(clock ? { clock } : {}),
  };
  const exitCode = await main(args, io).catch((error: unknown) => reportError(io, error, args));
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** An active expense account at the chart's third level (2.3.01 ...): what a payable is booked against. */
export async function leafExpenseAccount(condo: Condo, profile?: string): Promise<number> {
  const chart = await condo.json([
    ...(profile ? ['--profile', profile] : []),
    ...['ledger', 'chart', '--type', 'expense', '--state', 'active'],
  ]);
  return chart.find((a: { code: string }) => String(a.code).split('.').length === 3).id;
}

/** A unit's first invoice due from `dueFrom`, as `invoices list` gives it (the billing run's tests read one back). */
export async function unitInvoice(condo: Condo, unitId: number, dueFrom: string) {
  const [inv] = await condo.json(['invoices', 'list', '--unit', String(unitId), '--due-from', dueFrom]);
  return inv;
}

/** What a test sees of its sandbox, whichever way it runs. */
export interface SessionSandbox {
  /** e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  port: number;
  clients: SandboxClient[];
  close(): Promise<void>;
}

export interface Session {
  sandbox: SessionSandbox;
  /** The sandbox's data dir (its snapshot, its batch files). */
  dataDir: string;
  condo: Condo;
  client(name: 'default' | 'read-only' | 'other'): SandboxClient;
  /** Logs the CLI in with a seeded client, as profile `name` (default: the client's name). */
  login(name: 'default' | 'read-only' | 'other', profile?: string): Promise<void>;
  /** The same `auth login` run, for a test that reads what it says. */
  loginRun(name: 'default' | 'read-only' | 'other', profile?: string, extra?: string[]): Promise<RunResult>;
  /** The same login as a process of its own (the built binary), for runs that race other processes. */
  loginSpawned(name: 'default' | 'read-only' | 'other', profile?: string): Promise<RunResult>;
  close(): Promise<void>;
  /** The session's today (São Paulo), on its clock. */
  today(): string;
}

/** What a session may ask of its sandbox: each is a flag of `condo sandbox start` too. */
type SessionSandboxOptions = Pick<
  SandboxOptions,
  'rateLimit' | 'ipRateLimit' | 'tokenTtlSeconds' | 'bills' | 'condominiums' | 'specOnly'
>;

export async function sandboxSession(
  opts: SessionSandboxOptions & {
    login?: 'default' | 'read-only' | 'other' | false;
    /**
     * The data dir before the sandbox starts: seed volume data, or a client, straight into its store (creating
     * 17,500 payables over HTTP would take minutes). The store is closed before the sandbox opens it.
     */
    prepare?: (store: SandboxStore) => void;
    /**
     * The sandbox and the in-process CLI share a skippingClock: waits (rate limits, retries) take no time. Run
     * shipped, the waits are real.
     */
    skipWaits?: boolean;
    /** The sandbox and every CLI of the session share a midMonthClock: their today is the 15th of this month. */
    midMonth?: boolean;
    /** This session runs as shipped (see the top of this file) even under `npm test`. */
    shipped?: boolean;
  } = {},
): Promise<Session> {
  const root = await mkdtemp(join(tmpdir(), 'condo-e2e-'));
  const {
    login: loginAs = 'default',
    prepare,
    skipWaits,
    midMonth,
    shipped = SHIPPED,
    ...sandboxOpts
  } = opts;
  const mid = midMonth ? midMonthClock() : undefined;
  // a process of its own cannot share this one's skipping clock: run shipped, its waits are real
  const clock = skipWaits && !shipped ? skippingClock() : mid;
  const clockEnv = mid ? clockOffsetEnv(mid.offsetMs) : {};
  const sandboxDir = join(root, 'sandbox');
  const seedOpts = {
    // without this month's seeded bills unless asked (bills: true): the tests count the payables they create
    bills: sandboxOpts.bills ?? false,
    condominiums: sandboxOpts.condominiums,
  };
  const today = clock ? new Date(clock.now()) : new Date();
  // A shipped sandbox seeds its own new data dir, unless the test prepares it first.
  if (!shipped || prepare) await placeSeededDatabase(sandboxDir, today, seedOpts);
  if (prepare) {
    const store = SandboxStore.open(sandboxDir, {
      now: today,
      bills: seedOpts.bills,
      ...(seedOpts.condominiums ? { condominiums: seedOpts.condominiums } : {}),
    });
    try {
      prepare(store);
    } finally {
      store.close();
    }
  }
  // In process, every answer the sandbox gives is checked against its operation's declared response; closing the
  // session fails on any mismatch.
  const violations: string[] = [];
  const document = documentChecker();
  const sandbox: SessionSandbox = shipped
    ? await spawnSandbox(root, sandboxDir, { ...sandboxOpts, bills: seedOpts.bills }, clockEnv)
    : await launchSandbox({
        checkResponses: (v) => violations.push(v),
        observeAnswers: document.observe,
        host: '127.0.0.1',
        port: 0,
        dataDir: sandboxDir,
        ...(clock ? { now: () => new Date(clock.now()) } : {}),
        ...sandboxOpts,
        bills: seedOpts.bills,
      });
  const condo = condoIn(join(root, 'config'), clockEnv, shipped ? undefined : clock);
  const client = (name: 'default' | 'read-only' | 'other') => {
    const c = sandbox.clients.find((x) => x.name === name);
    if (!c) throw new Error(`no sandbox client ${name}`);
    return c;
  };
  const loginRun = (
    name: 'default' | 'read-only' | 'other',
    profile: string = name,
    extra: string[] = [],
    spawnIt = false,
  ) => {
    const c = client(name);
    return condo.run(
      [
        'auth',
        'login',
        '--no-input',
        '--profile',
        profile,
        '--base-url',
        sandbox.baseUrl,
        '--condominium',
        c.condominium,
        '--client-id',
        c.client_id,
        '--client-secret-stdin',
        ...extra,
      ],
      { stdin: c.client_secret, spawn: spawnIt },
    );
  };
  const login = async (name: 'default' | 'read-only' | 'other', profile = name) => {
    const r = await loginRun(name, profile);
    if (r.exitCode !== 0) throw new Error(`condo auth login exited ${r.exitCode}: ${r.stderr}`);
  };
  if (loginAs) await login(loginAs);
  return {
    sandbox,
    dataDir: sandboxDir,
    condo,
    client,
    today: () => todayIn(new Date(clock ? clock.now() : Date.now())),
    login,
    loginRun,
    loginSpawned: (name, profile = name) => loginRun(name, profile, [], true),
    close: async () => {
      await sandbox.close();
      await rm(root, { recursive: true, force: true });
      if (shipped) return; // a process of its own: its answers are checked in `npm test`'s in-process run
      console.log(
        `openapi: ${document.validated} answers validated against the served document by ajv, ${document.violations.length} violations`,
      );
      violations.push(...document.violations.map((v) => `not as the OpenAPI document says: ${v}`));
      if (violations.length > 0)
        throw new Error(
          `answers that do not match the operations table:\n${[...new Set(violations)].join('\n')}`,
        );
    },
  };
}

/**
 * The built sandbox as a process of its own, as a user starts it: `condo sandbox start --port 0` on the session's
 * data dir, its profile written to a config dir of its own (the session's CLI logs in as a test says). Resolves
 * once it prints where it listens; close() stops it with SIGTERM, as a service manager would.
 */
async function spawnSandbox(
  root: string,
  dataDir: string,
  opts: SessionSandboxOptions,
  clockEnv: NodeJS.ProcessEnv,
): Promise<SessionSandbox> {
  const limit = (l: { count: number; seconds: number }) => `${l.count}/${l.seconds}`;
  const args = [
    CONDO_BIN,
    ...['sandbox', 'start', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir],
    ...(opts.bills === false ? ['--no-bills'] : []),
    ...(opts.condominiums ? ['--condominiums', String(opts.condominiums)] : []),
    ...(opts.rateLimit ? ['--rate-limit', limit(opts.rateLimit)] : []),
    ...(opts.ipRateLimit ? ['--ip-rate-limit', limit(opts.ipRateLimit)] : []),
    ...(opts.tokenTtlSeconds ? ['--token-ttl', String(opts.tokenTtlSeconds)] : []),
    ...(opts.specOnly ? ['--spec-only'] : []),
  ];
  const env = {
    PATH: process.env.PATH,
    HOME: join(root, 'sandbox-home'),
    CONDO_CONFIG_DIR: join(root, 'sandbox-config'),
    NO_COLOR: '1',
    CI: '1',
    ...clockEnv,
  };
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      const line = /^(http:\/\/\S+)\n/.exec(stdout);
      if (line) resolveUrl(line[1] as string);
    });
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`condo sandbox start exited ${code}: ${stderr}`)));
  });
  const creds = await runProcess(
    process.execPath,
    [CONDO_BIN, '--json', 'sandbox', 'credentials', '--data-dir', dataDir],
    { env },
  );
  if (creds.exitCode !== 0)
    throw new Error(`condo sandbox credentials exited ${creds.exitCode}: ${creds.stderr}`);
  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    port: Number(new URL(baseUrl).port),
    clients: JSON.parse(creds.stdout).clients,
    close: () => {
      closing ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const code = await exited;
        // 143: stopped by SIGTERM, as DECISIONS.md (Signals) says
        if (code !== 143 && code !== 0) throw new Error(`the sandbox exited ${code} on SIGTERM: ${stderr}`);
      })();
      return closing;
    },
  };
}

/**
 * A server that follows the spec only: every request passes through to the sandbox, except those `lacks` picks,
 * which get `status` (404 or 405) as a server without that extension would answer. For "said plainly" tests.
 */
export async function withoutExtension(
  s: Session,
  lacks: (req: import('node:http').IncomingMessage) => boolean,
  status: 404 | 405,
): Promise<{ url: string; close: () => void }> {
  const { createServer, request } = await import('node:http');
  const upstream = new URL(s.sandbox.baseUrl);
  const server = createServer((req, res) => {
    if (lacks(req)) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: status === 404 ? 'not_found' : 'method_not_allowed', message: 'no' },
        }),
      );
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => server.close(),
  };
}

/** Runs a program to its end and collects what it printed (the CLI spawned, a shell pipeline, a completion). */
export function runProcess(
  command: string,
  args: readonly string[],
  opts: {
    env: NodeJS.ProcessEnv;
    cwd?: string;
    stdin?: string | Buffer;
    onSpawn?: (child: import('node:child_process').ChildProcess) => void;
  },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, [...args], {
      env: opts.env,
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    opts.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ exitCode: code ?? -1, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

/** A PDF's text as another reader (pdf.js, through unpdf) takes it, pages merged and whitespace collapsed. */
export async function pdfText(file: string): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(file))), {
    mergePages: true,
  });
  return (text as string).replace(/\s+/g, ' ');
}
