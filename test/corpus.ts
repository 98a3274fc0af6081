import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus lives beside the repository (<repo>/../shared/corpus) and is read by path, never copied.
 * Each folder has a MANIFEST.tsv; a row comes back keyed by the manifest's own column names.
 */
export const CORPUS_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/corpus');

export function corpusDir(kind: 'cnab240' | 'statements'): string {
  return resolve(CORPUS_ROOT, kind);
}

export function manifest(kind: 'cnab240' | 'statements'): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(resolve(corpusDir(kind), 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n');
  const columns = header.split('\t');
  return lines.map((line) => {
    const fields = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, fields[i] ?? '']));
  });
}
