import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession, withoutExtension } from './harness.js';

/**
 * The bank's balance and the account's agree once its statement is in: the sandbox's statement carries in its
 * LEDGERBAL the movements no entry explains (a fee, an unidentified PIX), which the import adds to the account, so
 * the month's report says what the bank says (a new-user trial found them R$ 1.125,40 apart).
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const ledgerBal = async (file: string) =>
  Math.round(Number(/<LEDGERBAL>\s*<BALAMT>([-\d.]+)/.exec(await readFile(file, 'latin1'))?.[1]) * 100);
const accountBalance = async () =>
  Math.round(
    (await s.condo.json('bank-accounts list')).find(
      (a: { is_payment_account: boolean }) => a.is_payment_account,
    ).current_balance * 100,
  );

test('imported, the statement’s LEDGERBAL is the account’s balance and the report’s; a statement written again says the same', async () => {
  const file = join(s.condo.configDir, 'bb.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--bank-shapes', '-O', file]);
  const bank = await ledgerBal(file);
  expect(bank).not.toBe(await accountBalance()); // the fee and the PIX are not in the account yet
  await s.condo.ok(['statements', 'import', file]);
  expect(await accountBalance()).toBe(bank);
  const report = await s.condo.json('report month');
  const payment = report.balances.find((b: { end_cents: number }) => b.end_cents === bank);
  expect(payment).toBeDefined();
  const again = join(s.condo.configDir, 'bb-again.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--bank-shapes', '-O', again]);
  expect(await ledgerBal(again)).toBe(bank);
});

test('a file imported before, imported again with --rules: the rules run over its lines as they are now', async () => {
  const rules = join(s.condo.configDir, 'regras.yaml');
  await writeFile(
    rules,
    'version: 1\nrules:\n  - id: tarifas\n    match: { memo: TARIFA, direction: debit }\n    book: { chart_account: 2.4.04 }\n',
  );
  const file = join(s.condo.configDir, 'bb.ofx'); // imported by the test above, without rules
  const run = await s.condo.run(['statements', 'import', file, '--rules', rules, '--json']);
  // the lines no rule took are left for a person: done, exit 1 (#50's table), and said
  expect(run.exitCode, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/warning: \d+ lines are left for a person/);
  expect(JSON.parse(run.stdout).outcome).toBe('needs_person');
  // the import itself is the earlier one, replayed; the rules are not
  expect(run.stderr).toMatch(
    /imported before: the earlier result was replayed; the rules ran over its lines as they are now/,
  );
  const first = JSON.parse(run.stdout);
  expect(first.by_rules.map((b: { rule: string; outcome: string }) => [b.rule, b.outcome])).toEqual([
    ['tarifas', 'done'],
    ['tarifas', 'done'],
  ]);
  const entries = async () =>
    (await s.condo.json(['api', 'GET', 'account-entries', '-F', 'per_page=100'])).data.filter(
      (e: { rule_id: string | null }) => e.rule_id === 'tarifas',
    ).length;
  expect(await entries()).toBe(2);
  // and again: the fees are settled, nothing is booked twice
  const again = await s.condo.run(['statements', 'import', file, '--rules', rules, '--json']);
  expect(again.exitCode, again.stderr).toBe(1);
  expect(JSON.parse(again.stdout).by_rules).toEqual([]);
  expect(again.stderr).toMatch(/imported before: the earlier result was replayed/);
  expect(await entries()).toBe(2);
  // a plain replay wrote nothing, and does not say where it wrote
  const plain = await s.condo.run(['statements', 'import', file]);
  expect(plain.stderr).toMatch(/imported before: the earlier result was replayed, nothing changed/);
  expect(plain.stderr).not.toMatch(/written to/);
});

test('offline, --dry-run --explain says what the real run will leave for a person: a PIX that names no CPF', async () => {
  const rules = join(s.condo.configDir, 'pix.yaml');
  await writeFile(
    rules,
    'version: 1\nrules:\n  - id: pix-moradores\n    match: { direction: credit, memo: PIX RECEBIDO }\n    settle_invoice: { by: payer_document }\n',
  );
  const file = join(s.condo.configDir, 'bb.ofx');
  const r = await s.condo.run(
    ['statements', 'reconcile', file, '--rules', rules, '--dry-run', '--explain', '--json'],
    { env: { CONDO_CONFIG_DIR: join(s.condo.configDir, 'nowhere') } },
  );
  // as the run would end: lines for a person, exit 1
  expect(r.exitCode, r.stderr).toBe(1);
  // the run's ending in its JSON (#53): a person is needed, not a failed call
  const result = JSON.parse(r.stdout);
  expect(result.outcome).toBe('needs_person');
  expect(result.left_for_a_person).toBeGreaterThan(0);
  const rows = result.lines as {
    memo: string;
    rule: string | null;
    outcome?: string;
    done?: string;
  }[];
  const anonymous = rows.find((l) => l.memo === 'PIX RECEBIDO - REMETENTE NAO IDENTIFICADO');
  expect(anonymous).toMatchObject({
    rule: 'pix-moradores',
    outcome: 'left_for_a_person',
    done: 'the line names no payer’s CPF or CNPJ',
  });
  // the resident's PIX names a CPF: only the server can tell whose invoice it pays
  expect(rows.find((l) => l.rule === 'pix-moradores' && l !== anonymous)?.outcome).toBeUndefined();
  // every line counted once (#53): matched, without a rule, and the matched a rule could not act on
  const counts =
    /(\d+) of (\d+) lines matched a rule \(1 of them would be left for a person\); (\d+) without a rule \(dry run: nothing was done\)/.exec(
      r.stderr,
    );
  expect(counts, r.stderr).not.toBeNull();
  const [, matched, all, without] = (counts ?? []).map(Number);
  expect((matched ?? 0) + (without ?? 0)).toBe(all);
  expect(rows).toHaveLength(all ?? -1);
});

test('statements list says what is unmatched now, as statements show does, after the rules reconciled lines', async () => {
  const list = await s.condo.json('statements list');
  const latest = list[0];
  const shown = await s.condo.json(['statements', 'show', latest.statement_id]);
  expect(latest.unmatched).toBe(shown.unmatched_transactions.length);
  expect(shown.unmatched).toBe(latest.unmatched);
  // four at the import (the two fees, the resident's PIX, the anonymous one); the two fees the rules booked above
  // are no longer counted
  expect(latest.unmatched).toBe(2);
});

test('a file imported before, with --rules, on a server that does not list its imports: the replay alone, said so', async () => {
  const rules = join(s.condo.configDir, 'regras.yaml'); // written by a test above
  const file = join(s.condo.configDir, 'bb.ofx');
  // the spec's server: it imports statements, but neither lists nor shows them (condo's extension)
  const spec = await withoutExtension(
    s,
    (req) => req.method === 'GET' && /\/bank-statements(\/|\?|$)/.test(req.url ?? ''),
    404,
  );
  try {
    const r = await s.condo.run(['--base-url', spec.url, 'statements', 'import', file, '--rules', rules]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/imported before: the earlier result was replayed, nothing changed/);
    expect(r.stderr).toContain(
      'the rules did not run again: this server does not say which of its lines are still unmatched',
    );
  } finally {
    spec.close();
  }
});
