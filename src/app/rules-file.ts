/**
 * A reconciliation rules file (#35): YAML read with `yaml`, every scalar as its text (the failsafe schema: an
 * amount's decimals are parsed from what was written, never through a float) and each value's line kept, so a bad
 * rule is refused naming its line. domain/statement-rules.ts checks and compiles what this reads.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../domain/errors.js';
import { compileRules, type Rule, RulesError } from '../domain/statement-rules.js';

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
  const { LineCounter, isMap, isSeq, isScalar, isPair, parseDocument } = await import('./yaml.js');
  const counter = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter: counter, uniqueKeys: true });
  const refuse = (line: number, message: string) =>
    new UsageError({
      en: `${path}: line ${line}: ${message}`,
      pt: `${path}: linha ${line}: ${message}`,
    });
  const problem = doc.errors[0];
  if (problem)
    throw refuse(
      counter.linePos(problem.pos[0]).line,
      (problem.message.split('\n')[0] ?? '').replace(/:$/, ''),
    );
  // each value's line by its path (`rules.0.match.amount`); a key's own line where its value has none
  const lines = new Map<string, number>();
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : counter.linePos(offset).line);
  const walk = (node: unknown, path: string, fallback: number): unknown => {
    const line = (node as { range?: [number] } | null)?.range
      ? lineAt((node as { range: [number] }).range[0])
      : fallback;
    lines.set(path, line);
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const keyLine = lineAt((item.key as { range?: [number] } | null)?.range?.[0]);
        const at = path ? `${path}.${key}` : key;
        out[key] = walk(item.value, at, keyLine);
        // a field's line is its key's: where a person looks for it
        lines.set(at, keyLine);
      }
      return out;
    }
    if (isSeq(node)) return node.items.map((item, i) => walk(item, `${path}.${i}`, line));
    if (isScalar(node)) return node.value === null ? undefined : String(node.value);
    return undefined;
  };
  const tree = walk(doc.contents, '', 1);
  try {
    return {
      path,
      rules: compileRules(tree ?? {}, (p) => lines.get(p) ?? lines.get(p.replace(/\.[^.]+$/, '')) ?? 1),
    };
  } catch (e) {
    if (e instanceof RulesError) throw refuse(e.line, e.message);
    throw e;
  }
}
