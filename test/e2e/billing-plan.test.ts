import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/** #67 through the built program: the month's plan from a budget file, over the sandbox's units. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ condominiums: 3 });
});
afterAll(() => s.close());

const budget = (slug: string) => `condominio: ${slug}
vencimento: 10
conta_bancaria: 1
componentes:
  - nome: Despesas ordinárias
    valor: 18.420,00
    conta: 1.1.01
    rateio: fracao
  - nome: Fundo de reserva
    percentual: 5
    sobre: Despesas ordinárias
    conta: 1.1.02
    rateio: fracao
`;

test('billing plan: every unit, each component adding up to the cent, the file named by its inputs and the same twice', async () => {
  const file = join(s.condo.configDir, 'orcamento.yaml');
  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  await writeFile(file, budget(slug));
  const plan = await s.condo.json([
    'billing',
    'plan',
    '--month',
    '01/2027',
    '--budget',
    file,
    '-O',
    s.condo.configDir,
  ]);
  expect(plan.plan_file).toMatch(new RegExp(`2027-01-${slug}-[0-9a-f]{8}\\.plan\\.json$`));
  expect(plan.due_date).toBe('2027-01-11'); // the 10th is a Sunday
  expect(plan.total_cents).toBe(1_842_000 + 92_100);
  for (const c of plan.components)
    expect(
      plan.units.reduce(
        (a: number, u: { lines: { component: string; cents: number }[] }) =>
          a + (u.lines.find((l) => l.component === c.name)?.cents ?? 0),
        0,
      ),
    ).toBe(c.total_cents);
  const bytes = await readFile(plan.plan_file, 'utf8');
  const again = await s.condo.json([
    'billing',
    'plan',
    '--month',
    '01/2027',
    '--budget',
    file,
    '-O',
    s.condo.configDir,
  ]);
  expect(again.plan_file).toBe(plan.plan_file);
  expect(await readFile(again.plan_file, 'utf8')).toBe(bytes);
  // a person's screen, in Portuguese: the TOTAL row, the due date, where the plan went
  const r = await s.condo.run([
    '--lang',
    'pt-BR',
    'billing',
    'plan',
    '--month',
    '01/2027',
    '--budget',
    file,
    '-O',
    s.condo.configDir,
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  // a script's row carries the due date; the TOTAL row none
  expect(r.stdout).toMatch(/^TOTAL\t1\.0+\t18420\.00\t921\.00\t19341\.00\t\t\t$/m);
  expect(r.stdout.split('\n')[0]).toMatch(
    /^\S.*\t0\.\d+\t\d+\.\d\d\t\d+\.\d\d\t\d+\.\d\d\t2027-01-11\t[^\t]*\t$/,
  );
  expect(r.stderr).toContain('vencimento 11/01/2027; frações: as frações ideais do servidor, somando 1,0000');
  expect(r.stderr).toContain(`plano gravado em ${plan.plan_file}`);
});

test('a bad budget: one line naming the file and line, exit 2, no plan written', async () => {
  const file = join(s.condo.configDir, 'ruim.yaml');
  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  await writeFile(file, budget(slug).replace('conta: 1.1.02', 'conta: 2.3.01'));
  const r = await s.condo.run([
    'billing',
    'plan',
    '--month',
    '02/2027',
    '--budget',
    file,
    '-O',
    s.condo.configDir,
  ]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr.trim()).toBe(`error: ${file}: line 9: account 2.3.01 is not an active revenue account`);
  // a bank account the condominium does not have would fail every invoice at apply: refused at its line
  await writeFile(file, budget(slug).replace('conta_bancaria: 1', 'conta_bancaria: 99'));
  const bank = await s.condo.run([
    'billing',
    'plan',
    '--month',
    '02/2027',
    '--budget',
    file,
    '-O',
    s.condo.configDir,
  ]);
  expect(bank.exitCode).toBe(2);
  expect(bank.stderr.trim()).toBe(
    `error: ${file}: line 3: conta_bancaria: the condominium has no bank account 99 (see condo bank-accounts list)`,
  );
  const { readdir } = await import('node:fs/promises');
  expect((await readdir(s.condo.configDir)).filter((f) => f.startsWith('2027-02'))).toEqual([]);
});

test.each([
  ['the test condominium', false],
  ["a firm's of --condominiums 3, by its profile", true],
])("the sandbox's budget bills each unit the quota its six seeded months billed it: %s", async (_, firm) => {
  let profile: string | undefined;
  if (firm) {
    await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
    const profiles: { name: string; client_id: string }[] = await s.condo.json(['config', 'list']);
    profile = profiles.find((p) => p.client_id.startsWith('sbx_firm_'))?.name;
    expect(profile).toBeDefined();
  }
  const as = profile ? ['--profile', profile] : [];
  const file = join(s.condo.configDir, `sandbox-orcamento-${profile ?? 'teste'}.yaml`);
  await s.condo.ok([...as, 'sandbox', 'budget', '--data-dir', s.dataDir, '-O', file]);
  const budget = await readFile(file, 'utf8');
  expect(budget).toMatch(/^ {2}- nome: Taxa condominial$/m);
  if (profile) expect(budget).toMatch(new RegExp(`^condominio: ${profile}$`, 'm'));
  const plan = await s.condo.json([
    ...as,
    ...['billing', 'plan', '--month', '01/2027', '--budget', file, '-O', s.condo.configDir],
  ]);
  const seeded = await s.condo.json([...as, 'invoices', 'list', '--all']);
  const quota = new Map<number, number>();
  for (const inv of seeded) quota.set(inv.unit_id, Math.round(Number(inv.subtotal) * 100));
  expect(plan.units.length).toBe(quota.size);
  for (const u of plan.units) expect(u.total_cents, u.unit).toBe(quota.get(u.unit_id));
  expect(new Set(plan.units.map((u: { total_cents: number }) => u.total_cents))).toEqual(
    new Set([85_000, 108_000, 124_000]),
  );
  // the fees are the fractions' exact shares: no cent moved by the rounding, none said
  expect(plan.components[0].cent_more).toEqual([]);
  expect(plan.components[0].cent_less).toEqual([]);
});
