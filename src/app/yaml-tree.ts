/**
 * A YAML file a person writes (reconciliation rules, a budget) read as a tree of texts: the failsafe schema, so an
 * amount's decimals are parsed from what was written, never through a float; each value's line kept by its path
 * (`rules.0.match.amount`, a field's line its key's), so a bad value is refused naming its line.
 */
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';

export type LineOf = (path: string) => number;

export interface YamlTree {
  tree: unknown;
  lineOf: LineOf;
}

/** `path: line N: message`, in both languages, as a file's refusal reads. */
export function lineRefusal(path: string, line: number, message: string | Text): UsageError {
  const said = typeof message === 'string' ? { en: message, pt: message } : message;
  return new UsageError({
    en: `${path}: line ${line}: ${said.en}`,
    pt: `${path}: linha ${line}: ${said.pt}`,
  });
}

/** The tree of `text` (read from `path`), or a usage error naming the line YAML could not read. */
export async function yamlTree(path: string, text: string): Promise<YamlTree> {
  const { LineCounter, isMap, isSeq, isScalar, isPair, parseDocument } = await import('./yaml.js');
  const counter = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter: counter, uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem) {
    // YAML's own words are English: a person reads what is wrong in theirs, the parser's after it
    const said = (problem.message.split('\n')[0] ?? '').replace(/:$/, '');
    const what: Record<string, { en: string; pt: string }> = {
      DUPLICATE_KEY: { en: 'a key written twice', pt: 'uma chave escrita duas vezes' },
      MISSING_CHAR: { en: 'a quote or bracket not closed', pt: 'aspas ou colchetes sem fechar' },
      BAD_INDENT: { en: 'the indentation', pt: 'a indentação' },
    };
    const kind = what[problem.code] ?? { en: 'not YAML here', pt: 'não é YAML aqui' };
    throw lineRefusal(path, counter.linePos(problem.pos[0]).line, {
      en: `${kind.en} (YAML: ${said})`,
      pt: `${kind.pt} (YAML: ${said})`,
    });
  }
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
  // a path's line, else its parent's: a value missing is looked for where its record is
  const lineOf: LineOf = (p) => {
    for (let at = p; ; at = at.replace(/\.?[^.]+$/, '')) {
      const line = lines.get(at);
      if (line !== undefined) return line;
      if (!at) return 1;
    }
  };
  return { tree, lineOf };
}
