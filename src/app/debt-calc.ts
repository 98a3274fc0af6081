/**
 * One amount updated to a day (#69 point 3, `condo debt calc`), offline: the charges file's rules over the index
 * table condo ships (IPCA and INPC, domain/index-snapshot.ts), every line of the calculation. What a support person
 * answers a resident on the phone with.
 */
import { readFile } from 'node:fs/promises';
import { ChargesError, compileCharges } from '../domain/charges.js';
import { type Debt, parseSeries, updateDebt } from '../domain/debt.js';
import { UsageError } from '../domain/errors.js';
import { INPC_SNAPSHOT, IPCA_SNAPSHOT, SNAPSHOT_SOURCE } from '../domain/index-snapshot.js';
import { lineRefusal, yamlTree } from './yaml-tree.js';

export interface DebtAsked {
  cents: number;
  due: string;
  asOf: string;
  rulesPath: string;
}

/** The debt, with where its rules and its index came from. */
export async function calcDebt(
  asked: DebtAsked,
): Promise<Debt & { rules: string; index_source: string | null }> {
  const text = await readFile(asked.rulesPath, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--rules: ${asked.rulesPath} ${e.code === 'ENOENT' ? 'does not exist (condo sandbox encargos is not built yet: write encargos.yaml)' : `cannot be read (${e.code})`}`,
      pt: `--rules: ${asked.rulesPath} ${e.code === 'ENOENT' ? 'não existe (escreva o encargos.yaml)' : `não pôde ser lido (${e.code})`}`,
    });
  });
  const { tree, lineOf } = await yamlTree(asked.rulesPath, text);
  try {
    const rules = compileCharges(tree, lineOf);
    const index = rules.correction?.index;
    const snapshot = index === 'IPCA' ? IPCA_SNAPSHOT : index === 'INPC' ? INPC_SNAPSHOT : undefined;
    if (index && !snapshot)
      throw new ChargesError(rules.correction?.line ?? 1, {
        en: `correcao.indice: condo ships IPCA and INPC; ${index}'s table is not shipped yet (indexes import is not built)`,
        pt: `correcao.indice: o condo traz IPCA e INPC; a tabela do ${index} ainda não vem (indexes import não foi construído)`,
      });
    const series = snapshot && index ? parseSeries(snapshot, index, SNAPSHOT_SOURCE) : undefined;
    const debt = updateDebt(asked.cents, asked.due, asked.asOf, rules, series);
    return { ...debt, rules: asked.rulesPath, index_source: series ? SNAPSHOT_SOURCE : null };
  } catch (e) {
    // a refusal of the rules names its line; one of the index (a month it lacks) names the month alone
    if (e instanceof ChargesError)
      throw e.line > 0 ? lineRefusal(asked.rulesPath, e.line, e.text) : new UsageError(e.text);
    throw e;
  }
}
