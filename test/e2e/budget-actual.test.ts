import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pdfText, type Session, sandboxSession } from './harness.js';

/**
 * #68 point 4 through the built program: `report month` sets the profile's budget against the ledger (orçado ×
 * realizado), in its JSON and its PDF; a month without a budget says so.
 */

let s: Session;
let month: string;
beforeAll(async () => {
  // the seeded month's payments, the bills among them (a payroll, the power bill)
  s = await sandboxSession({ bills: true });
  const d = new Date();
  month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}, 60_000);
afterAll(() => s?.close());

test('without a budget the month says so; with one, each expense line against what the ledger booked in its account', async () => {
  const none = await s.condo.json(['report', 'month', month]);
  // the month as billing takes it, --month, is the same report
  expect((await s.condo.json(['report', 'month', '--month', month])).cut_off).toBe(none.cut_off);
  expect(none.budget).toBeNull();
  const bare = join(s.condo.configDir, 'sem.pdf');
  await s.condo.ok(['report', 'month', month, '--pdf', bare]);
  expect(await pdfText(bare)).toContain('Este mês não tem orçamento');

  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  const budget = join(s.condo.configDir, 'orcamento.yaml');
  await writeFile(
    budget,
    `condominio: ${slug}\nvencimento: 10\nconta_bancaria: 1\ndespesas:\n  - { nome: Folha de pagamento, conta: 2.1.01, valor: "9.800,00" }\n  - { nome: Energia elétrica, conta: 2.2.01, valor: "2.300,00" }\ncomponentes:\n  - nome: Despesas ordinárias\n    valor: despesas\n    conta: 1.1.01\n    rateio: fracao\n`,
  );
  await s.condo.ok(['config', 'set', 'budget', budget]);
  const r = await s.condo.json(['report', 'month', month]);
  expect(r.budget.source).toBe(budget);
  // what the ledger booked in each line's account in the month, read apart
  const chart: { id: number; code: string }[] = await s.condo.json(['ledger', 'chart']);
  const entries: { type: string; chart_of_accounts_id: number; amount: number; paid_at: string | null }[] =
    await s.condo.json(['ledger', 'entries', '--from', `${month}-01`, '--all']);
  const booked = (code: string) =>
    Math.round(
      entries
        .filter(
          (e) =>
            e.type === 'expense' &&
            e.paid_at?.startsWith(month) &&
            chart.find((a) => a.id === e.chart_of_accounts_id)?.code === code,
        )
        .reduce((a, e) => a + e.amount * 100, 0),
    );
  expect(r.budget.expenses).toEqual([
    expect.objectContaining({
      name: 'Folha de pagamento',
      forecast_cents: 980_000,
      actual_cents: booked('2.1.01'),
    }),
    expect.objectContaining({
      name: 'Energia elétrica',
      forecast_cents: 230_000,
      actual_cents: booked('2.2.01'),
    }),
  ]);
  expect(booked('2.1.01')).toBeGreaterThan(0);
  expect(r.budget.expenses[0].year_forecast_cents).toBe(980_000 * Number(month.slice(5)));
  expect(r.budget.revenue[0]).toMatchObject({ names: ['Despesas ordinárias'], account_code: '1.1.01' });
  // a script's rows: a line and side each
  const tsv = (await s.condo.run(['report', 'month', month, '-o', 'tsv'])).stdout;
  expect(tsv).toContain('budgeted\tFolha de pagamento\t2.1.01\t\t9800.00');
  expect(tsv).toContain(`actual\tFolha de pagamento\t2.1.01\t\t${(booked('2.1.01') / 100).toFixed(2)}`);
  const pdf = join(s.condo.configDir, 'com.pdf');
  await s.condo.ok(['report', 'month', month, '--pdf', pdf]);
  const text = await pdfText(pdf);
  expect(text).toContain('Orçado × realizado');
  expect(text).toMatch(
    /Folha de pagamento \(2\.1\.01\) R\$ 9\.800,00 R\$ [\d.]+,\d\d -?R\$ [\d.]+,\d\d [+-]?[\d,]+%/,
  );
});
