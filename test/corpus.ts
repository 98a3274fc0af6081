import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real bank files, kept in the repository as test fixtures (test/fixtures/corpus) so that a clone passes its
 * tests with nothing beside it. Each folder has a MANIFEST.tsv naming every file's source repository, path,
 * commit and licence; a row comes back keyed by the manifest's own column names.
 */
export const CORPUS_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/corpus');

export function corpusDir(kind: 'cnab240' | 'statements' | 'dda'): string {
  return resolve(CORPUS_ROOT, kind);
}

export function manifest(kind: 'cnab240' | 'statements' | 'dda'): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(resolve(corpusDir(kind), 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n');
  const columns = header.split('\t');
  return lines.map((line) => {
    const fields = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, fields[i] ?? '']));
  });
}
