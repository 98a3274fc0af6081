import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { bindPort } from '../../src/sandbox/index.js';
import { condoIn, type Session, sandboxSession } from './harness.js';

/**
 * #50 point 4: a sandbox helper never overwrites a profile that is not its own. A firm logs in to its real server
 * as `residencial-jardim-botanico`, then writes the sandbox's profiles: the real one is kept (its secret was shown
 * once and cannot be had again), and the sandbox's condominium is written as `sandbox-<slug>`.
 */

let s: Session;
/** plays the firm's real server: another sandbox, with clients of its own */
let real: Session;
const SLUG = 'residencial-jardim-botanico';

beforeAll(async () => {
  s = await sandboxSession();
  real = await sandboxSession({ login: false });
  const c = real.client('default');
  expect(c.condominium).toBe(SLUG);
  await s.condo.ok(
    [
      ...['auth', 'login', '--no-input', '--profile', SLUG, '--base-url', real.sandbox.baseUrl],
      ...['--condominium', SLUG, '--client-id', c.client_id, '--client-secret-stdin'],
    ],
    { stdin: c.client_secret },
  );
});
afterAll(async () => {
  await s.close();
  await real.close();
});

const profiles = async () => {
  const listed: { name: string; base_url: string }[] = await s.condo.json('config list');
  return new Map(listed.map((p) => [p.name, p.base_url]));
};

test('credentials --write-profiles keeps a profile of the same name that points elsewhere, and says so', async () => {
  const r = await s.condo.run(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain(
    `warning: ${SLUG}: kept, it points at ${real.sandbox.baseUrl}; written as sandbox-${SLUG}`,
  );
  const after = await profiles();
  expect(after.get(SLUG)).toBe(real.sandbox.baseUrl);
  expect(after.get(`sandbox-${SLUG}`)).toBe(s.sandbox.baseUrl);
  // the real profile still works: its secret is the one it was given
  const ownToken = await s.condo.run(['--profile', SLUG, 'auth', 'status']);
  expect(ownToken.exitCode, ownToken.stderr).toBe(0);
  // every condominium has a profile, so --all-profiles covers them all (the real one besides)
  const others = s.sandbox.clients.filter((c) => c.name !== 'read-only').map((c) => c.condominium);
  for (const slug of new Set(others)) expect(after.has(slug === SLUG ? `sandbox-${slug}` : slug)).toBe(true);

  // again, in Portuguese: the sandbox's own profiles are replaced, the real one kept again, nothing doubled
  const again = await s.condo.run([
    ...['--lang', 'pt-BR', 'sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir],
  ]);
  expect(again.exitCode, again.stderr).toBe(0);
  expect(again.stderr).toContain(
    `aviso: ${SLUG}: mantido, ele aponta para ${real.sandbox.baseUrl}; gravado como sandbox-${SLUG}`,
  );
  expect([...(await profiles()).keys()].sort()).toEqual([...after.keys()].sort());
});

test('sandbox start keeps a profile of its name that is not its own, and writes its own as sandbox-<slug>', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-start-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const condo = condoIn(join(root, 'config'));
  // the port start will name its profile after (sandbox-<port>), taken by a real profile first
  const probe = await bindPort('127.0.0.1', 0);
  const port = (probe.server.address() as { port: number }).port;
  await probe.close();
  const c = real.client('default');
  await condo.ok(
    [
      ...['auth', 'login', '--no-input', '--profile', `sandbox-${port}`, '--base-url', real.sandbox.baseUrl],
      ...['--condominium', SLUG, '--client-id', c.client_id, '--client-secret-stdin'],
    ],
    { stdin: c.client_secret },
  );
  let said = '';
  const started = await condo.run(
    ['sandbox', 'start', '--port', String(port), '--data-dir', join(root, 'data'), '--no-bills'],
    {
      onSpawn: (child) =>
        child.stderr?.on('data', (d: Buffer) => {
          const ready = /Stop with Ctrl-C/.test(said);
          said += d.toString();
          if (!ready && /Stop with Ctrl-C/.test(said)) child.kill('SIGINT');
        }),
    },
  );
  // stopped cleanly by its Ctrl-C
  expect(started.exitCode, started.stderr).toBe(0);
  expect(started.stderr).toContain(
    `warning: sandbox-${port}: kept, it points at ${real.sandbox.baseUrl}; written as sandbox-${SLUG}`,
  );
  expect(started.stderr).toContain(`profile "sandbox-${SLUG}" points at it`);
  const listed: { name: string; base_url: string }[] = await condo.json('config list');
  const after = new Map(listed.map((p) => [p.name, p.base_url]));
  expect(after.get(`sandbox-${port}`)).toBe(real.sandbox.baseUrl);
  expect(after.get(`sandbox-${SLUG}`)).toBe(`http://127.0.0.1:${port}`);
});

test("--profile X sandbox statement|dda|nfse writes X's condominium's files, not the first one's (#66)", async () => {
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  const dir = await mkdtemp(join(tmpdir(), 'condo-profile-files-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const file = (name: string) => join(dir, name);
  const bankOf = async (args: string[], name: string) => {
    await s.condo.ok([...args, '--data-dir', s.dataDir, '-O', file(name)]);
    return readFile(file(name), 'latin1');
  };
  // Aurora banks with Bradesco (237), Jardim Botânico with Itaú (341): each file says whose it is
  const aurora = await bankOf(['--profile', 'edificio-aurora', 'sandbox', 'statement'], 'a.ofx');
  expect(aurora).toContain('<BANKID>0237');
  const jardim = await bankOf(['--profile', `sandbox-${SLUG}`, 'sandbox', 'statement'], 'j.ofx');
  expect(jardim).toContain('<BANKID>0341');
  const dda = await bankOf(['--profile', 'edificio-aurora', 'sandbox', 'dda'], 'a.ret');
  expect(dda.slice(0, 3)).toBe('237');
  expect(dda).toContain('EDIFICIO AURORA');
  // --condominium still names another
  const named = await bankOf(
    ['--profile', 'edificio-aurora', 'sandbox', 'statement', '--condominium', SLUG],
    'n.ofx',
  );
  expect(named).toContain('<BANKID>0341');
});
