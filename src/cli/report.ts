import type { CondoError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';
import { exitCodeOf } from './exit-codes.js';
import { paint, printable, writeLine } from './io.js';
import { printJson, wrapMessage } from './output.js';

/**
 * An import answered from the server's idempotency store: said in the JSON (`"replayed": true`) and on stderr even
 * with --quiet, since "nothing changed this time" is the result itself, not narration.
 */
export function printImportResult(deps: Deps, result: object, replayed: boolean, rulesRan = false): void {
  if (deps.format === 'json') printJson(deps, { ...result, replayed });
  // nothing written this time: no "written to …" after "nothing changed"
  if (replayed && !rulesRan) deps.nothingWritten = true;
  if (replayed)
    sayReplayed(
      deps,
      rulesRan
        ? 'this file was imported before: the earlier result was replayed; the rules ran over its lines as they are now'
        : 'this file was imported before: the earlier result was replayed, nothing changed',
    );
}

/**
 * A replay said on stderr, even with --quiet ("nothing changed this time" is the result itself), broken at spaces
 * on a terminal (at 80 columns the Portuguese split "roda/ram").
 */
export function sayReplayed(deps: Deps, text: string | Text): void {
  writeLine(deps.io.stderr, paint(deps.io, 'yellow', wrapMessage(deps.io, deps.t(text))));
}

/** The outcome of a bulk command (mark, unmark, delete, create from a file), one result per record. */

export type RecordResult =
  | { ok: true; data?: unknown; label: string }
  | { ok: false; error: CondoError; label: string };

/** One line per record and a summary; the exit code of the first failure when any failed. */
export function reportBulk(deps: Deps, verb: string, results: RecordResult[]): number {
  const { io } = deps;
  const failed = results.filter((r): r is Extract<RecordResult, { ok: false }> => !r.ok);
  if (deps.format === 'json') {
    printJson(
      deps,
      results.map((r) =>
        r.ok
          ? { id: r.label, ok: true, data: r.data ?? null }
          : {
              id: r.label,
              ok: false,
              error: {
                code: r.error.code ?? null,
                message: r.error.message,
                request_id: r.error.requestId ?? null,
              },
            },
      ),
    );
  } else {
    for (const r of results) {
      if (r.ok)
        writeLine(
          io.stdout,
          deps.format === 'table'
            ? `${paint(io, 'green', '✓')} ${r.label} ${deps.t(`✓ ${verb}`).replace(/^✓ /, '')}`
            : `${r.label}\tok\t${verb}`,
        );
      else {
        // a person reads the server's reason in their language; a script, the server's own words
        const code = r.error.code ? `${r.error.code}: ` : '';
        writeLine(
          io.stdout,
          deps.format === 'table'
            ? `${paint(io, 'red', '✗')} ${r.label} ${printable(`${code}${deps.t(r.error.message)}`)}`
            : `${r.label}\terror\t${printable(`${code}${r.error.message}`)}`,
        );
      }
    }
  }
  deps.info(`${results.length - failed.length} ${verb}, ${failed.length} failed`);
  return failed[0] ? exitCodeOf(failed[0].error) : 0;
}
