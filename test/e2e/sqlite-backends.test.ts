import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { condoIn } from './harness.js';

/**
 * #29 point 1: the sandbox gets SQLite from Node itself where Node has it (node:sqlite, 22.13 and later), from
 * better-sqlite3 otherwise, and says in one paragraph what is missing when there is neither. Node's "SQLite is
 * an experimental feature" warning never reaches the user.
 */

const major = Number(process.versions.node.split('.')[0]);
const hasNodeSqlite = (() => {
  try {
    return Boolean(
      (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:sqlite'),
    );
  } catch {
    return false;
  }
})();

test("a sandbox on Node's own SQLite where this Node has it; where it has not, one paragraph saying what to install", async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-sqlite-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const condo = condoIn(join(root, 'config'), { CONDO_SQLITE: 'node' });
  const r = await condo.run(['sandbox', 'credentials', '--data-dir', join(root, 'sandbox')], { spawn: true });
  if (hasNodeSqlite) {
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/experimental/i);
    expect(r.stdout).toContain('sbx_default_');
  } else {
    expect(major).toBeLessThan(23);
    // the environment refused: nothing done (#50's table)
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`asks for Node's own SQLite, which Node ${process.version} does not have`);
    expect(r.stderr).toContain('Either run condo on Node 22 or 24');
    expect(r.stderr).toContain('npm rebuild better-sqlite3');
    expect(r.stderr.trim().split('\n')).toHaveLength(1); // one paragraph
  }
});

test('the demo leaves nothing behind when it fails early, its sandbox not even started', async () => {
  const { readdir } = await import('node:fs/promises');
  const temp = await mkdtemp(join(tmpdir(), 'condo-demo-tmp-'));
  onTestFinished(() => rm(temp, { recursive: true, force: true }));
  const condo = condoIn(join(temp, 'config'), { CONDO_SQLITE: 'nope', TMPDIR: temp });
  const r = await condo.run(['demo'], { spawn: true });
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain('CONDO_SQLITE is "nope"');
  expect((await readdir(temp)).filter((f) => f.startsWith('condo-demo-'))).toEqual([]);
});

test('CONDO_SQLITE=better-sqlite3 where it does not load: what was asked for and why it failed, not that Node has no SQLite', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-sqlite-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const condo = condoIn(join(root, 'config'), { CONDO_SQLITE: 'better-sqlite3' });
  const r = await condo.run(['sandbox', 'credentials', '--data-dir', join(root, 'sandbox')], {
    nodeArgs: ['--require', join(import.meta.dirname, 'fixtures', 'no-better-sqlite3.cjs')],
  });
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain(
    `CONDO_SQLITE=better-sqlite3 asks for better-sqlite3, which did not load on Node ${process.version}: The module 'better_sqlite3.node' was compiled against a different Node.js version`,
  );
  expect(r.stderr).not.toContain('has no SQLite of its own');
  // where Node has its own, the way out is to stop asking for the other one
  if (hasNodeSqlite)
    expect(r.stderr).toContain("Unset CONDO_SQLITE and the sandbox runs on Node's own SQLite");
  else expect(r.stderr).toContain('Either run condo on Node 22 or 24');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  const pt = await condo.run(
    ['--lang', 'pt-BR', 'sandbox', 'credentials', '--data-dir', join(root, 'sandbox')],
    {
      nodeArgs: ['--require', join(import.meta.dirname, 'fixtures', 'no-better-sqlite3.cjs')],
    },
  );
  expect(pt.stderr).toContain('CONDO_SQLITE=better-sqlite3 pede o better-sqlite3, que não carregou');
});
