import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dueDate, type PlanServer, planBilling } from '../../../src/app/billing-plan.js';
import { budgetPathFor } from '../../../src/app/budget-place.js';
import { UsageError } from '../../../src/domain/errors.js';

/** #67: the month's plan from a budget file, over units as a server lists them. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-plan-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const SLUG = 'residencial-teste';
const server = (fractions: number[]): PlanServer => ({
  units: fractions.map((f, i) => ({ id: i + 1, label: `Apto ${101 + i}`, ideal_fraction: f })),
  chart: [
    { id: 3, code: '1.1.01', type: 'revenue', state: 'active' },
    { id: 4, code: '1.1.02', type: 'revenue', state: 'active' },
    { id: 5, code: '1.1.03', type: 'revenue', state: 'active' },
    { id: 14, code: '2.1.01', type: 'expense', state: 'active' },
    { id: 19, code: '2.2.01', type: 'expense', state: 'active' },
    { id: 23, code: '2.3.01', type: 'expense', state: 'active' },
  ],
});

async function plan(
  budget: string,
  fractions: number[],
  files: Record<string, string> = {},
  month = '2027-01',
  out = dir,
) {
  const budgetPath = join(dir, `orcamento-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(budgetPath, budget);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return planBilling(server(fractions), { month, budgetPath, condominium: SLUG, out });
}

const HEAD = `condominio: ${SLUG}\nvencimento: 10\nconta_bancaria: 1\n`;
const ORDINARY = `componentes:\n  - nome: Ordinárias\n    valor: 1.500,00\n    conta: 1.1.01\n    rateio: fracao\n`;

async function refusal(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UsageError);
  return (e as UsageError).message;
}

describe('billing plan', () => {
  test("Superlógica's R$ 1.500,00 over 2/9 ×4 and 1/9 adds up to R$ 1.500,00 (normalised, said)", async () => {
    const { plan: p } = await plan(`${HEAD}normalizar: sim\n${ORDINARY}`, [0.2, 0.2, 0.2, 0.2, 0.1]);
    expect(p.units.map((u) => u.total_cents)).toEqual([33_334, 33_333, 33_333, 33_333, 16_667]);
    expect(p.total_cents).toBe(150_000);
    expect(p.fractions).toEqual({ source: 'server', sum: '0,9', factor: '1,111111' });
    // 2/9 of it is R$ 333,33 rounded: the cent left over went to the first of them, which is why it differs
    expect(p.components[0]?.cent_more).toEqual(['Apto 101']);
    expect(p.components[0]?.cent_less).toEqual([]);
  });

  test('fractions that do not add to 1 are refused, naming their sum', async () => {
    expect(await refusal(plan(`${HEAD}${ORDINARY}`, [0.2, 0.2, 0.2, 0.2, 0.1]))).toMatch(
      /line 1: the fractions add up to 0,9, not 1 \(normalizar: sim/,
    );
  });

  test('a reserve of 5% of the total, split at its own total; an extra in installments; exempt and grouped units', async () => {
    const budget = `${HEAD}${ORDINARY}  - nome: Fundo de reserva
    percentual: 5
    sobre: Ordinárias
    conta: 1.1.02
    rateio: fracao
  - nome: Elevador
    valor: 100,00
    conta: 1.1.01
    rateio: { grupo: elevador }
grupos:
  elevador: { exceto: [Apto 101] }
isentos:
  - { unidade: Apto 104, fonte: "AGO 15/03/2026, item 4" }
extras:
  - nome: Obra
    valor: 1.000,00
    parcelas: 3
    primeira: 12/2026
    conta: 1.1.03
`;
    const { plan: p, file } = await plan(budget, [0.25, 0.25, 0.25, 0.25]);
    const names = p.components.map((c) => [c.name, c.total_cents]);
    expect(names).toEqual([
      ['Ordinárias', 150_000],
      ['Fundo de reserva', 7_500],
      ['Elevador', 10_000],
      ['Obra (2/3)', 33_333],
    ]);
    // the exempt unit pays nothing; the others share its part
    expect(p.units.find((u) => u.unit === 'Apto 104')?.total_cents).toBe(0);
    for (const c of p.components)
      expect(p.units.reduce((a, u) => a + (u.lines.find((l) => l.component === c.name)?.cents ?? 0), 0)).toBe(
        c.total_cents,
      );
    expect(p.units.find((u) => u.unit === 'Apto 101')?.lines.map((l) => l.component)).not.toContain(
      'Elevador',
    );
    expect(p.exempt).toEqual([{ unit: 'Apto 104', source: 'AGO 15/03/2026, item 4' }]);
    // the same inputs, the same bytes
    const again = await plan(budget, [0.25, 0.25, 0.25, 0.25]);
    expect(again.file).toBe(file);
    expect(await readFile(again.file, 'utf8')).toBe(await readFile(file, 'utf8'));
  });

  test('by readings: the value split by consumption; a negative reading refused at its line', async () => {
    const budget = `${HEAD}componentes:\n  - nome: Água\n    valor: 300,00\n    conta: 1.1.01\n    rateio: { leitura: agua.csv }\n`;
    const { plan: p } = await plan(budget, [0.5, 0.5], {
      'agua.csv': 'unidade,leitura\nApto 101,10\nApto 102,20\n',
    });
    expect(p.units.map((u) => u.total_cents)).toEqual([10_000, 20_000]);
    expect(
      await refusal(plan(budget, [0.5, 0.5], { 'agua.csv': 'unidade,leitura\nApto 101,10\nApto 102,-3\n' })),
    ).toMatch(/agua\.csv: line 3: "-3" is not a reading/);
  });

  test('water at a price per m³: each unit its reading times the price, half up; the readings kept in the plan', async () => {
    const own = await mkdtemp(join(dir, 'agua-'));
    const budget = `${HEAD}componentes:\n  - nome: Água\n    preco: 9,8765\n    conta: 1.1.03\n    rateio: { leitura: agua.csv }\n`;
    const { plan: p } = await plan(
      budget,
      [0.5, 0.5],
      { 'agua.csv': 'unidade,leitura\nApto 101,12,5\nApto 102,0\n'.replace('12,5', '"12,5"') },
      '2027-01',
      own,
    );
    // 12,5 m³ × R$ 9,8765 = R$ 123,45625: R$ 123,46; a unit that used none pays none
    expect(p.units.map((u) => u.total_cents)).toEqual([12_346, 0]);
    expect(p.components[0]?.total_cents).toBe(12_346);
    expect(p.units[0]?.lines).toEqual([{ component: 'Água', cents: 12_346, reading: '12.5' }]);
    // a price without readings, and readings all 0 for a valor, are refused at the component
    expect(
      await refusal(
        plan(
          `${HEAD}componentes:\n  - nome: Água\n    preco: 9,87\n    conta: 1.1.03\n    rateio: fracao\n`,
          [0.5, 0.5],
        ),
      ),
    ).toMatch(/line 6: preco is a price per unit read: give rateio: \{ leitura: FILE\.csv \}/);
    expect(
      await refusal(
        plan(budget.replace('preco: 9,8765', 'valor: 300,00'), [0.5, 0.5], {
          'agua.csv': 'unidade,leitura\nApto 101,0\nApto 102,0\n',
        }),
      ),
    ).toMatch(/line 5: Água: every reading is 0: nothing to split R\$ 300,00 by/);
  });

  test("a reading far from the unit's earlier months is a warning; a quota moved over 10% too", async () => {
    const own = await mkdtemp(join(dir, 'historia-'));
    const budget = `${HEAD}componentes:\n  - nome: Água\n    preco: 10,00\n    conta: 1.1.03\n    rateio: { leitura: agua.csv }\n`;
    const month = async (m: string, a: string, b: string) =>
      (
        await plan(
          budget,
          [0.5, 0.5],
          { 'agua.csv': `unidade,leitura\nApto 101,${a}\nApto 102,${b}\n` },
          m,
          own,
        )
      ).plan;
    expect((await month('2026-11', '10', '8')).warnings).toEqual([]);
    expect((await month('2026-12', '10.5', '8.5')).warnings).toEqual([]);
    // 101 read 47 against 10,25 on average (a leak?); 102's 8,5 is near its 8,25
    const p = await month('2027-01', '47', '8.5');
    expect(p.warnings.map((w) => w.pt)).toEqual([
      'Apto 101: R$ 470,00, +348% desde R$ 105,00 em 12/2026',
      'Apto 101: Água com leitura 47, contra 10,3 em média nos 2 meses anteriores (confira o medidor)',
    ]);
  });

  test('the expense forecast (despesas): valor: despesas bills their sum; without despesas it is refused at its line', async () => {
    const forecast = `${HEAD}despesas:\n  - { nome: Folha, conta: 2.1.01, valor: "9.800,00" }\n  - { nome: Energia, conta: 2.2.01, valor: "2.300,00" }\n`;
    const quota = `componentes:\n  - nome: Despesas ordinárias\n    valor: despesas\n    conta: 1.1.01\n    rateio: fracao\n`;
    const { plan: p } = await plan(`${forecast}${quota}`, [0.5, 0.5]);
    expect(p.total_cents).toBe(1_210_000);
    // an expense line's account is checked as the revenue's: a typo would leave the report's line at zero
    expect(await refusal(plan(`${forecast.replace('2.2.01', '9.9.9')}${quota}`, [0.5, 0.5]))).toMatch(
      /line 6: no chart account has the code or a name containing "9\.9\.9"/,
    );
    expect(await refusal(plan(`${forecast.replace('2.2.01', '1.1.01')}${quota}`, [0.5, 0.5]))).toMatch(
      /line 6: account 1\.1\.01 is not an active expense account/,
    );
    // a key misspelt inside an entry is named at its line, not dropped
    expect(
      await refusal(
        plan(
          `${HEAD}${ORDINARY}extras:\n  - nome: Obra\n    valor: 36.000,00\n    parcela: 12\n    primeira: 01/2027\n`,
          [0.5, 0.5],
        ),
      ),
    ).toMatch(
      /line 12: extras\.0: unknown key "parcela" \(known: nome, valor, parcelas, primeira, conta, rateio\)/,
    );
    expect(await refusal(plan(`${HEAD}${ORDINARY.replace('1.500,00', '-100,00')}`, [0.5, 0.5]))).toMatch(
      /componentes\.0\.valor: a month's value is not negative/,
    );
    expect(await refusal(plan(`${HEAD}${quota}`, [0.5, 0.5]))).toMatch(
      /line 6: componentes\.0\.valor: despesas, but the budget lists no despesas/,
    );
  });

  test('no budget named anywhere and none here: the refusal says where a budget is looked for', async () => {
    const missing = join(dir, 'nenhum', 'orcamento.yaml');
    const from = budgetPathFor({ condominium: SLUG }).from;
    expect(
      await refusal(
        planBilling(server([1]), {
          month: '2027-01',
          budgetPath: missing,
          budgetFrom: from,
          condominium: SLUG,
        }),
      ),
    ).toBe(
      `no budget: give --budget FILE, or condo config set budget FILE (or --firm budgets DIR), or write ${missing} here`,
    );
  });

  test('-O a folder not there yet makes it; a file where the folder should be is refused naming -O', async () => {
    const { file } = await plan(
      `${HEAD}${ORDINARY}`,
      [0.5, 0.5],
      {},
      '2027-01',
      join(dir, 'novos', 'planos'),
    );
    expect(file.startsWith(join(dir, 'novos', 'planos', '2027-01-'))).toBe(true);
    await writeFile(join(dir, 'arquivo'), 'x');
    expect(
      await refusal(plan(`${HEAD}${ORDINARY}`, [0.5, 0.5], {}, '2027-01', join(dir, 'arquivo', 'planos'))),
    ).toMatch(
      /^-O: cannot write .*arquivo\/planos\/2027-01-residencial-teste-[0-9a-f]{8}\.plan\.json \(ENOTDIR\)$/,
    );
  });

  test('refusals name the file and line: an unknown unit, a discount for paying on time, an expense account', async () => {
    expect(
      await refusal(plan(`${HEAD}${ORDINARY}isentos:\n  - { unidade: Zeladoria, fonte: AGO }\n`, [0.5, 0.5])),
    ).toMatch(/line 10: no unit is named "Zeladoria"/);
    expect(await refusal(plan(`${HEAD}desconto_pontualidade: 10\n${ORDINARY}`, [0.5, 0.5]))).toMatch(
      /line 4: desconto_pontualidade: a discount for paying on time cannot be billed.*TJSP Ap\. 0000493-18\.2010\.8\.26\.0554/,
    );
    expect(await refusal(plan(`${HEAD}${ORDINARY.replace('1.1.01', '2.3.01')}`, [0.5, 0.5]))).toMatch(
      /line 5: account 2\.3\.01 is not an active revenue account/,
    );
    expect(await refusal(plan(`${HEAD}${ORDINARY.replace('1.500,00', '1,500')}`, [0.5, 0.5]))).toMatch(
      /line 6: componentes\.0\.valor: "1,500" is not a value in reais/,
    );
    expect(
      await refusal(
        plan(`${HEAD}fracoes: f.csv\n${ORDINARY}`, [0.5, 0.5], { 'f.csv': 'unidade,fracao\nApto 101,0,5\n' }),
      ),
    ).toMatch(/f\.csv: line 1: unit Apto 102 \(2\) has no fraction in this file/);
  });

  test("where the budget is (#68): the flag's, the profile's own, the firm's folder's <slug>.yaml, else orcamento.yaml", () => {
    const at = { condominium: 'edificio-aurora', budgets: '/firma/orcamentos' };
    expect(budgetPathFor({ ...at, given: 'x.yaml', profileBudget: '/p.yaml' })).toEqual({
      path: 'x.yaml',
      from: '--budget',
    });
    expect(budgetPathFor({ ...at, profileBudget: '/p.yaml' })).toEqual({ path: '/p.yaml', from: 'budget' });
    expect(budgetPathFor(at)).toEqual({
      path: join('/firma/orcamentos', 'edificio-aurora.yaml'),
      from: 'budgets',
    });
    expect(budgetPathFor({ condominium: 'edificio-aurora' })).toEqual({
      path: 'orcamento.yaml',
      from: 'orcamento.yaml here',
    });
  });

  test('a due day on a weekend or national holiday moves to the next business day; past the month, its last', () => {
    expect(dueDate('2027-01', 10)).toBe('2027-01-11'); // a Sunday
    expect(dueDate('2026-12', 25)).toBe('2026-12-28'); // Christmas, a Friday
    expect(dueDate('2027-02', 31)).toBe('2027-03-01'); // 28/02/2027 is a Sunday
  });
});
