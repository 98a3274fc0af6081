import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runProcess } from '../e2e/harness.js';

/**
 * #56: the Linux single executable (`npm run package`, release/condo-linux-x64) as a person runs it: copied alone into
 * a folder, started with no Node on PATH and no node_modules anywhere near, against a sandbox it starts itself.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILT = join(ROOT, 'release', 'condo-linux-x64');
const FIXTURE = join(ROOT, 'test/fixtures/corpus/cnab240/loggi__cnab240/cobranca.itau.ret');
let home: string;
let exe: string;
let sandbox: ChildProcess | undefined;
let baseUrl: string;

/** What a cron job or a clean shell gives it: a PATH where no node is, a home, its own config folder. */
const envOf = (config: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: join(home, 'empty-bin'),
  HOME: home,
  CONDO_CONFIG_DIR: join(home, config),
  NO_COLOR: '1',
  ...extra,
});
const condo = (args: string[], config: string, opts: { stdin?: string; env?: NodeJS.ProcessEnv } = {}) =>
  runProcess(exe, args, {
    env: envOf(config, opts.env),
    cwd: home,
    ...(opts.stdin ? { stdin: opts.stdin } : {}),
  });

/** The client the sandbox wrote into its own config. */
function sandboxClient(): { client_id: string; client_secret: string; condominium: string } {
  const profiles = JSON.parse(readFileSync(join(home, 'sandbox-config', 'config.json'), 'utf8')).profiles;
  return Object.values(profiles)[0] as { client_id: string; client_secret: string; condominium: string };
}

const loginAs = (
  me: { client_id: string; condominium: string },
  config: string,
  stdin: string,
  env?: NodeJS.ProcessEnv,
) =>
  condo(
    [
      ...['auth', 'login', '--no-input', '--base-url', baseUrl, '--condominium', me.condominium],
      ...['--client-id', me.client_id, '--client-secret-stdin'],
    ],
    config,
    { stdin, ...(env ? { env } : {}) },
  );

beforeAll(async () => {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run package -- --target linux first`);
  home = mkdtempSync(join(tmpdir(), 'condo-exe-'));
  mkdirSync(join(home, 'empty-bin'));
  exe = join(home, 'condo');
  copyFileSync(BUILT, exe);
  // it starts the sandbox itself, on node:sqlite inside it
  sandbox = spawn(exe, ['sandbox', 'start', '--port', '0', '--data-dir', join(home, 'data')], {
    env: envOf('sandbox-config'),
    cwd: home,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  baseUrl = await new Promise<string>((found, failed) => {
    let seen = '';
    sandbox?.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(seen)?.[1];
      if (url) found(url);
    });
    sandbox?.once('exit', (code) =>
      failed(new Error(`the sandbox ended (${code}) before it listened: ${seen}`)),
    );
  });
}, 60_000);

afterAll(() => {
  sandbox?.kill('SIGTERM');
  if (home) rmSync(home, { recursive: true, force: true });
});

test('no Node on its PATH, nothing beside it', () => {
  expect(readdirSync(join(home, 'empty-bin'))).toEqual([]);
  expect(existsSync(join(home, 'node_modules'))).toBe(false);
});

test('--version answers the package version', async () => {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  const r = await condo(['--version'], 'config');
  expect(r).toMatchObject({ exitCode: 0, stdout: `${version}\n` });
});

test('logs in against the sandbox it started and lists its payables; no keyring here, the file is said once', async () => {
  const me = sandboxClient();
  const login = (stdin: string) => loginAs(me, 'config', stdin);
  const r = await login(me.client_secret);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain('Logged in to');
  expect(r.stderr).toMatch(/No system keyring answered \(no D-Bus session.*kept in the private file/);
  const again = await login(me.client_secret);
  expect(again.exitCode).toBe(0);
  expect(again.stderr).not.toContain('No system keyring answered');

  const list = await condo(['payables', 'list', '--json'], 'config');
  expect(list.exitCode, list.stderr).toBe(0);
  const payables = JSON.parse(list.stdout) as { public_id: string; payee_name: string }[];
  expect(payables.length).toBeGreaterThan(0);
  expect(payables[0]?.public_id).toMatch(/^[0-9A-Z]{26}$/);
  expect(payables.map((p) => p.payee_name)).toContain('Chaveiro Central');
}, 60_000);

test('inspects a bank file', async () => {
  copyFileSync(FIXTURE, join(home, 'cobranca.itau.ret'));
  const r = await condo(['cnab', 'inspect', 'cobranca.itau.ret'], 'config');
  expect(r.exitCode, r.stderr).toBe(0);
  // the file's summary on stderr, its titles on stdout (for cut and awk)
  expect(r.stderr).toContain('bank 341 BANCO ITAU S.A.');
  expect(r.stderr).toContain('2 titles, face value R$ 300,00, by movement:');
  expect(r.stdout).toContain('9999999996\t2012-07-01\t200.00\t02 registered');
});

test('keeps its code cache in the cache folder, and runs from memory where it can write none', async () => {
  const cache = join(home, '.cache', 'condo');
  expect(readdirSync(cache).some((d) => d.startsWith('sea-'))).toBe(true);
  const nowhere = { CONDO_CACHE_DIR: '/dev/null/condo-cache' };
  const r = await condo(['cnab', 'inspect', 'cobranca.itau.ret'], 'config', { env: nowhere });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain('2 titles, face value R$ 300,00, by movement:');
  // the keyring's native part is the one thing that must be a file: it says why it is not used
  const me = sandboxClient();
  const login = await loginAs(me, 'config-nowhere', me.client_secret, nowhere);
  expect(login.exitCode, login.stderr).toBe(0);
  expect(login.stderr).toMatch(
    /No system keyring answered \(its native part must be written to a cache folder to load, and none can be written \(\/dev\/null\/condo-cache\/sea-[^:]+: ENOTDIR\)\)/,
  );
}, 60_000);
