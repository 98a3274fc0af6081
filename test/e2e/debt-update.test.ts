import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pdfText, type Session, sandboxSession } from './harness.js';

/**
 * #69 points 1, 4 and 5: the sandbox's charges file set for the profile, its late quotas updated to today (two of
 * 2024, on both sides of 30/08/2024), a total per unit, and the memória de cálculo for the lawyer, the same bytes
 * for the same inputs.
 */
let s: Session;
let work: string;
beforeAll(async () => {
  s = await sandboxSession();
  work = join(s.condo.configDir, '..');
  await s.condo.ok(['sandbox', 'encargos', '-O', join(work, 'encargos.yaml')]);
});
afterAll(() => s.close());

test('a charges file is checked when set: a clause without its source is refused at its line, nothing kept', async () => {
  const bad = join(work, 'sem-fonte.yaml');
  await writeFile(
    bad,
    'multa: { percentual: 2, fonte: "Convenção, art. 18" }\njuros: { percentual_mes: 1 }\n',
  );
  const r = await s.condo.run(['config', 'set', 'charges', bad]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr.trim()).toBe(
    `error: ${bad}: line 2: juros: give its source (fonte: the convention's clause or the assembly's minute)`,
  );
  expect((await s.condo.run(['config', 'get', 'charges'])).exitCode).not.toBe(0);
  await s.condo.ok(['config', 'set', 'charges', join(work, 'encargos.yaml')]);
});

test("every late quota updated to today, a total per unit; A-302's quota of 07/2024 split at 30/08/2024", async () => {
  const today = s.today();
  const u = await s.condo.json(['debt', 'update']);
  expect(u.as_of).toBe(today);
  expect(
    u.units.map((x: { unit_label: string; quotas: unknown[] }) => [x.unit_label, x.quotas.length]),
  ).toEqual([
    ['Bloco A - 302', 6],
    ['Bloco A - 502', 2],
    ['Bloco B - 102', 1],
    ['Bloco B - 401', 1],
    ['Bloco B - 601', 3],
  ]);
  for (const unit of u.units) {
    const sum = (k: string) =>
      unit.quotas.reduce((t: number, q: Record<string, number>) => t + (q[k] as number), 0);
    for (const k of ['principal_cents', 'correction_cents', 'interest_cents', 'fine_cents', 'total_cents'])
      expect(unit[k]).toBe(sum(k));
  }
  expect(u.totals.total_cents).toBe(
    u.units.reduce((t: number, x: { total_cents: number }) => t + x.total_cents, 0),
  );
  expect(u.rules.sha256).toBe(
    createHash('sha256')
      .update(await readFile(join(work, 'encargos.yaml')))
      .digest('hex'),
  );

  const old = u.units[0].quotas[0];
  expect(old.due_date).toBe('2024-07-10');
  const interest = old.lines.filter((l: { step: string }) => l.step === 'interest');
  expect(interest).toHaveLength(2);
  expect(interest[0].detail).toMatch(/^1% ao mês, 51 dias \(dias\/30\) até 29\/08\/2024/);
  expect(interest[0].cents).toBe(Math.round(((old.principal_cents + old.correction_cents) * 51) / 3000));
  expect(interest[1].detail).toMatch(/^taxa legal .*desde 30\/08\/2024/);

  // the correction, worked out apart from condo's code: INPC 07–08/2024, then the IPCA to the month before today's
  const months = async (code: string, from: string, to: string) =>
    (await s.condo.json(['indexes', 'show', code, '--from', from, '--to', to])).months as {
      value: string;
      made_up: boolean;
    }[];
  const [y, m] = today.split('-').map(Number) as [number, number];
  const before = m === 1 ? `12/${y - 1}` : `${String(m - 1).padStart(2, '0')}/${y}`;
  const changes = [
    ...(await months('INPC', '07/2024', '08/2024')),
    ...(await months('IPCA', '09/2024', before)),
  ];
  const factor = changes.reduce((f, c) => f * (1 + Number(c.value.replace(',', '.')) / 100), 1);
  expect(Number(old.factor)).toBeCloseTo(factor, 10);
  expect(old.correction_cents).toBe(Math.round(85_000 * factor) - 85_000);
  // the sandbox's Selic is made up: every figure after the law rests on it, and says so
  expect(u.made_up).toContain('SELIC 07/2024');
  expect(u.index_sources).toContain(
    'IPCA: IBGE (dados públicos) via github.com/investash/inflacao@777d32b (MIT), 01/2000–12/2025',
  );
});

test('one unit, -o csv, and a unit no one has', async () => {
  const csv = await s.condo.ok(['debt', 'update', '--unit', 'bloco a - 302', '-o', 'csv']);
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('UNIT,DUE,PRINCIPAL,CORRECTION,INTEREST,FINE,TOTAL,INVOICE');
  expect(lines).toHaveLength(7);
  expect(lines[1]).toMatch(/^Bloco A - 302,2024-07-10,850\.00,/);
  const none = await s.condo.run(['debt', 'update', '--unit', 'Bloco Z - 999']);
  expect(none.exitCode).toBe(2);
  expect(none.stderr).toContain('--unit: no unit is named "Bloco Z - 999"');
});

test('the memória de cálculo: the items of art. 798, the clauses and their hash, the tables; the same bytes twice', async () => {
  const [a, b] = [join(work, 'memoria-a.pdf'), join(work, 'memoria-b.pdf')];
  const args = ['debt', 'update', '--unit', 'Bloco A - 302', '--as-of', s.today()];
  await s.condo.ok([...args, '--pdf', a]);
  await s.condo.ok([...args, '--pdf', b]);
  expect((await readFile(a)).equals(await readFile(b))).toBe(true);
  const text = await pdfText(a);
  const sha = createHash('sha256')
    .update(await readFile(join(work, 'encargos.yaml')))
    .digest('hex');
  for (const said of [
    'Memória de cálculo do débito atualizado',
    'Critérios (CPC art. 798, parágrafo único)',
    'I — Índice de correção monetária',
    'IV — Capitalização dos juros: juros simples, sem capitalização',
    `SHA-256 ${sha}`,
    'juros: { taxa: legal, fonte: "Convenção silente: CC art. 1.336 §1º e art. 406" }',
    'Unidade Bloco A - 302',
    'Atenção: valores inventados pelo sandbox',
    'IPCA: IBGE (dados públicos) via github.com/investash/inflacao@777d32b (MIT)',
  ])
    expect(text).toContain(said);
});
