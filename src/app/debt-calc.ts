/**
 * One amount updated to a day (#69 point 3, `condo debt calc`), offline: the charges file's rules over the index
 * tables at hand (imported, then shipped: app/index-tables.ts), every line of the calculation. What a support person
 * answers a resident on the phone with.
 */
import { readFile } from 'node:fs/promises';
import { type ChargeRules, ChargesError, compileCharges } from '../domain/charges.js';
import { type Debt, updateDebt } from '../domain/debt.js';
import { UsageError } from '../domain/errors.js';
import type { IndexTables } from '../domain/index-series.js';
import type { Text } from '../domain/text.js';
import { lineRefusal, yamlTree } from './yaml-tree.js';

export interface DebtAsked {
  cents: number;
  due: string;
  asOf: string;
  rulesPath: string;
}

/** The charges file read and compiled, its text kept (the memória cites its hash), or a refusal naming its line. */
export async function readCharges(
  path: string,
  flag = '--rules',
): Promise<{ rules: ChargeRules; text: string }> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `${flag}: ${path} ${e.code === 'ENOENT' ? 'does not exist (condo sandbox encargos -O encargos.yaml writes an example)' : `cannot be read (${e.code})`}`,
      pt: `${flag}: ${path} ${e.code === 'ENOENT' ? 'não existe (condo sandbox encargos -O encargos.yaml grava um exemplo)' : `não pôde ser lido (${e.code})`}`,
    });
  });
  const { tree, lineOf } = await yamlTree(path, text);
  return { rules: chargesRefusal(path, () => compileCharges(tree, lineOf)), text };
}

/** `work()`, a ChargesError turned into a refusal: at its line of `path`, or (a month the tables lack) alone. */
export function chargesRefusal<T>(path: string, work: () => T, prefix?: Text): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof ChargesError)) throw e;
    const text = prefix ? { en: `${prefix.en}: ${e.text.en}`, pt: `${prefix.pt}: ${e.text.pt}` } : e.text;
    throw e.line > 0 ? lineRefusal(path, e.line, text) : new UsageError(text);
  }
}

/** The debt, with the rules file it was worked out by. */
export async function calcDebt(asked: DebtAsked, tables: IndexTables): Promise<Debt & { rules: string }> {
  const { rules } = await readCharges(asked.rulesPath);
  const debt = chargesRefusal(asked.rulesPath, () =>
    updateDebt(asked.cents, asked.due, asked.asOf, rules, tables),
  );
  return { ...debt, rules: asked.rulesPath };
}
