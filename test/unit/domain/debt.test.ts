import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { yamlTree } from '../../../src/app/yaml-tree.js';
import { parseDecimal } from '../../../src/domain/apportion.js';
import { compileCharges } from '../../../src/domain/charges.js';
import { correctionFactor, type IndexSeries, updateDebt } from '../../../src/domain/debt.js';

/** #69: a late quota updated to a day, step by step. */
const rules = async (text: string) => {
  const { tree, lineOf } = await yamlTree('encargos.yaml', text);
  return compileCharges(tree, lineOf);
};
const CONVENTION = `multa:    { percentual: 2, fonte: "Convenção, art. 18" }
juros:    { percentual_mes: 1, contagem: dias/30, base: corrigido, fonte: "Convenção, art. 18" }
correcao: { indice: INPC, metodo: mes_cheio, deflacao: nunca_reduz, fonte: "Convenção, art. 19" }
`;
const series = (rates: Record<string, string>): IndexSeries => ({
  code: 'INPC',
  source: 'teste',
  rates: new Map(Object.entries(rates).map(([m, r]) => [m, parseDecimal(r) as never])),
});

describe('a late quota updated', () => {
  test("Condomínio21's example: 1% a month over 103 days is 3,4333% (research/receivables.md), not truncated to 3,43%", async () => {
    const r = await rules(CONVENTION.replace(/^correcao:.*\n/m, ''));
    // R$ 1.000,00 due 01/03/2026, 103 days to 12/06/2026: interest R$ 34,33 (3,4333%), fine 2% R$ 20,00
    const d = updateDebt(100_000, '2026-03-01', '2026-06-12', r, undefined);
    expect(d.days).toBe(103);
    expect([d.correction_cents, d.interest_cents, d.fine_cents, d.total_cents]).toEqual([
      0, 3_433, 2_000, 105_433,
    ]);
    expect(d.lines.map((l) => l.step)).toEqual(['principal', 'correction', 'interest', 'fine', 'total']);
  });

  test("the tabela prática's method: divide by the due month's factor, multiply by the calculation month's (the months between, multiplied)", async () => {
    // factors F(2026-01) = 1, F(2026-02) = 1,0042, F(2026-03) = 1,0042 × 1,0051: a quota of January corrected in March
    const s = series({ '2026-01': '0,42', '2026-02': '0,51' });
    const { factor, months } = correctionFactor(s, '2026-01-10', '2026-03-15');
    expect(months).toEqual(['2026-01', '2026-02']);
    expect(factor).toBe(1_009_321_420_000_000n); // 1,0042 × 1,0051 = 1,00932142
    const d = updateDebt(85_000, '2026-01-10', '2026-03-15', await rules(CONVENTION), s);
    expect(d.correction_cents).toBe(792); // R$ 850,00 × 0,00932142 = R$ 7,923…
    // interest on the corrected value, 64 days at 1% a month; fine 2% of the corrected
    expect(d.interest_cents).toBe(Math.round((85_792 * 0.01 * 64) / 30));
    expect(d.fine_cents).toBe(Math.round(85_792 * 0.02));
  });

  test('a month the table lacks refuses the calculation, naming it', async () => {
    const r = await rules(CONVENTION);
    expect(() => updateDebt(85_000, '2026-01-10', '2026-04-15', r, series({ '2026-01': '0,4' }))).toThrow(
      /INPC não tem valor para|INPC has no value for 02\/2026/,
    );
  });

  test('pro rata correction, not built yet, is refused rather than taken for whole months', async () => {
    const r = await rules(CONVENTION.replace('metodo: mes_cheio', 'metodo: pro_rata'));
    expect(() =>
      updateDebt(85_000, '2026-01-10', '2026-03-15', r, series({ '2026-01': '0,4', '2026-02': '0,4' })),
    ).toThrow(/pro_rata is not built yet/);
  });

  test('under a non-negative index a later day never lowers the debt', async () => {
    const r = await rules(CONVENTION);
    const months = Array.from(
      { length: 36 },
      (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    await fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 36, maxLength: 36 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 400 }),
        (rates, cents, start, more) => {
          const s = series(
            Object.fromEntries(months.map((m, i) => [m, `0,${String(rates[i]).padStart(3, '0')}`])),
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
  });
});
