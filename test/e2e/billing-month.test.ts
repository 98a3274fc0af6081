import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/**
 * #67 point 4 through the built program, on a sandbox without a tight rate limit (billing-apply.test.ts has the
 * one whose kill lands midway): the month read back by `verify --month`, the plan found by its marker among two of
 * the month, a lost plan file, `--replace`, and an invoice made by hand listed apart.
 */

let s: Session;
let planFile: string;
const MONTH = '2027-01';

beforeAll(async () => {
  s = await sandboxSession();
  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  const budget = join(s.condo.configDir, 'orcamento.yaml');
  await writeFile(
    budget,
    `condominio: ${slug}\nvencimento: 10\nconta_bancaria: 1\ncomponentes:\n  - nome: Despesas ordinárias\n    valor: 18.420,00\n    conta: 1.1.01\n    rateio: fracao\n  - nome: Fundo de reserva\n    percentual: 5\n    sobre: Despesas ordinárias\n    conta: 1.1.02\n    rateio: fracao\n`,
  );
  const dir = s.condo.configDir;
  planFile = (await s.condo.json(['billing', 'plan', '--month', '01/2027', '--budget', budget, '-O', dir]))
    .plan_file;
  await s.condo.ok(['billing', 'apply', planFile, '--issue']);
  // a unit billed twice with the month's marker, as a run of an older condo might have made
  const plan = JSON.parse(await readFile(planFile, 'utf8'));
  const unit = plan.units[1];
  await s.condo.json([
    ...['invoices', 'create', '--unit', String(unit.unit_id), '--bank-account', '1', '--due', '11/01/2027'],
    ...[
      '--subtotal',
      (unit.total_cents / 100).toFixed(2),
      '--notes',
      `[condo-billing ${MONTH} ${plan.inputs_sha256.slice(0, 8)}]`,
    ],
  ]);
  // the corrected budget's plan, written, not applied
  await writeFile(budget, (await readFile(budget, 'utf8')).replace('18.420,00', '18.500,00'));
  await s.condo.ok(['billing', 'plan', '--month', '01/2027', '--budget', budget, '-O', dir]);
}, 60_000);
afterAll(() => s?.close());

/** `billing verify --month 01/2027 --plans DIR` in Portuguese, as the month is read back. */
const verifyMonth = (dir: string) =>
  s.condo.run(['--lang', 'pt-BR', 'billing', 'verify', '--month', '01/2027', '--plans', dir]);

test('verify --month finds the plan by its marker; --replace cancels the earlier plan; an invoice made by hand is listed apart', async () => {
  const plan = JSON.parse(await readFile(planFile, 'utf8'));
  const dir = s.condo.configDir;
  // two plan files of the month are there (the second written, not applied): the month's marker picks the first
  const found = await verifyMonth(dir);
  expect(found.exitCode).toBe(1);
  expect(found.stderr).toContain(`plano ${planFile}`);
  expect(found.stderr).toContain(`${plan.units[1].unit}: cobrada 2 vezes`);
  // a folder without the plan file the invoices name: refused, naming the file to look for
  const empty = join(dir, 'vazio');
  await mkdir(empty, { recursive: true });
  const lost = await s.condo.run(['billing', 'verify', '--month', '01/2027', '--plans', empty]);
  expect(lost.exitCode).toBe(2);
  expect(lost.stderr.trim()).toBe(
    `error: 01/2027 was billed by plan ${plan.inputs_sha256.slice(0, 8)}, whose file (${planFile.split('/').at(-1)}) is not in ${empty}: give it, or --plans its folder`,
  );
  // the corrected budget's plan, applied with --replace: the first plan's invoices canceled, each unit billed anew
  const budget = join(dir, 'orcamento.yaml');
  const other = (await s.condo.json(['billing', 'plan', '--month', '01/2027', '--budget', budget, '-O', dir]))
    .plan_file;
  const replaced = await s.condo.run(['--lang', 'pt-BR', 'billing', 'apply', other, '--replace']);
  expect(replaced.exitCode, replaced.stderr).toBe(0);
  expect(replaced.stderr).toContain(`${plan.units.length + 1} cobranças do plano anterior canceladas`);
  // the replaced plan read back says so once, not a problem a unit that advises cancelling the live invoices
  const old = await s.condo.run(['--lang', 'pt-BR', 'billing', 'verify', planFile]);
  expect(old.exitCode).toBe(1);
  expect(old.stderr).toMatch(
    /o mês é cobrado pelo plano [0-9a-f]{8} \(\d+ cobranças\), não por este \(substituído\?\)/,
  );
  expect(old.stderr).toContain(`${planFile}: não é o plano do mês`);
  expect(old.stderr).not.toContain('--replace o cancela');
  // an invoice of the month made by hand (an agreement's installment): listed apart, not double billing
  const byHand = await s.condo.json([
    ...['invoices', 'create', '--unit', String(plan.units[2].unit_id), '--bank-account', '1'],
    ...['--due', '20/01/2027', '--subtotal', '300'],
  ]);
  const month = await s.condo.json(['billing', 'verify', '--month', '01/2027', '--plans', dir, '--json']);
  expect(month.plan_file).toBe(other);
  expect(month.problems).toEqual([]);
  expect(month.checked).toBe(plan.units.length);
  expect(month.unmarked).toEqual([
    { public_id: byHand.public_id, unit: plan.units[2].unit, total: 300, state: 'draft' },
  ]);
  const said = await verifyMonth(dir);
  expect(said.exitCode, said.stderr).toBe(0);
  expect(said.stderr).toContain(
    '1 cobrança do mês sem a marca da emissão (de um acordo, feita à mão), não contada:',
  );
  expect(said.stderr).toContain(`  ${byHand.public_id}  ${plan.units[2].unit}  R$ 300,00`);
}, 120_000);
