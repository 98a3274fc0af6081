/**
 * A reconciliation rules file (#35): YAML read as a tree of texts with each value's line (yaml-tree.ts), so a bad
 * rule is refused naming its line. domain/statement-rules.ts checks and compiles what this reads.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../domain/errors.js';
import { compileRules, type Rule, RulesError } from '../domain/statement-rules.js';
import { lineRefusal, yamlTree } from './yaml-tree.js';

export interface RulesFile {
  path: string;
  rules: Rule[];
}

/** The rules of `path`; a file that cannot be read, is not YAML, or has a bad rule, is a usage error with its line. */
export async function loadRules(path: string): Promise<RulesFile> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--rules: cannot read ${path} (${e.code ?? e.message})`,
      pt: `--rules: não foi possível ler ${path} (${e.code ?? e.message})`,
    });
  });
  const { tree, lineOf } = await yamlTree(path, text);
  try {
    return { path, rules: compileRules(tree ?? {}, lineOf) };
  } catch (e) {
    if (e instanceof RulesError) throw lineRefusal(path, e.line, e.message);
    throw e;
  }
}
