import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { yamlTree } from '../../../src/app/yaml-tree.js';
import { ChargesError, compileCharges, fineFor } from '../../../src/domain/charges.js';

/** #69 point 1: the charges file, every clause citing its source, the law's limits checked where they apply. */
const compile = async (text: string) => {
  const { tree, lineOf } = await yamlTree('encargos.yaml', text);
  return compileCharges(tree, lineOf);
};
const refused = async (text: string) => {
  try {
    await compile(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ChargesError);
    return `line ${(e as ChargesError).line}: ${(e as ChargesError).text.pt}`;
  }
  throw new Error('not refused');
};

const SHAPE = `multa:    { percentual: 2, fonte: "Convenção, art. 18" }
juros:    { percentual_mes: 1, contagem: dias/30, base: corrigido, fonte: "Convenção, art. 18" }
correcao: { indice: TJSP, metodo: mes_cheio, deflacao: nunca_reduz, fonte: "Convenção, art. 19" }
`;

describe('the charges file', () => {
  test("the issue's shape: each clause with its source", async () => {
    const r = await compile(SHAPE);
    expect(r.fine).toMatchObject({ percent: { units: 2n, scale: 0 }, source: 'Convenção, art. 18', line: 1 });
    expect(r.interest).toMatchObject({ kind: 'percent', count: 'dias/30', base: 'corrigido', line: 2 });
    expect(r.correction).toMatchObject({
      index: 'TJSP',
      method: 'mes_cheio',
      deflation: 'nunca_reduz',
      line: 3,
    });
    const legal = await compile(SHAPE.replace(/^juros:.*$/m, 'juros: { taxa: legal, fonte: "CC art. 406" }'));
    expect(legal.interest).toEqual({ kind: 'legal', source: 'CC art. 406', line: 2 });
    expect((await compile(SHAPE.replace(/^correcao:.*\n/m, ''))).correction).toBeNull();
  });

  test('a clause without its source, an unknown index or clause, a fine over 20%: one line naming it', async () => {
    expect(await refused(SHAPE.replace(', fonte: "Convenção, art. 19"', ''))).toBe(
      'line 3: correcao: informe a fonte (fonte: a cláusula da convenção ou a ata da assembleia)',
    );
    expect(await refused(SHAPE.replace('indice: TJSP', 'indice: SELIC'))).toBe(
      'line 3: correcao.indice: "SELIC" não é um de IPCA, IGPM, INPC, INCC, TJSP',
    );
    expect(await refused(`${SHAPE}desconto: { percentual: 5 }\n`)).toBe(
      'line 4: cláusula desconhecida "desconto" (conhecidas: multa, juros, correcao, acordo)',
    );
    expect(await refused(SHAPE.replace('percentual: 2,', 'percentual: 25,'))).toBe(
      'line 1: multa.percentual: "25" não é um percentual de 0 a 20',
    );
  });

  test('the 2% cap holds for any quota due from 11/01/2003; before, up to what Lei 4.591/64 allowed', async () => {
    const ten = await compile(SHAPE.replace('percentual: 2,', 'percentual: 10,'));
    expect(fineFor(ten, '2002-12-10')).toEqual({ units: 10n, scale: 0 });
    expect(() => fineFor(ten, '2003-01-11')).toThrow(/art\. 1\.336 §1º; this one is due 2003-01-11/);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2000 }),
        fc.date({
          min: new Date('2003-01-11T12:00:00Z'),
          max: new Date('2030-12-31T12:00:00Z'),
          noInvalidDate: true,
        }),
        async (hundredths, day) => {
          const pct = `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}`;
          const rules = await compile(SHAPE.replace('percentual: 2,', `percentual: "${pct}",`));
          const due = day.toISOString().slice(0, 10);
          if (hundredths > 200) expect(() => fineFor(rules, due)).toThrow(ChargesError);
          else expect(Number(fineFor(rules, due).units)).toBe(Number(rules.fine?.percent.units));
        },
      ),
      { numRuns: 100 },
    );
  });
});
