import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMonthsClamped, todayIn } from '../../src/domain/dates.js';
import { BANK_SHAPES } from '../../src/sandbox/index.js';
import { type Session, sandboxSession } from './harness.js';
import { writePaymentAccountStatement } from './payment-account.js';
import { runOnTerminal } from './tty.js';

/**
 * #35 point 2, as a cron night with the firm's rules: the file arrives and is imported with the rules file, which
 * books the bank fees, settles a late resident's PIX by the CPF it names, and splits the water bill when it comes
 * in done; the same file again is a replay; a rule is changed and `reconcile --dry-run --explain` shows, offline,
 * what would move.
 */

const RULES = `# the firm's reconciliation rules, reviewed like code
version: 1
rules:
  - id: tarifas
    match:
      memo: TARIFA
      direction: debit
      amount: -500,00..-0,01
    book:
      chart_account: 2.4.04
      description: Tarifas bancárias
  - id: pix-moradores
    match: { direction: credit, memo: PIX RECEBIDO }
    settle_invoice: { by: payer_document }
  - id: agua
    match: { memo: DAERP }
    split:
      - { chart_account: 2.2.02, share: 70% }
      - { chart_account: 2.3.05, share: 30% }
`;

let s: Session;
let dir: string;
beforeAll(async () => {
  s = await sandboxSession();
  dir = s.condo.configDir;
  await writeFile(join(dir, 'conciliacao.yaml'), RULES);
});
afterAll(() => s.close());

interface ByRule {
  line: number;
  memo: string;
  rule: string;
  done: string;
  outcome: string;
}

test('imported with the rules: fees booked, a resident’s PIX settles their invoice, the rest left said why', async () => {
  const night = join(dir, 'extrato.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--bank-shapes', '-O', night]);
  const rules = join(dir, 'conciliacao.yaml');
  const owedBefore = await s.condo.json(['invoices', 'list', '--state', 'overdue']);

  const imported = await s.condo.run(['--json', 'statements', 'import', night, '--rules', rules]);
  // a PIX that names no CPF, and lines no rule takes, are left for a person: done, exit 1 (#50's table)
  expect(imported.exitCode, imported.stderr).toBe(1);
  expect(imported.stderr).toMatch(/warning: \d+ lines? (is|are) left for a person/);
  const r = JSON.parse(imported.stdout);
  expect(r.outcome).toBe('needs_person');
  expect(r.imported + r.duplicates + r.balance_lines + r.scheduled).toBe(r.transactions);
  const by = (r.by_rules as ByRule[]).map((b) => [b.rule, b.outcome]);
  expect(by).toEqual([
    ['tarifas', 'done'],
    ['pix-moradores', 'left_for_a_person'],
    ['tarifas', 'done'],
    ['pix-moradores', 'done'],
  ]);
  const left = (r.by_rules as ByRule[]).find((b) => b.outcome === 'left_for_a_person');
  expect(left?.done).toBe('the line names no payer’s CPF or CNPJ');
  // what the rules did not take is still unmatched, and only that
  expect(r.unmatched_transactions.map((t: { memo: string }) => t.memo)).toEqual([left?.memo]);
  expect(r.unmatched).toBe(1);

  // the fees are entries of 2.4.04 that name the rule and the line; the resident's invoice is paid
  const entries = await s.condo.json(['api', 'GET', 'account-entries', '-F', 'per_page=100']);
  const booked = entries.data.filter((e: { rule_id: string | null }) => e.rule_id === 'tarifas');
  expect(booked.map((e: { amount: number }) => e.amount).sort()).toEqual([2.1, 89.5]);
  expect(
    booked.every(
      (e: { reconciled: boolean; statement_line_id: string }) => e.reconciled && e.statement_line_id,
    ),
  ).toBe(true);
  const paid = (r.by_rules as ByRule[]).find((b) => b.rule === 'pix-moradores' && b.outcome === 'done');
  const invoiceId = /invoice (\w+) paid/.exec(paid?.done ?? '')?.[1];
  expect((await s.condo.json(['invoices', 'show', invoiceId as string])).state).toBe('paid');
  expect((await s.condo.json(['invoices', 'list', '--state', 'overdue'])).length).toBe(owedBefore.length - 1);

  // cron runs the night again: a replay, nothing booked twice
  const again = await s.condo.run(['statements', 'import', night, '--rules', rules, '--json']);
  expect(again.exitCode).toBe(1);
  expect(JSON.parse(again.stdout)).toMatchObject({ replayed: true });
  const after = await s.condo.json(['api', 'GET', 'account-entries', '-F', 'per_page=100']);
  expect(after.data.filter((e: { rule_id: string | null }) => e.rule_id).length).toBe(
    entries.data.filter((e: { rule_id: string | null }) => e.rule_id).length,
  );

  // the water bill comes in done: split 70/30 into two entries that add up to it (70% floored, the rest to 30%)
  const today = todayIn(new Date());
  const later = join(dir, 'extrato-depois.ofx');
  const { fitid, memo } = {
    fitid: `${today.slice(0, 7).replace('-', '')}${BANK_SHAPES.scheduled.fitid}`,
    memo: BANK_SHAPES.scheduled.memo,
  };
  await writePaymentAccountStatement(later, today, [
    { fitid, amountCents: BANK_SHAPES.scheduled.amountCents, memo },
  ]);
  const water = await s.condo.json(['statements', 'import', later, '--rules', rules]);
  expect(water.by_rules).toEqual([expect.objectContaining({ rule: 'agua', outcome: 'done' })]);
  const split = (await s.condo.json(['api', 'GET', 'account-entries', '-F', 'per_page=100'])).data.filter(
    (e: { rule_id: string | null }) => e.rule_id === 'agua',
  );
  expect(
    split.map((e: { amount: number }) => Math.round(e.amount * 100)).sort((a: number, b: number) => a - b),
  ).toEqual([12_372, 28_865]);
});

test('a rule changed: reconcile --dry-run --explain shows offline what would move, with no server', async () => {
  const night = join(dir, 'extrato.ofx');
  const changed = join(dir, 'conciliacao-nova.yaml');
  await writeFile(changed, RULES.replace('amount: -500,00..-0,01', 'amount: -50,00..-0,01'));
  // no profile, no credentials: the file and the rules are all it reads
  const offline = await s.condo.run(
    ['statements', 'reconcile', night, '--rules', changed, '--dry-run', '--explain', '--json'],
    { env: { CONDO_CONFIG_DIR: join(dir, 'nowhere') } },
  );
  expect(offline.exitCode, offline.stderr).toBe(1);
  const result = JSON.parse(offline.stdout);
  expect(result).toMatchObject({ outcome: 'needs_person', dry_run: true });
  const lines = result.lines as {
    memo: string;
    rule: string | null;
    closest: string | null;
    failed: string | null;
  }[];
  const fee = lines.find((l) => l.memo === 'TARIFA PACOTE SERVICOS');
  expect(fee).toMatchObject({
    rule: null,
    closest: 'tarifas',
    failed: 'amount: -R$ 89,50 is not between -R$ 50,00 and -R$ 0,01',
  });
  expect(lines.find((l) => l.memo === 'TARIFA PIX ENVIADO')).toMatchObject({ rule: 'tarifas' });

  // in Portuguese, on a person's screen
  const pt = await s.condo.run(
    [
      '--lang',
      'pt-BR',
      '-o',
      'table',
      'statements',
      'reconcile',
      night,
      '--rules',
      changed,
      '--dry-run',
      '--explain',
    ],
    { env: { CONDO_CONFIG_DIR: join(dir, 'nowhere') } },
  );
  expect(pt.stdout).toContain('a mais próxima tarifas, valor: -R$ 89,50 não está entre -R$ 50,00 e -R$ 0,01');
  expect(pt.stderr).toMatch(
    /linhas casaram com uma regra \(\d+ delas ficaria(m)? para uma pessoa\); \d+ sem regra \(simulação: nada foi feito\)/,
  );
  // the summary at 80 columns stays a table, a long action going on in its own cell (#53 point 4)
  const narrow = await runOnTerminal(
    s.condo,
    ['--lang', 'pt-BR', 'statements', 'reconcile', night, '--rules', changed, '--dry-run'],
    [],
    { NO_COLOR: '1', CONDO_CONFIG_DIR: join(dir, 'nowhere') },
    { cols: 80, rows: 40 },
  );
  const screen = narrow.output.replace(/\r/g, '').split('\n');
  expect(screen[0]).toMatch(/^REGRA +LINHAS +TOTAL +AÇÃO$/);
  expect(screen.find((l) => l.startsWith('pix-moradores'))).toMatch(/R\$ [\d.]+,\d\d +baixar a cobrança/);
  expect(screen.filter((l) => [...l].length > 80)).toEqual([]);
});

test('a bad rule is refused naming its line, and nothing is done', async () => {
  const bad = join(dir, 'ruim.yaml');
  await writeFile(
    bad,
    (await readFile(join(dir, 'conciliacao.yaml'), 'utf8')).replace('share: 30%', 'share: 20%'),
  );
  const r = await s.condo.run(['statements', 'reconcile', '1', '--rules', bad]);
  expect(r.exitCode).toBe(2);
  // the line of the split, whose shares do not add up
  expect(r.stderr).toContain(`${bad}: line 17: rule agua: split: the shares add up to 90%, not 100%`);
});

test('a rule that has matched nothing for three months is reported, with its line', async () => {
  // the account's statements go back a quarter: an old month's file
  const today = todayIn(new Date());
  const old = `${addMonthsClamped(`${today.slice(0, 7)}-01`, -3).slice(0, 7)}-15`;
  const oldFile = join(dir, 'extrato-antigo.ofx');
  await writePaymentAccountStatement(oldFile, old, [
    { fitid: 'OLD-1', amountCents: -1500, memo: 'TARIFA AVULSA' },
  ]);
  await s.condo.ok(['statements', 'import', oldFile]);
  const withDead = join(dir, 'com-regra-morta.yaml');
  await writeFile(
    withDead,
    `${RULES}  - id: morta\n    match: { memo: CHEQUE COMPENSADO }\n    book: { chart_account: 2.4.04 }\n`,
  );
  const r = await s.condo.run(['statements', 'reconcile', '1', '--rules', withDead]);
  expect(r.exitCode, r.stderr).toBe(1);
  expect(r.stderr).toContain('warning: 1 line is left for a person');
  expect(r.stderr).toMatch(
    /rule morta \(line 20\) has matched nothing since \d{4}-\d{2}-01: fix it or remove it/,
  );
  expect(r.stderr).not.toMatch(/rule (tarifas|pix-moradores|agua) \(line/);
  // the nightly import with the rules says so too: it is where a firm sees it first
  const tonight = join(dir, 'extrato-hoje.ofx');
  await writePaymentAccountStatement(tonight, today, [
    { fitid: 'NIGHT-1', amountCents: 12_000, memo: 'DOC RECEBIDO' },
  ]);
  const night = await s.condo.run(['statements', 'import', tonight, '--rules', withDead]);
  expect(night.exitCode, night.stderr).toBe(1);
  expect(night.stderr).toMatch(/rule morta \(line 20\) has matched nothing since/);
});
