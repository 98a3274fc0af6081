import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HALVES_MIN_BYTES } from '../../src/app/cnab-halves.js';
import { writePaymentRemittance } from '../../src/formats/cnab240/writer.js';
import { sampleInput, samplePayments } from '../unit/formats/cnab240/fixtures.js';
import { CONDO_BIN, type Condo, condoIn, runProcess } from './harness.js';

/**
 * #73: the built binary reads a big CNAB file on two threads, its second half on a worker (dist/cli/inspect-half.js),
 * and prints what it prints on one (CONDO_THREADS=1): the same rows in the same order, the same summary, the same
 * exit code, whether the rows stream to a stdout of their own, follow the summary (2>&1), or go out as csv.
 */

let condo: Condo;
let dir: string;
let big: string;
let scratch: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-halves-e2e-'));
  // the runs' own temporary folder: what they set aside is seen to be gone after them
  scratch = join(dir, 'tmp');
  await mkdir(scratch);
  condo = condoIn(join(dir, 'config'), { TMPDIR: scratch });
  big = join(dir, 'big.rem');
  // each forma its lote, thousands of payments each: cut inside a lote or between two
  const sample = samplePayments();
  const payments = Array.from({ length: 38_000 }, (_, i) => ({
    ...(sample[i % sample.length] as (typeof sample)[number]),
    seuNumero: `H${i}`,
  }));
  await writeFile(big, writePaymentRemittance(sampleInput(payments)));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The rows a run set aside and left (Node 22's compile cache may make a folder there too: not condo's). */
const leftovers = async () => (await readdir(scratch)).filter((f) => f.startsWith('condo-rows-'));

const shell = (command: string, threads?: '1') =>
  runProcess('bash', ['--norc', '-c', command], {
    env: { ...condo.env, ...(threads ? { CONDO_THREADS: threads } : {}) },
  });
const inspect = (format: string, file = big) =>
  `"${process.execPath}" "${CONDO_BIN}" -o ${format} cnab inspect "${file}"`;

test('the file is big enough to be cut, and --debug says where it was', async () => {
  expect((await stat(big)).size).toBeGreaterThan(HALVES_MIN_BYTES);
  const run = await condo.run(['--debug', '-o', 'tsv', 'cnab', 'inspect', big], { spawn: true });
  expect(run.stderr).toMatch(/big\.rem: read on two threads, cut at byte \d+ \(line \d+\)/);
  const one = await condo.run(['--debug', '-o', 'tsv', 'cnab', 'inspect', big], {
    spawn: true,
    env: { CONDO_THREADS: '1' },
  });
  expect(one.stderr).toContain('big.rem: read on one thread (CONDO_THREADS=1)');
});

test.each([
  ['tsv, rows streamed to a stdout of their own', 'tsv', 'apart'],
  ['tsv with 2>&1, the summary first', 'tsv', 'together'],
  ['csv', 'csv', 'apart'],
])('%s: the same bytes on two threads as on one', async (_what, format, streams) => {
  // stderr through a file of its own, then after stdout: a pipe each, as a script's redirections give
  const command = (name: string) =>
    streams === 'together'
      ? `${inspect(format)} 2>&1`
      : `${inspect(format)} 2>"${join(dir, name)}"; rc=$?; cat "${join(dir, name)}" >&2; exit $rc`;
  const two = await shell(command('two.err'));
  const one = await shell(command('one.err'), '1');
  expect(two.exitCode, two.stderr).toBe(0);
  expect(two.stdout.length, two.stderr.slice(0, 500)).toBeGreaterThan(1_000_000);
  expect(two.stdout).toBe(one.stdout);
  expect(two.stderr).toBe(one.stderr);
  // the rows follow the file: every payment once, in order (with 2>&1 the summary's lotes come before them)
  const rows = two.stdout
    .split('\n')
    .slice(streams === 'together' ? one.stdout.split('\n').findIndex((l) => /^\d+\t[A-Z]\t/.test(l)) : 0)
    .filter((l) => /^\d+[\t,]/.test(l));
  const numbers = rows.map((l) => Number(l.split(/[\t,]/)[0]));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(rows).toHaveLength(38_000);
  expect(await leftovers()).toEqual([]);
});

test('`| head` ends a read on two threads at once: exit 0, nothing after the rows, nothing left behind', async () => {
  const run = await shell(`${inspect('tsv')} | head -n 2; echo "exit \${PIPESTATUS[0]}"`);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[2]).toBe('exit 0');
  expect(run.stderr).toBe('');
  expect(await leftovers()).toEqual([]);
});
