import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Condo, condoIn } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #71 point 1: a collection return told by movement, offline: `cnab inspect` of Banco do Brasil's returns
 * (test/fixtures/corpus/cnab240/MANIFEST.tsv) on an 80-column terminal in Portuguese, its --json summary, and the
 * summary on stderr with -o tsv; `cnab lint` stays free of errors.
 */
const BB = 'test/fixtures/corpus/cnab240/marcodpt__cnab/tests__retorno_cobranca__bb.txt';
let root: string;
let condo: Condo;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'condo-collection-'));
  condo = condoIn(join(root, 'config'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

test('--json: the titles by movement, what the liquidations paid and credited, each day', async () => {
  const r = await condo.json(['cnab', 'inspect', BB]);
  expect(r.collection.movements).toEqual([
    { kind: 'registered', count: 1, face_value_cents: 386_497 },
    { kind: 'refused', count: 2, face_value_cents: 100_073 },
    { kind: 'paid', count: 2, face_value_cents: 200_096 },
    { kind: 'other', count: 4, face_value_cents: 2_079_263 },
  ]);
  expect(r.collection.liquidations).toMatchObject({ count: 2, paid_cents: 200_096 });
  const registered = r.items.find((i: { movement: string }) => i.movement === '02');
  expect(registered).toMatchObject({
    movement_kind: 'registered',
    status: null,
    paid_date: null,
    credit_date: null,
  });
  expect((await condo.run(['cnab', 'lint', BB])).exitCode).toBe(0);
});

test('-o tsv: the titles on stdout, the summary by movement on stderr', async () => {
  const r = await condo.run(['--lang', 'pt-BR', '-o', 'tsv', 'cnab', 'inspect', BB]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stdout.trim().split('\n')).toHaveLength(9);
  expect(r.stderr).toContain('9 títulos, valor de face R$ 27.659,29, por movimento:');
  expect(r.stderr).toContain('2 recusados');
});

test('on an 80-column terminal in Portuguese no line is wider than 80, and the movements are said in words', async () => {
  const t = await runOnTerminal(
    condo,
    ['cnab', 'inspect', BB],
    [],
    { CONDO_LANG: 'pt-BR' },
    { cols: 80, rows: 50 },
  );
  expect(t.exitCode).toBe(0);
  // the terminal's colour codes take no column
  const lines = t.output.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
  expect(t.output).toContain('1 registrado');
  expect(t.output).toMatch(/06 liquidado\s+R\$ 1\.793,71/);
});
