import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, formatDateBr } from '../../src/domain/dates.js';
import { pdfText, type Session, sandboxSession } from './harness.js';

/**
 * #70: an agreement proposed (three sums at once), applied once and re-run, its quotas renegotiated (out of debt
 * update and the defaulters, in a snapshot dated before), listed and checked from cron, its document to sign;
 * and a late quota's payment set against its updated debt.
 */
let s: Session;
let work: string;
const PARTS = ['principal', 'correction', 'fine', 'interest', 'fees'] as const;
type Parts = Record<(typeof PARTS)[number], number>;

beforeAll(async () => {
  s = await sandboxSession();
  work = join(s.condo.configDir, '..');
  await s.condo.ok(['sandbox', 'encargos', '-O', join(work, 'encargos.yaml')]);
  await s.condo.ok(['config', 'set', 'charges', join(work, 'encargos.yaml')]);
});
afterAll(() => s.close());

const TERMS = [
  '--unit',
  'Bloco A - 302',
  '--installments',
  '6',
  '--first-due',
  '11/01/2027',
  '--fee',
  'honorarios=10%',
];

describe('an agreement', () => {
  test('proposed: the totals equal but for a cent, each column the debt’s, each installment a valid invoice', async () => {
    const debt = await s.condo.json(['debt', 'update', '--unit', 'Bloco A - 302']);
    const p = await s.condo.json(['agreement', 'propose', ...TERMS]);
    const unit = debt.units[0];
    expect(p.debt.total_cents).toBe(unit.total_cents);
    // the fee: 10% of the updated debt, half up
    expect(p.fee.cents).toBe(Math.round(unit.total_cents / 10));
    const totals = p.installments.map((i: { total_cents: number }) => i.total_cents);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const sum = (k: (typeof PARTS)[number]) =>
      p.installments.reduce((t: number, i: { parts: Parts }) => t + i.parts[k], 0);
    expect(sum('principal')).toBe(unit.principal_cents);
    expect(sum('correction')).toBe(unit.correction_cents);
    expect(sum('fine')).toBe(unit.fine_cents);
    expect(sum('interest')).toBe(unit.interest_cents);
    expect(sum('fees')).toBe(p.fee.cents);
    for (const i of p.installments) expect(PARTS.reduce((t, k) => t + i.parts[k], 0)).toBe(i.total_cents);
    expect(p.installments.map((i: { due_date: string }) => i.due_date)).toEqual([
      '2027-01-11',
      '2027-02-11',
      '2027-03-11',
      '2027-04-11',
      '2027-05-11',
      '2027-06-11',
    ]);
    // a first due date on a Sunday is said
    const sunday = await s.condo.run([
      '--lang',
      'pt-BR',
      'agreement',
      'propose',
      ...TERMS.slice(0, 4),
      '--first-due',
      '10/01/2027',
    ]);
    expect(sunday.stderr).toContain(
      '--first-due 10/01/2027 não é dia útil (um domingo): um boleto com esse vencimento é pago em 11/01/2027',
    );
  });

  test('the document to sign: the same bytes twice, the parties, the quotas, the installments, the clauses', async () => {
    const [a, b] = [join(work, 'acordo-a.pdf'), join(work, 'acordo-b.pdf')];
    await s.condo.ok(['agreement', 'propose', ...TERMS, '--pdf', a]);
    await s.condo.ok(['agreement', 'propose', ...TERMS, '--pdf', b]);
    expect((await readFile(a)).equals(await readFile(b))).toBe(true);
    const text = await pdfText(a);
    const units = await s.condo.json(['units', 'list']);
    const owner = units.find((u: { label: string }) => u.label === 'Bloco A - 302').owner;
    for (const said of [
      'Termo de acordo AC-',
      `de outro ${owner}`,
      '1. Cotas quitadas por este acordo, com os valores atualizados',
      'Vencimento 10/07/2024',
      '2. Pagamentos',
      'acordo: { quebra_dias: 30, fonte: "AGE de 12/03/2024, item 3" }',
      'nunca multa sobre multa',
    ])
      expect(text).toContain(said);
  });

  test('applied once: installments issued, quotas renegotiated (out of today’s debts, in yesterday’s snapshot); a re-run does nothing', async () => {
    const today = s.today();
    const off = await s.condo.run(['agreement', 'apply', ...TERMS], { stdin: '' });
    expect(off.exitCode).toBe(2);
    expect(off.stderr).toContain('--yes is required to apply an agreement');
    const r = await s.condo.run(['--json', 'agreement', 'apply', ...TERMS, '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    const done = JSON.parse(r.stdout);
    expect(done.invoices).toHaveLength(6);
    expect(done.renegotiated).toHaveLength(6);
    expect(done.not_recorded).toEqual([]);
    const first = await s.condo.json(['invoices', 'show', done.invoices[0].invoice]);
    expect(first.state).toBe('issued');
    expect(first.notes).toMatch(new RegExp(`^\\[condo-acordo ${done.id} 1/6\\]`));
    expect(first.notes).toContain(`cotas: ${done.renegotiated.join(', ')}`);
    const c = (reais: number) => Math.round(reais * 100);
    expect(c(first.total)).toBe(
      c(first.subtotal) +
        c(first.fine_amount) +
        c(first.interest_amount) +
        c(first.monetary_correction_amount),
    );

    const debts = await s.condo.json(['debt', 'update']);
    expect(debts.units.map((u: { unit_label: string }) => u.unit_label)).not.toContain('Bloco A - 302');
    const now = await s.condo.json(['defaulters']);
    expect(now.map((d: { unit_label: string }) => d.unit_label)).not.toContain('Bloco A - 302');
    const before = await s.condo.json(['defaulters', '--as-of', formatDateBr(addDays(today, -1))]);
    expect(before.find((d: { unit_label: string }) => d.unit_label === 'Bloco A - 302')?.invoices).toBe(6);

    const again = await s.condo.run(['--lang', 'pt-BR', 'agreement', 'apply', ...TERMS, '--yes']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(`as cotas estão quitadas pelo acordo ${done.id}`);
    const invoices = await s.condo.json(['invoices', 'list', '--unit', String(first.unit_id)]);
    expect(
      invoices.filter((i: { notes: string | null }) => i.notes?.startsWith('[condo-acordo')).length,
    ).toBe(6);
  });

  test('checked from cron: an installment 30 days late breaks it, exit 1, named with the command that shows it', async () => {
    const today = s.today();
    const ok = await s.condo.run(['agreement', 'check']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    // an agreement whose first installment fell due 40 days ago and was not paid
    const late = [
      '--unit',
      'Bloco B - 601',
      '--installments',
      '3',
      '--first-due',
      formatDateBr(addDays(today, -40)),
    ];
    const made = await s.condo.json(['agreement', 'apply', ...late, '--yes']);
    const r = await s.condo.run(['--lang', 'pt-BR', 'agreement', 'check']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      `acordo ${made.id}: parcela 1/3 com 40 dias de atraso (30 o rompem: AGE de 12/03/2024, item 3); veja condo agreement show ${made.id}`,
    );
    expect((await s.condo.run(['agreement', 'check', '--late-days', '41'])).exitCode).toBe(0);
    const json = await s.condo.run(['--json', 'agreement', 'check']);
    expect(JSON.parse(json.stdout)).toMatchObject({ late_days: 30, broken: [made.id] });
    const show = await s.condo.run(['--lang', 'pt-BR', 'agreement', 'show', made.id]);
    expect(show.exitCode).toBe(1);
    expect(show.stderr).toContain('nunca multa sobre multa');
    expect(show.stderr).toContain(`o acordo ${made.id} está rompido`);
    // debt update leaves an agreement's installments to the agreement: no fine on them, said
    const debts = await s.condo.run(['--json', 'debt', 'update', '--unit', 'Bloco B - 601']);
    expect(JSON.parse(debts.stdout)).toMatchObject({ units: [], agreement_installments_late: 2 });
    expect(debts.stderr).toContain(
      '2 installment(s) of agreements are late and not counted here: condo agreement check',
    );
    const list = await s.condo.json(['agreement', 'list']);
    expect(list.map((a: { id: string }) => a.id).sort()).toEqual(
      [made.id, expect.stringMatching(/^AC-/)].sort(),
    );
    // one unit's, by its label; a label no unit has is refused at the flag
    const one = await s.condo.json(['agreement', 'list', '--unit', 'Bloco B - 601']);
    expect(one.map((a: { id: string }) => a.id)).toEqual([made.id]);
    const none = await s.condo.run(['agreement', 'list', '--unit', 'Bloco Z - 999']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/^error: --unit: .*Bloco Z - 999/m);
  });
});

test("a late quota's payment is set against its updated debt on the day: underpaid, said, recorded", async () => {
  const rules = join(work, 'conciliacao.yaml');
  await writeFile(
    rules,
    'version: 1\nrules:\n  - id: pix-moradores\n    match: { direction: credit, memo: PIX RECEBIDO }\n    settle_invoice: { by: payer_document }\n',
  );
  const night = join(work, 'extrato.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--bank-shapes', '-O', night]);
  const r = await s.condo.run(['--lang', 'pt-BR', '--json', 'statements', 'import', night, '--rules', rules]);
  const settled = JSON.parse(r.stdout).by_rules.find((b: { outcome: string }) => b.outcome === 'done');
  // the oldest open invoice is paid with a 2% fine, less than its debt updated by the charges file
  expect(settled.done).toMatch(
    /^invoice \w+ paid \(Bloco .+\): underpaid by R\$ [\d.]+,\d\d against the updated debt on \d\d\/\d\d\/\d{4}, R\$ [\d.]+,\d\d$/,
  );
});

test('against a server without the extension: the installments are created, and what could not be recorded is said (exit 1)', async () => {
  const plain = await sandboxSession({ specOnly: true });
  try {
    const rules = join(plain.condo.configDir, '..', 'convencao.yaml');
    // the convention's own rate and index: no Selic, and months condo ships (a plain server serves no values)
    await writeFile(
      rules,
      'multa: { percentual: 2, fonte: "Convenção, art. 18" }\njuros: { percentual_mes: 1, fonte: "Convenção, art. 18" }\ncorrecao: { indice: INPC, fonte: "Convenção, art. 19" }\n',
    );
    const terms = [
      '--unit',
      'Bloco A - 302',
      '--installments',
      '2',
      '--first-due',
      '11/01/2027',
      '--as-of',
      '15/12/2025',
    ];
    const r = await plain.condo.run([
      '--lang',
      'pt-BR',
      'agreement',
      'apply',
      ...terms,
      '--rules',
      rules,
      '--yes',
    ]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      'o servidor não tem o estado renegociada (um servidor sem a extensão do condo): 2 cota(s) ainda aparecem em atraso lá',
    );
    expect(r.stderr).toContain('2 parcela(s) criada(s)');
  } finally {
    await plain.close();
  }
});
