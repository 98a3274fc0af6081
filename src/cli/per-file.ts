import { CondoError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { errorWords } from './api-errors.js';
import type { Deps } from './context.js';
import { exitCodeOf, outcomeOf } from './exit-codes.js';
import { errorTail } from './i18n.js';
import { paint, writeLine } from './io.js';
import { printJson } from './output.js';

/**
 * A verb over many files (a folder of returns or statements): each in turn, one result each, and a file that
 * fails gets one error line naming it (and, with --json, one JSON line) while the others still go through. The
 * exit code is the worst one. One file alone fails as any verb does.
 */
export async function eachFile(
  deps: Deps,
  paths: readonly string[],
  one: (path: string, label: FileLabel) => Promise<number>,
  /** each file's result is a report of its own (cnab inspect, lint): a blank line between two on a screen */
  reports = false,
): Promise<number> {
  if (paths.length === 1) return one(paths[0] as string, {});
  let worst = 0;
  for (const [i, path] of paths.entries()) {
    if (reports && deps.format === 'table' && i > 0) writeLine(deps.io.stdout);
    try {
      worst = Math.max(worst, await one(path, { file: path }));
    } catch (error) {
      if (!(error instanceof CondoError)) throw error;
      const said = errorWords(deps.t, error);
      const message = error.message.includes(path) ? said : `${path}: ${said}`;
      writeLine(
        deps.io.stderr,
        paint(
          deps.io,
          'red',
          `${deps.t({ en: 'error:', pt: 'erro:' })} ${message}${errorTail(deps.t, error)}`,
        ),
      );
      const code = exitCodeOf(error);
      if (deps.format === 'json')
        printJson(deps, {
          file: path,
          error: { code: error.code ?? null, message: error.message },
          exit_code: code,
          outcome: outcomeOf(code),
        });
      worst = Math.max(worst, code);
    }
  }
  return worst;
}

/** Whose a result is, when a run takes many files (and, over a firm's profiles, which condominium took it). */
export interface FileLabel {
  file?: string;
  condominium?: string;
}

/** `extrato.ofx → edificio-aurora: ` before a result line, or nothing for a run of one file. */
export function fileLead(result: object): string {
  const r = result as { file?: unknown; condominium?: unknown };
  const to = typeof r.condominium === 'string' ? `→ ${r.condominium}` : '';
  if (typeof r.file !== 'string') return to ? `${to}: ` : '';
  return `${r.file}${to ? ` ${to}` : ''}: `;
}

/** The same as tsv lines ahead of a result's counts. */
export function printLabelTsv(deps: Deps, result: object): void {
  const r = result as { file?: unknown; condominium?: unknown };
  if (typeof r.file === 'string') writeLine(deps.io.stdout, `file\t${r.file}`);
  if (typeof r.condominium === 'string') writeLine(deps.io.stdout, `condominium\t${r.condominium}`);
}

/** Nothing matched and --allow-empty said that is fine: one line on stderr, exit 0. */
export function nothingToImport(
  deps: Deps,
  patterns: readonly string[],
  doing: Text = { en: 'import', pt: 'importar' },
): number {
  deps.nothingWritten = true;
  const named = patterns.map((p) => `"${p}"`).join(', ');
  deps.info({
    en: `no files match ${named}: nothing to ${doing.en}`,
    pt: `nenhum arquivo corresponde a ${named}: nada a ${doing.pt}`,
  });
  // --json promises one object a run (condo help cron): a quiet night leaves its line in the log too
  if (deps.format === 'json') printJson(deps, { files: [], nothing_matched: patterns });
  return 0;
}
