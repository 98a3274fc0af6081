import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPlain } from '../../src/sandbox/db/sqlite.js';
import { DB_FILE } from '../../src/sandbox/index.js';
import { type Session, sandboxSession, unitInvoice } from './harness.js';

/**
 * #67 through the built program: a plan applied, the run killed (SIGKILL) midway and run again, and the month read
 * back: one invoice a unit, never two. The sandbox allows 10 calls a second, so the 24 creates take a few seconds
 * and the kill lands among them.
 */

let s: Session;
let planFile: string;
const MONTH = '2027-01';

beforeAll(async () => {
  s = await sandboxSession({ rateLimit: { count: 10, seconds: 1 } });
  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  const budget = join(s.condo.configDir, 'orcamento.yaml');
  await writeFile(
    budget,
    `condominio: ${slug}\nvencimento: 10\nconta_bancaria: 1\ncomponentes:\n  - nome: Despesas ordinárias\n    valor: 18.420,00\n    conta: 1.1.01\n    rateio: fracao\n  - nome: Fundo de reserva\n    percentual: 5\n    sobre: Despesas ordinárias\n    conta: 1.1.02\n    rateio: fracao\n`,
  );
  planFile = (
    await s.condo.json(['billing', 'plan', '--month', '01/2027', '--budget', budget, '-O', s.condo.configDir])
  ).plan_file;
}, 60_000);
afterAll(() => s?.close());

/** The month's invoices of the plan as an independent reader sees them in the database. */
function billed(): { unit_id: number; n: number }[] {
  const db = openPlain(join(s.dataDir, DB_FILE));
  try {
    return db
      .prepare(
        `SELECT unit_id, count(*) AS n FROM invoices WHERE notes LIKE '[condo-billing ${MONTH} %' AND state != 'canceled' GROUP BY unit_id`,
      )
      .all() as { unit_id: number; n: number }[];
  } finally {
    db.close();
  }
}

test('killed midway, run again: every unit billed once, of its planned total, with its composition as items', async () => {
  const plan = JSON.parse(await readFile(planFile, 'utf8'));
  let killed = false;
  const first = s.condo.run(['billing', 'apply', planFile], {
    spawn: true,
    onSpawn: (child) => {
      const poll = setInterval(() => {
        if (billed().length >= 4) {
          clearInterval(poll);
          killed = child.kill('SIGKILL');
        }
      }, 20);
      child.once('exit', () => clearInterval(poll));
    },
  });
  const r1 = await first;
  expect(killed, r1.stderr).toBe(true);
  // a create the sandbox had received when the client died still commits: the count is read once it stays put
  // (on a busy machine it moved from 7 to 9 after the kill)
  let midway = billed().length;
  for (let still = 0; still < 5; ) {
    await new Promise((r) => setTimeout(r, 100));
    const now = billed().length;
    still = now === midway ? still + 1 : 0;
    midway = now;
  }
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(plan.units.length);
  // the same command again completes what is missing, issuing each unit's invoice, and says how many it found done
  const r2 = await s.condo.run(['--lang', 'pt-BR', 'billing', 'apply', planFile, '--issue']);
  expect(r2.exitCode, r2.stderr).toBe(0);
  expect(r2.stderr).toMatch(new RegExp(`^${plan.units.length} emitidas, 0 com falha`, 'm'));
  expect(r2.stderr).toContain(`${midway} unidades já cobradas por este plano: não criadas de novo`);
  expect(r2.stderr, r2.stderr).toContain(
    `${plan.units.length - midway} cobranças criadas agora, ${plan.units.length} emitidas (boleto e PIX)`,
  );
  const rows = billed();
  expect(rows).toHaveLength(plan.units.length);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  // a third run creates nothing; verify reads the month back clean
  const r3 = await s.condo.run(['billing', 'apply', planFile]);
  expect(r3.stderr).toMatch(/^0 created, 0 failed/m);
  const verified = await s.condo.run(['--lang', 'pt-BR', 'billing', 'verify', planFile]);
  expect(verified.exitCode, verified.stderr).toBe(0);
  expect(verified.stderr).toContain(`${plan.units.length} unidades, cada uma cobrada uma vez como planejado`);
  // an invoice carries its composition, each part to its account, and is issued
  const unit = plan.units[0];
  const inv = await unitInvoice(s.condo, unit.unit_id, '2027-01-01');
  const full = await s.condo.json(['invoices', 'show', inv.public_id]);
  expect(full.state).toBe('issued');
  expect(full.notes.split('\n')[0]).toBe(`[condo-billing ${MONTH} ${plan.inputs_sha256.slice(0, 8)}]`);
  expect(
    full.items.map((i: { name: string; amount: number }) => [i.name, Math.round(i.amount * 100)]),
  ).toEqual(unit.lines.map((l: { component: string; cents: number }) => [l.component, l.cents]));
}, 120_000);

test('verify names a unit billed twice (exit 1); another plan of the month is refused without --replace', async () => {
  const plan = JSON.parse(await readFile(planFile, 'utf8'));
  const unit = plan.units[1];
  // a second invoice with the month's marker, as a run of an older condo might have made
  const twice = await s.condo.json([
    ...['invoices', 'create', '--unit', String(unit.unit_id), '--bank-account', '1', '--due', '11/01/2027'],
    ...[
      '--subtotal',
      (unit.total_cents / 100).toFixed(2),
      '--notes',
      `[condo-billing ${MONTH} ${plan.inputs_sha256.slice(0, 8)}]`,
    ],
  ]);
  expect(twice.public_id).toBeDefined();
  const verified = await s.condo.run(['--lang', 'pt-BR', 'billing', 'verify', planFile]);
  expect(verified.exitCode).toBe(1);
  expect(verified.stderr).toContain(`${unit.unit}: cobrada 2 vezes`);
  // the plan of another budget for the month: refused, then --replace cancels the first plan's invoices
  const budget = join(s.condo.configDir, 'orcamento.yaml');
  await writeFile(budget, (await readFile(budget, 'utf8')).replace('18.420,00', '18.500,00'));
  const other = (
    await s.condo.json(['billing', 'plan', '--month', '01/2027', '--budget', budget, '-O', s.condo.configDir])
  ).plan_file;
  expect(other).not.toBe(planFile);
  const refused = await s.condo.run(['billing', 'apply', other]);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toMatch(
    /2027-01 is already billed by another plan \(\d+ invoices, plan [0-9a-f]{8}\): --replace cancels them first/,
  );
  // the first plan's inputs changed: applying it now is refused
  const stale = await s.condo.run(['billing', 'apply', planFile]);
  expect(stale.exitCode).toBe(2);
  expect(stale.stderr).toContain('changed since the plan was written: run condo billing plan again');
}, 120_000);
