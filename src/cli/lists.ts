import type { ListOptions, ListResult } from '../client/index.js';
import type { Deps } from './context.js';
import { intFlag } from './flags.js';
import { paint, writeLine } from './io.js';

/** `--all` and `--limit N`, on every list verb. */
export interface PagingFlags {
  all?: boolean;
  limit?: string;
}

/**
 * Lists are never silently partial (README "Machine output"): a pipe gets every row, page by page, unless
 * `--limit N`; a terminal gets the first page and a line on stderr saying how much more there is.
 */
export async function fetchList<T>(
  deps: Deps,
  flags: PagingFlags,
  fetch: (options: ListOptions) => Promise<ListResult<T>>,
): Promise<T[]> {
  const limit = flags.limit !== undefined ? intFlag('--limit', flags.limit, 1, 1_000_000) : undefined;
  const everyPage = Boolean(flags.all) || !deps.io.stdout.isTTY || limit !== undefined;
  const rows = await fetch({ all: everyPage, ...(limit !== undefined ? { limit } : {}) });
  if (rows.hasMore) {
    const total = typeof rows.meta?.total === 'number' ? rows.meta.total : undefined;
    const shown =
      total === undefined ? `Showing the first ${rows.length}` : `Showing ${rows.length} of ${total}`;
    const line = limit !== undefined ? `${shown} (--limit ${limit})` : `${shown}: --all for every row`;
    // Asked-for (--limit) is narration that --quiet silences; a default cut-off is said even then.
    if (limit !== undefined) deps.info(line);
    else writeLine(deps.io.stderr, paint(deps.io, 'yellow', line));
  }
  return [...rows];
}
