import type { CondoError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { errorWords, withFields } from './api-errors.js';
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
        ? {
            en: 'this file was imported before: the earlier result was replayed; the rules ran over its lines as they are now',
            pt: 'este arquivo já foi importado: os números abaixo são os daquela importação; as regras rodaram sobre as linhas dele como estão agora',
          }
        : {
            en: 'this file was imported before: the earlier result was replayed, nothing changed',
            pt: 'este arquivo já foi importado: os números abaixo são os daquela importação; nada mudou agora',
          },
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
  /** done; `already`: the record was already as asked (a re-run after Ctrl-C marking what it had marked) */
  | { ok: true; data?: unknown; label: string; already?: boolean }
  /** `unknown`: in flight when the run was stopped and cut off: whether it was done is checked by the next run */
  | { ok: false; error: CondoError; label: string; unknown?: boolean };

/** A bulk verb's past participle, in English and in Portuguese for a payable ("conta", feminine). */
const BULK_WORDS: Readonly<Record<string, Text>> = {
  marked: { en: 'marked', pt: 'marcada' },
  unmarked: { en: 'unmarked', pt: 'desmarcada' },
  deleted: { en: 'deleted', pt: 'excluída' },
  created: { en: 'created', pt: 'criada' },
  issued: { en: 'issued', pt: 'emitida' },
};
const ptCount = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const wordOf = (verb: string): Text => BULK_WORDS[verb] ?? { en: verb, pt: verb };

/** One line per record and a summary; the exit code of the first failure when any failed. */
export function reportBulk(deps: Deps, verb: string, results: RecordResult[]): number {
  const { io } = deps;
  const failed = results.filter((r): r is Extract<RecordResult, { ok: false }> => !r.ok && !r.unknown);
  const unknown = results.filter((r) => !r.ok && r.unknown).length;
  const already = results.filter((r) => r.ok && r.already).length;
  const done = results.filter((r) => r.ok && !r.already).length;
  const word = wordOf(verb);
  // a create replayed by its key was made by an earlier run (#66): "already there", not "already created"
  const there = verb === 'created';
  const alreadyWord = there
    ? { en: 'already there', pt: 'já existia' }
    : { en: `already ${word.en}`, pt: `já estava ${word.pt}` };
  if (deps.format === 'json') {
    printJson(
      deps,
      results.map((r) =>
        r.ok
          ? { id: r.label, ok: true, ...(r.already ? { already: true } : {}), data: r.data ?? null }
          : {
              id: r.label,
              ok: false,
              ...(r.unknown ? { unknown: true } : {}),
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
      if (r.ok) {
        const what = r.already ? alreadyWord : word;
        writeLine(
          io.stdout,
          deps.format === 'table'
            ? `${paint(io, 'green', '✓')} ${r.label} ${deps.t(what)}`
            : `${r.label}\tok\t${what.en}`,
        );
      } else if (r.unknown)
        writeLine(
          io.stdout,
          deps.format === 'table'
            ? `${paint(io, 'yellow', '?')} ${r.label} ${deps.t(UNKNOWN)}`
            : `${r.label}\tunknown\t${UNKNOWN.en}`,
        );
      else {
        // a person reads the server's reason in their language; a script, the server's own words
        const code = r.error.code ? `${r.error.code}: ` : '';
        writeLine(
          io.stdout,
          deps.format === 'table'
            ? // broken at spaces on a terminal: a refusal's fields make it longer than a line
              wrapMessage(
                io,
                `${paint(io, 'red', '✗')} ${r.label} ${printable(`${code}${errorWords(deps.t, r.error)}`)}`,
                io.stdout,
              )
            : `${r.label}\terror\t${printable(`${code}${withFields(r.error.message, r.error.fields, false)}`)}`,
        );
      }
    }
  }
  const f = failed.length;
  deps.info({
    en: [
      `${done} ${word.en}, ${f} failed`,
      ...(already
        ? [
            there
              ? `${already} already there`
              : `${already} ${already === 1 ? 'was' : 'were'} already ${word.en}`,
          ]
        : []),
      ...(unknown ? [`${unknown} unknown (in flight when stopped: the next run checks them)`] : []),
    ].join('; '),
    pt: [
      `${ptCount(done, word.pt)}, ${f} com falha`,
      ...(already
        ? [
            there
              ? `${already} já ${already === 1 ? 'existia' : 'existiam'}`
              : `${already} já ${already === 1 ? 'estava' : 'estavam'} ${ptCount(already, word.pt).replace(/^\d+ /, '')}`,
          ]
        : []),
      ...(unknown ? [`${unknown} sem resposta (em andamento quando parou: a próxima execução confere)`] : []),
    ].join('; '),
  });
  return failed[0] ? exitCodeOf(failed[0].error) : 0;
}

const UNKNOWN: Text = {
  en: 'unknown: in flight when stopped; the next run checks it',
  pt: 'sem resposta: em andamento quando parou; a próxima execução confere',
};

/**
 * After a bulk run was stopped (Ctrl-C) or the server stayed down: how far it got and how to finish, in the
 * person's language. The same command again resumes: what was done is replayed or found done, the rest is sent.
 */
export function sayResume(deps: Deps, verb: string, done: number, total: number): void {
  const word = wordOf(verb);
  writeLine(
    deps.io.stderr,
    paint(
      deps.io,
      'yellow',
      deps.t({
        en: `${done} of ${total} ${word.en}; run the same command again to finish`,
        pt: `${done} de ${total} ${word.pt}s; rode o mesmo comando de novo para terminar`,
      }),
    ),
  );
}
