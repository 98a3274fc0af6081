import fc from 'fast-check';
import { describe, expect, onTestFinished, test } from 'vitest';
import { importedTables, shippedTables, tablesOver } from '../../../src/app/index-tables.js';
import { yamlTree } from '../../../src/app/yaml-tree.js';
import { compileCharges } from '../../../src/domain/charges.js';
import { interestOver, seriesRead, updateDebt } from '../../../src/domain/debt.js';
import {
  decimalOf,
  emptyProvenance,
  factorBetween,
  type IndexSeries,
  type IndexTables,
  ONE,
  roundHalfEven,
  taxaLegal,
} from '../../../src/domain/index-series.js';

/** #69: a late quota updated to a day, step by step. */
const rules = async (text: string) => {
  const { tree, lineOf } = await yamlTree('encargos.yaml', text);
  return compileCharges(tree, lineOf);
};
const CONVENTION = `multa:    { percentual: 2, fonte: "Convenção, art. 18" }
juros:    { percentual_mes: 1, contagem: dias/30, base: corrigido, fonte: "Convenção, art. 18" }
correcao: { indice: INPC, metodo: mes_cheio, deflacao: nunca_reduz, fonte: "Convenção, art. 19" }
`;
/** A series of monthly changes, as a test writes them ("0,42"). */
const series = (
  code: string,
  values: Record<string, string>,
  kind: IndexSeries['kind'] = 'rates',
): IndexSeries => ({
  code,
  kind,
  months: new Map(
    Object.entries(values).map(([m, v]) => [
      m,
      { value: decimalOf(v) as never, source: `teste ${code}`, madeUp: false },
    ]),
  ),
});
const tables = (...list: IndexSeries[]): IndexTables => new Map(list.map((s) => [s.code, s]));
const NONE: IndexTables = new Map();

describe('a late quota updated', () => {
  test("Condomínio21's example: 1% a month over 103 days is 3,4333% (research/receivables.md), not truncated to 3,43%", async () => {
    const r = await rules(CONVENTION.replace(/^correcao:.*\n/m, ''));
    // R$ 1.000,00 due 01/03/2026, 103 days to 12/06/2026: interest R$ 34,33 (3,4333%), fine 2% R$ 20,00; no index
    // named and no month to correct after the law: the IPCA's months 03/2026..05/2026 are asked of the tables
    const ipca = series('IPCA', { '2026-03': '0', '2026-04': '0', '2026-05': '0' });
    const d = updateDebt(100_000, '2026-03-01', '2026-06-12', r, tables(ipca));
    expect(d.days).toBe(103);
    expect([d.correction_cents, d.interest_cents, d.fine_cents, d.total_cents]).toEqual([
      0, 3_433, 2_000, 105_433,
    ]);
    expect(d.lines.map((l) => l.step)).toEqual(['principal', 'correction', 'interest', 'fine', 'total']);
  });

  test("the tabela prática's method over monthly changes: the months from the due one to the one before the calculation's, multiplied", async () => {
    const s = series('INPC', { '2026-01': '0,42', '2026-02': '0,51' });
    const { factor, months } = factorBetween(s, '2026-01', '2026-03', emptyProvenance());
    expect(months).toEqual(['2026-01', '2026-02']);
    expect(factor).toBe(1_009_321_420_000_000n); // 1,0042 × 1,0051 = 1,00932142
    const d = updateDebt(85_000, '2026-01-10', '2026-03-15', await rules(CONVENTION), tables(s));
    expect(d.correction_cents).toBe(792); // R$ 850,00 × 0,00932142 = R$ 7,923…
    // interest on the corrected value, 64 days at 1% a month; fine 2% of the corrected
    expect(d.interest_cents).toBe(Math.round((85_792 * 0.01 * 64) / 30));
    expect(d.fine_cents).toBe(Math.round(85_792 * 0.02));
    expect(d.index_sources).toEqual(['teste INPC']);
  });

  test("a factor table (the TJSP's): divide by the due month's factor, multiply by the calculation month's, rounding only the result", async () => {
    // TJSP tabela prática, 03/2022 86,229189 and 03/2023 90,946481 (test/fixtures/indexes): R$ 1.000,00 × 1,054706…
    const tjsp = series('TJSP', { '2022-03': '86,229189', '2023-03': '90,946481' }, 'factors');
    const r = await rules(CONVENTION.replace('indice: INPC', 'indice: TJSP'));
    const d = updateDebt(100_000, '2022-03-10', '2023-03-10', r, tables(tjsp));
    expect(d.factor).toBe('1.054706440530247'); // 90,946481 / 86,229189 = 1,05470644053024782… (Python's decimal), cut at 15
    expect(d.correction_cents).toBe(5_471);
  });

  test('a month the table lacks refuses the calculation, naming it', async () => {
    const r = await rules(CONVENTION);
    expect(() =>
      updateDebt(85_000, '2026-01-10', '2026-04-15', r, tables(series('INPC', { '2026-01': '0,4' }))),
    ).toThrow(/INPC has no value for 02\/2026/);
    expect(() => updateDebt(85_000, '2026-01-10', '2026-04-15', r, NONE)).toThrow(
      /no INPC table at hand: import the official one \(condo indexes import FILE --index INPC\)/,
    );
  });

  test('pro rata die: the due and the calculation months by the days gone, the months between whole (TJRS Provimento 14/2022 art. 508 reads so; the TJSP does not)', async () => {
    const r = await rules(CONVENTION.replace('metodo: mes_cheio', 'metodo: pro_rata'));
    const s = tables(series('INPC', { '2026-01': '0,42', '2026-02': '0,51', '2026-03': '0,3' }));
    const d = updateDebt(85_000, '2026-01-10', '2026-03-15', r, s);
    // worked apart: F(15/03) / F(10/01) = 1,0042 × 1,0051 × 1,003^(14/31) ÷ 1,0042^(9/31)
    const oracle = (1.0042 * 1.0051 * 1.003 ** (14 / 31)) / 1.0042 ** (9 / 31);
    expect(Number(d.factor)).toBeCloseTo(oracle, 13);
    expect(d.correction_cents).toBe(Math.round(85_000 * oracle) - 85_000);
    expect(d.lines[1]?.detail).toMatch(
      /^INPC, pro rata die de 10\/01\/2026 a 15\/03\/2026 \(01\/2026 a 03\/2026\)/,
    );
    // from a 1st to a 1st it is the whole months' product; a day on the 1st needs nothing of its month
    const whole = updateDebt(85_000, '2026-01-01', '2026-03-01', r, s);
    expect(whole.factor).toBe('1.009321420000000');
    // the calculation's month must be in a table past its 1st
    const short = tables(series('INPC', { '2026-01': '0,42', '2026-02': '0,51' }));
    expect(() => updateDebt(85_000, '2026-01-10', '2026-03-15', r, short)).toThrow(
      /INPC has no value for 03\/2026/,
    );
    expect(updateDebt(85_000, '2026-01-10', '2026-03-01', r, short).correction_cents).toBeGreaterThan(0);
  });

  test('deflation: nunca_reduz floors the factor at 1, aplica lowers the debt', async () => {
    const s = tables(series('INPC', { '2026-01': '-0,5' }));
    const floor = updateDebt(100_000, '2026-01-05', '2026-02-05', await rules(CONVENTION), s);
    expect(floor.correction_cents).toBe(0);
    const applied = await rules(CONVENTION.replace('nunca_reduz', 'aplica'));
    expect(updateDebt(100_000, '2026-01-05', '2026-02-05', applied, s).correction_cents).toBe(-500);
  });

  test.each(['mes_cheio', 'pro_rata'])(
    'under a non-negative index a later day never lowers the debt (%s)',
    async (method) => {
      const r = await rules(CONVENTION.replace('metodo: mes_cheio', `metodo: ${method}`));
      const months = Array.from(
        { length: 38 },
        (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
      );
      await fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 38, maxLength: 38 }),
          fc.integer({ min: 1, max: 5_000_000 }),
          fc.integer({ min: 0, max: 500 }),
          fc.integer({ min: 0, max: 400 }),
          (rates, cents, start, more) => {
            const s = tables(
              series(
                'INPC',
                Object.fromEntries(months.map((m, i) => [m, `0,${String(rates[i]).padStart(3, '0')}`])),
              ),
            );
            const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
            const due = day(0);
            const a = updateDebt(cents, due, day(start), r, s);
            const b = updateDebt(cents, due, day(start + more), r, s);
            expect(b.total_cents).toBeGreaterThanOrEqual(a.total_cents);
            expect(a.total_cents).toBe(
              a.principal_cents + a.correction_cents + a.interest_cents + a.fine_cents,
            );
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});

/** A Selic and an IPCA-15 for every month from 2024-01 to 2026-12, from arrays a property draws. */
const months36 = Array.from(
  { length: 36 },
  (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);
const legalTables = (selic: number[], ipca15: number[]) =>
  tables(
    series(
      'SELIC',
      Object.fromEntries(months36.map((m, i) => [m, `0,${String(selic[i]).padStart(2, '0')}`])),
    ),
    series(
      'IPCA15',
      Object.fromEntries(
        months36.map((m, i) => [
          m,
          `${(ipca15[i] as number) < 0 ? '-' : ''}0,${String(Math.abs(ipca15[i] as number)).padStart(2, '0')}`,
        ]),
      ),
    ),
  );

describe('a silent convention: the law of each day (Lei 14.905/2024)', () => {
  const SILENT = 'multa: { percentual: 2, fonte: "Convenção, art. 18" }\n';

  test('the taxa legal of a month: (1 + Selic) / (1 + IPCA-15) of the month before, less 1, six decimals half to even; a negative month is zero (Res. CMN 5.171/2024 arts. 2 and 4)', () => {
    const t = tables(
      series('SELIC', { '2024-08': '0,87', '2024-09': '0,84' }),
      series('IPCA15', { '2024-08': '0,19', '2024-09': '1,2' }),
    );
    // 1,0087 / 1,0019 − 1 = 0,006787104…: 0,006787 as a fraction, 0,6787% a month
    expect(taxaLegal(t, '2024-09', emptyProvenance())).toEqual({
      percent: { units: 6_787n, scale: 4 },
      computed: true,
    });
    // 1,0084 / 1,012 − 1 < 0: counts as zero
    expect(taxaLegal(t, '2024-10', emptyProvenance()).percent.units).toBe(0n);
    // NBR 5891: a trailing 5 rounds to the even digit
    expect([
      roundHalfEven(25n, 10n),
      roundHalfEven(35n, 10n),
      roundHalfEven(-25n, 10n),
      roundHalfEven(26n, 10n),
    ]).toEqual([2n, 4n, -2n, 3n]);
    // the BCB's own figure, where a table of it is at hand, wins over the computed one
    const published = new Map([...t, ['TAXA_LEGAL', series('TAXA_LEGAL', { '2024-09': '0,7' })]]);
    expect(taxaLegal(published, '2024-09', emptyProvenance())).toEqual({
      percent: { units: 7n, scale: 1 },
      computed: false,
    });
  });

  test('without the Selic the taxa legal is refused, naming the month and the import', () => {
    const r = tables(series('IPCA15', { '2024-08': '0,19' }));
    expect(() => taxaLegal(r, '2024-09', emptyProvenance())).toThrow(
      /the taxa legal of 09\/2024 needs the Selic and the IPCA-15 of 08\/2024: import the BCB's series \(condo indexes import FILE --index SELIC\)/,
    );
  });

  test('a quota due before 30/08/2024: 1% a month to 29/08/2024, then the taxa legal; INPC to 08/2024, IPCA after', async () => {
    const r = await rules(SILENT);
    const t = new Map([
      ...legalTables(Array(36).fill(87), Array(36).fill(30)),
      ['INPC', series('INPC', { '2024-07': '0,26', '2024-08': '-0,14' })],
      ['IPCA', series('IPCA', { '2024-09': '0,44' })],
    ]);
    const d = updateDebt(100_000, '2024-07-10', '2024-10-10', r, t);
    const interest = d.lines.filter((l) => l.step === 'interest');
    expect(interest).toHaveLength(2);
    expect(interest[0]?.detail).toMatch(
      /^1% ao mês, 51 dias \(dias\/30\) até 29\/08\/2024 \(CC art\. 1\.336 §1º, texto anterior\)/,
    );
    expect(interest[1]?.detail).toMatch(
      /^taxa legal \(Selic ÷ IPCA-15 do mês anterior, Res\. CMN 5\.171\/2024\), juros simples, 41 dias desde 30\/08\/2024/,
    );
    // 1,0026 × 0,9986 × 1,0044: the deflation of 08/2024 applied (no clause to floor it)
    expect(d.factor).toBe('1.005601623984000');
    expect(d.lines[1]?.detail).toMatch(/INPC 07\/2024 0,26%; 08\/2024 -0,14% × IPCA 09\/2024 0,44%,/);
  });

  test('a calculation reads only the tables seriesRead names: the same debt over those alone as over all', async () => {
    const silent = await rules(SILENT);
    expect(seriesRead(silent)).toEqual(['INPC', 'IPCA', 'TAXA_LEGAL', 'SELIC', 'IPCA15']);
    expect(seriesRead(await rules(CONVENTION))).toEqual(['INPC']);
    const all = new Map([
      ...legalTables(Array(36).fill(87), Array(36).fill(30)),
      ['INPC', series('INPC', { '2024-07': '0,26', '2024-08': '-0,14' })],
      ['IPCA', series('IPCA', { '2024-09': '0,44' })],
      ['IGPM', series('IGPM', { '2024-07': '9,99', '2024-08': '9,99', '2024-09': '9,99' })],
      ['TJSP', series('TJSP', { '2024-07': '9,99', '2024-08': '9,99', '2024-09': '9,99' })],
    ]);
    const only = new Map([...all].filter(([code]) => seriesRead(silent).includes(code)));
    expect(only.size).toBeLessThan(all.size);
    expect(updateDebt(100_000, '2024-07-10', '2024-10-10', silent, only)).toEqual(
      updateDebt(100_000, '2024-07-10', '2024-10-10', silent, all),
    );
  });

  test('a period split at 30/08/2024 adds up to its parts', async () => {
    const r = await rules(SILENT);
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
    await fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 36, maxLength: 36 }),
        fc.array(fc.integer({ min: -50, max: 99 }), { minLength: 36, maxLength: 36 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 241 }),
        fc.integer({ min: 0, max: 700 }),
        (selic, ipca15, cents, before, after) => {
          const t = legalTables(selic, ipca15);
          // from `before` days into 2024 (up to 29/08) to `after` days past the law's first day
          const [from, to] = [day(before), day(242 + after)];
          const whole = interestOver(cents, from, to, r, t);
          const left = interestOver(cents, from, '2024-08-30', r, t);
          const right = interestOver(cents, '2024-08-30', to, r, t);
          const sum = (ps: { cents: number }[]) => ps.reduce((s, p) => s + p.cents, 0);
          expect(sum(whole)).toBe(sum(left) + sum(right));
          expect(whole.length).toBe(left.length + right.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});

test('a kept table cut short is refused naming its file, with the way out', async () => {
  const { mkdtemp, mkdir, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'condo-tables-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'indexes'));
  await writeFile(join(dir, 'indexes', 'TJSP.json'), '{"code": "TJSP", "kind": "fac');
  await expect(importedTables(dir)).rejects.toThrow(
    `${join(dir, 'indexes', 'TJSP.json')}: not a table condo kept (cut short or edited?): import the official file again (condo indexes import FILE)`,
  );
});

describe('the shipped snapshot against its publisher', () => {
  // IBGE's press releases give each year's IPCA and INPC; the snapshot's months must multiply to them (2 decimals)
  const year = (code: string, y: number) => {
    const s = shippedTables().get(code) as IndexSeries;
    const { factor } = factorBetween(s, `${y}-01`, `${y + 1}-01`, emptyProvenance());
    return Math.round(Number(factor - ONE) / 1e11) / 100; // percent at two decimals
  };
  // the monthly changes are published at two decimals, so their product may differ from the year's figure (worked
  // out by IBGE from the index numbers) by a hundredth of a point: 2022's months give 5,78
  test.each([
    ['IPCA', 2022, 5.79],
    ['IPCA', 2023, 4.62],
    ['IPCA', 2024, 4.83],
    ['INPC', 2022, 5.93],
    ['INPC', 2023, 3.71],
    ['INPC', 2024, 4.77],
    // and 2025's, as research/receivables.md gathered them
    ['IPCA', 2025, 4.26],
    ['INPC', 2025, 3.9],
  ])("%s of %i multiplies to IBGE's %s%%", (code, y, published) => {
    expect(Math.abs(year(code, y) - published)).toBeLessThanOrEqual(0.01 + 1e-9);
  });

  test("the TJSP's factors follow the INPC: each month's factor over the one before is 1 + the INPC of the month before (01/2000–03/2023)", async () => {
    const { readFile } = await import('node:fs/promises');
    const { readIndexTable } = await import('../../../src/app/index-tables.js');
    const file = 'test/fixtures/indexes/tjsp-tabela-debitos-judiciais-2023-03.csv';
    const table = readIndexTable(file, await readFile(file, 'utf8'), undefined);
    const inpc = shippedTables().get('INPC') as IndexSeries;
    let checked = 0;
    for (const [month, text] of table.months) {
      if (month < '2000-02') continue;
      const [y, m] = month.split('-').map(Number) as [number, number];
      const before = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
      const ratio =
        Number(text.replace(',', '.')) / Number((table.months.get(before) as string).replace(',', '.'));
      const change = inpc.months.get(before)?.value as { units: bigint; scale: number };
      // the court publishes six decimals: the ratio agrees to within what that rounding allows
      expect(Math.abs(ratio - (1 + Number(change.units) / 10 ** change.scale / 100))).toBeLessThan(2e-6);
      checked++;
    }
    expect(checked).toBe(278);
    // laid over the shipped tables, an imported TJSP table is one of factors
    expect(
      tablesOver(new Map([['TJSP', { code: 'TJSP', kind: 'factors', months: new Map() }]])).get('TJSP')?.kind,
    ).toBe('factors');
  });
});
