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
    expect(r.exitCode).toBe(1);
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
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toContain('CONDO_SQLITE is "nope"');
  expect((await readdir(temp)).filter((f) => f.startsWith('condo-demo-'))).toEqual([]);
});
