import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxContext } from '../../src/sandbox/http/context.js';
import { launchSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

/** End-to-end sessions: a real sandbox on an ephemeral loopback port, the built CLI run as a child process. */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CONDO_BIN = join(ROOT, 'bin', 'condo.js');

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
}

export function condoIn(configDir: string, extraEnv: NodeJS.ProcessEnv = {}): Condo {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: configDir,
    CONDO_CONFIG_DIR: configDir,
    NO_COLOR: '1',
    CI: '1',
    ...extraEnv,
  };
  const run = (args: string | string[], opts: RunOptions = {}) =>
    new Promise<RunResult>((resolvePromise, reject) => {
      const child = spawn(
        process.execPath,
        [...(opts.nodeArgs ?? []), CONDO_BIN, ...(typeof args === 'string' ? argv(args) : args)],
        { env: { ...env, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] },
      );
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
  const ok = async (args: string | string[], opts?: RunOptions) => {
    const r = await run(args, opts);
    if (r.exitCode !== 0) {
      throw new Error(
        `condo ${typeof args === 'string' ? args : args.join(' ')} exited ${r.exitCode}: ${r.stderr}`,
      );
    }
    return r.stdout;
  };
  return {
    configDir,
    env,
    run,
    ok,
    json: async (args, opts) =>
      JSON.parse(await ok(['--json', ...(typeof args === 'string' ? argv(args) : args)], opts)),
  };
}

export interface Session {
  sandbox: RunningSandbox;
  /** The sandbox's data dir (its snapshot, its batch files). */
  dataDir: string;
  condo: Condo;
  client(name: 'default' | 'read-only' | 'other'): RunningSandbox['clients'][number];
  /** Logs the CLI in with a seeded client, as profile `name` (default: the client's name). */
  login(name: 'default' | 'read-only' | 'other', profile?: string): Promise<void>;
  /** The same `auth login` run, for a test that reads what it says. */
  loginRun(name: 'default' | 'read-only' | 'other', profile?: string, extra?: string[]): Promise<RunResult>;
  close(): Promise<void>;
}

export async function sandboxSession(
  opts: Partial<Omit<SandboxOptions, 'dataDir'>> & {
    login?: 'default' | 'read-only' | 'other' | false;
    /** A look at the sandbox's state before it listens: seed volume data straight into the store. */
    prepare?: (ctx: SandboxContext) => void;
  } = {},
): Promise<Session> {
  const root = await mkdtemp(join(tmpdir(), 'condo-e2e-'));
  const { login: loginAs = 'default', prepare, ...sandboxOpts } = opts;
  const sandbox = await launchSandbox(
    { host: '127.0.0.1', port: 0, dataDir: join(root, 'sandbox'), ...sandboxOpts },
    prepare,
  );
  const condo = condoIn(join(root, 'config'));
  const client = (name: 'default' | 'read-only' | 'other') => {
    const c = sandbox.clients.find((x) => x.name === name);
    if (!c) throw new Error(`no sandbox client ${name}`);
    return c;
  };
  const loginRun = (
    name: 'default' | 'read-only' | 'other',
    profile: string = name,
    extra: string[] = [],
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
      { stdin: c.client_secret },
    );
  };
  const login = async (name: 'default' | 'read-only' | 'other', profile = name) => {
    const r = await loginRun(name, profile);
    if (r.exitCode !== 0) throw new Error(`condo auth login exited ${r.exitCode}: ${r.stderr}`);
  };
  if (loginAs) await login(loginAs);
  return {
    sandbox,
    dataDir: join(root, 'sandbox'),
    condo,
    client,
    login,
    loginRun,
    close: async () => {
      await sandbox.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
