import type { ListOptions, ListResult } from '../client/index.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';
import { progressBar, ROWS } from './files.js';
import { intFlag } from './flags.js';
import { paint, writeLine } from './io.js';
import { type Column, delimitedRows, jsonArrayRows, printList } from './output.js';

/** `--all` and `--limit N`, on every list verb. */
export interface PagingFlags {
  all?: boolean;
  limit?: string;
}

/**
 * Lists are never silently partial (docs/guide/conventions.md, "Machine output"): a pipe gets every row, page by page, unless
 * `--limit N`; a terminal gets the first page and a line on stderr saying how much more there is.
 */
export async function fetchList<T>(
  deps: Deps,
  flags: PagingFlags,
  fetch: (options: ListOptions) => Promise<ListResult<T>>,
): Promise<{ rows: T[]; note: string | undefined }> {
  const limit = limitOf(flags);
  const rows = await fetch({ all: everyPage(deps, flags, limit), ...(limit !== undefined ? { limit } : {}) });
  return { rows: [...rows], note: whatIsLeftNote(deps, rows, rows.length, limit) };
}

/**
 * A list verb's rows, fetched and printed. Where every page is wanted (a pipe, `--all`, `--limit`) and a script
 * reads them (tsv, csv, or JSON into a pipe), the rows are written as each page arrives and never held, so a read
 * of 200,000 payables takes a page's memory; a terminal watching the pipe sees how far it got on stderr. JSON is
 * the same one line an array printed at once would be, written a page at a time (a read that fails half-way
 * leaves it unclosed, so no parser mistakes it for the whole list). A table needs every row for its widths.
 */
export async function showList<T>(
  deps: Deps,
  flags: PagingFlags,
  columns: Column<T>[],
  fetch: (options: ListOptions) => Promise<ListResult<T>>,
): Promise<void> {
  const limit = limitOf(flags);
  const scripted =
    deps.format === 'tsv' || deps.format === 'csv' || (deps.format === 'json' && !deps.io.stdout.isTTY);
  if (!scripted || !everyPage(deps, flags, limit) || deps.collect) {
    const { rows, note } = await fetchList(deps, flags, fetch);
    await printList(deps, rows, columns, note);
    return;
  }
  const rows = deps.format === 'json' ? jsonArrayRows(deps) : delimitedRows(deps, columns);
  // how far it got, for a person watching a pipe fill (rows on their terminal say it themselves)
  const quiet = Boolean(deps.globals.quiet) || Boolean(deps.io.stdout.isTTY);
  const progress = progressBar(deps.io, deps.t({ en: 'rows', pt: 'linhas' }), undefined, quiet, ROWS);
  let read = 0;
  let pages = 0;
  const result = await fetch({
    all: true,
    ...(limit !== undefined ? { limit } : {}),
    eachPage: (items, so) => {
      for (const row of items) rows.write(row as T);
      read = so.items;
      // from the second page on: a read of one page (`$(condo batches list --limit 1 | cut -f1)`) ends before a
      // bar would say anything
      if (++pages > 1) progress.update(so.items, so.total);
    },
  });
  rows.end();
  if (pages > 1) progress.done();
  sayWhatIsLeft(deps, result, read, limit);
}

/** `--limit N`, checked: 1 to 1,000,000. */
export const limitOf = (flags: PagingFlags) =>
  flags.limit !== undefined ? intFlag('--limit', flags.limit, 1, 1_000_000) : undefined;

const everyPage = (deps: Deps, flags: PagingFlags, limit: number | undefined) =>
  Boolean(flags.all) || !deps.io.stdout.isTTY || limit !== undefined;

/**
 * What a list cut short says after its rows, for stderr (or the pager's text): by `--limit` (narration, which
 * --quiet silences), or by default (said always); undefined when nothing is left out.
 */
function whatIsLeftNote(
  deps: Deps,
  result: { hasMore: boolean; meta: Record<string, unknown> | undefined },
  shownCount: number,
  limit: number | undefined,
): string | undefined {
  if (!result.hasMore) return undefined;
  const total = typeof result.meta?.total === 'number' ? result.meta.total : undefined;
  const line = deps.t(whatIsLeft(shownCount, total, limit));
  if (limit !== undefined) return deps.globals.quiet ? undefined : line;
  return paint(deps.io, 'yellow', line);
}

/** The same note, said at once (a list written as its pages arrive has no end to hold it for). */
function sayWhatIsLeft(
  deps: Deps,
  result: { hasMore: boolean; meta: Record<string, unknown> | undefined },
  shownCount: number,
  limit: number | undefined,
): void {
  const note = whatIsLeftNote(deps, result, shownCount, limit);
  if (note) writeLine(deps.io.stderr, note);
}

/** "Showing 25 of 49: --all for every row", or "… (--limit 25)" where the person cut it. */
export function whatIsLeft(shownCount: number, total: number | undefined, limit: number | undefined): Text {
  const shown =
    total === undefined
      ? { en: `Showing the first ${shownCount}`, pt: `Mostrando as primeiras ${shownCount}` }
      : { en: `Showing ${shownCount} of ${total}`, pt: `Mostrando ${shownCount} de ${total}` };
  return limit !== undefined
    ? { en: `${shown.en} (--limit ${limit})`, pt: `${shown.pt} (--limit ${limit})` }
    : { en: `${shown.en}: --all for every row`, pt: `${shown.pt}: --all para todas as linhas` };
}
