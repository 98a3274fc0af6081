import { cp, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONDO_BIN, runProcess } from '../e2e/harness.js';

/**
 * #50 point 2: a working copy is never half-built. `npm test` rebuilds dist/ while a person may be running condo
 * from the same checkout; the build goes to dist.next-PID/ and is moved into dist/ file by file, entry points last, the
 * previous build's chunks kept (scripts/build.mjs). Run in a copy of the checkout (its node_modules linked), so the
 * suite's own dist/ is never replaced under the other tests.
 */

const ROOT = resolve(CONDO_BIN, '..', '..');
let copy: string;
const env = { PATH: process.env.PATH, HOME: tmpdir(), NO_COLOR: '1', CI: '1' };
const buildIn = (dir: string, ...args: string[]) =>
  runProcess(process.execPath, [join(dir, 'scripts', 'build.mjs'), ...args], { env, cwd: dir });

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'condo-build-'));
  // the checkout's own dist/ too, which `npm test` built a moment ago: the copy starts built, as a person's does
  // (the build from nothing is the one every run of the suite and of CI makes)
  for (const part of [
    'src',
    'assets',
    'scripts',
    'bin',
    'dist',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ])
    await cp(join(ROOT, part), join(copy, part), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
}, 60_000);
afterAll(() => rm(copy, { recursive: true, force: true }));

test('condo runs from the checkout while it is rebuilt twice: every run answers, from the old build or the new', async () => {
  const bin = join(copy, 'bin', 'condo.js');
  let building = true;
  const builds = (async () => {
    try {
      for (let i = 0; i < 2; i++) {
        const r = await buildIn(copy, '--force');
        expect(r.exitCode, r.stderr).toBe(0);
      }
    } finally {
      building = false;
    }
  })();
  const failures: string[] = [];
  let runs = 0;
  while (building) {
    for (const args of [
      ['payables', 'create', '--help'],
      ['cnab', 'explain', '00'],
    ]) {
      const r = await runProcess(process.execPath, [bin, ...args], { env });
      runs++;
      if (r.exitCode !== 0) failures.push(`condo ${args.join(' ')}: exit ${r.exitCode}: ${r.stderr}`);
    }
    // a person's pace, not a busy loop: the two builds and the suite's other files share the cores
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await builds;
  expect(failures).toEqual([]);
  expect(runs).toBeGreaterThan(2);
  // each build moved its files into dist/ and left nothing of its own beside it
  expect((await readdir(copy)).filter((n) => n.startsWith('dist'))).toEqual(['dist']);
}, 60_000);

test('a build whose inputs have not changed leaves dist/ as it is', async () => {
  const before = await stat(join(copy, 'dist', 'cli', 'main.js'));
  const again = await buildIn(copy);
  expect(again.exitCode, again.stderr).toBe(0);
  expect((await stat(join(copy, 'dist', 'cli', 'main.js'))).ino).toBe(before.ino);
});
