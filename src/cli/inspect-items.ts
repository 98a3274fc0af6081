/**
 * What `cnab inspect` makes of a file's items as they are read: counted, the bank's outcomes and a collection's
 * titles tallied, and listed (a script's rows as they come, or a table's first ones). A big file's second half is
 * listed the same way on a worker thread (inspect-half.ts), its rows into a file of their own sent after the
 * first half's (#73).
 */

import type { HalfJob, SecondHalf } from '../app/cnab-halves.js';
import { type CollectionSummary, CollectionTally } from '../formats/cnab240/collection.js';
import type { ReaderPart } from '../formats/cnab240/halves.js';
import type { CnabItem } from '../formats/cnab240/index.js';
import { columnsFor, columnsKindOf, type ItemColumns } from './cnab-columns.js';
import type { ReturnTally } from './cnab-summary.js';
import { english } from './i18n.js';
import { delimitedRows } from './output.js';

/** A table is for a person's eyes: a file's first 500 items, the rest in tsv, csv or JSON. */
export const TABLE_ITEMS = 500;

export interface ItemRows {
  write(item: CnabItem): void;
  end(): unknown;
}

/**
 * A script's rows of a file's items, tsv or csv, in the columns its first item calls for; `continues`: a second
 * half's, which go on the first's (no header row).
 */
export const delimitedItems =
  (out: Parameters<typeof delimitedRows>[0], continues = false) =>
  (first: CnabItem | undefined): ItemRows =>
    delimitedRows(out, columnsFor(first, english), { continues });

export class InspectItems {
  count = 0;
  // what the bank said of each payment, counted as the file is read: a return's summary says it (#66)
  readonly outcomes: ReturnTally = { paid: 0, scheduled: 0, rejected: 0 };
  // a collection return is told by movement (#71): its titles counted and summed as they are read
  readonly titles = new CollectionTally();
  readonly shown: CnabItem[] = [];
  /** the columns the first item called for; undefined before one */
  columns: ItemColumns | undefined;
  private rows: ItemRows | undefined;

  /** `rowsFor`: the rows a listing writes, for the columns its first item calls for; none for a table. */
  constructor(private readonly rowsFor: ((first: CnabItem | undefined) => ItemRows) | undefined) {}

  readonly add = (item: CnabItem): void => {
    this.count++;
    if (item.status) this.outcomes[item.status]++;
    if (item.movement_kind !== undefined) this.titles.add(item);
    this.columns ??= columnsKindOf(item);
    if (!this.rowsFor) {
      if (this.shown.length < TABLE_ITEMS) this.shown.push(item);
      return;
    }
    this.rows ??= this.rowsFor(item);
    this.rows.write(item);
  };

  /** The rows written out; a file of no items still gets its header row (csv, tsv --header). */
  end(): void {
    (this.rows ?? this.rowsFor?.(undefined))?.end();
  }

  /** What a second half's listing sends back, plain data. */
  sent(): SecondHalfItems {
    return {
      count: this.count,
      outcomes: this.outcomes,
      titles: this.titles.result(),
      columns: this.columns ?? null,
    };
  }

  /** The second half's items counted and tallied with these (its rows are in its own file). */
  absorb(second: SecondHalfItems): void {
    this.count += second.count;
    for (const status of ['paid', 'scheduled', 'rejected'] as const)
      this.outcomes[status] += second.outcomes[status];
    this.titles.absorb(second.titles);
  }

  /** Whether a second half's rows go on these: the same columns (a half with no items goes on any). */
  fits(second: SecondHalfItems): boolean {
    return second.columns === null || second.columns === this.columns;
  }
}

export interface SecondHalfItems {
  count: number;
  outcomes: ReturnTally;
  titles: CollectionSummary;
  columns: ItemColumns | null;
}

/** How the second half's rows are written, as the first half's are: tsv or csv, --excel, the language. */
export interface HalfListing {
  format: 'tsv' | 'csv';
  excel: boolean;
  header: boolean;
  lang: 'en' | 'pt-BR';
  /** the file its rows go to, made (and removed) by the first half's side */
  rowsPath: string;
}

/** What the worker is given and what it sends back (inspect-half.ts). */
export type HalfWork = { job: HalfJob; listing: HalfListing };
export type HalfSent = { part: ReaderPart; result: SecondHalfItems };

/** Starts a worker thread listing a file's second half (dist/cli/inspect-half.js beside this build's main). */
export function startInspectHalf(work: HalfWork): SecondHalf<SecondHalfItems> {
  let stopped = false;
  let worker: import('node:worker_threads').Worker | undefined;
  const done = (async () => {
    const { Worker } = await import('node:worker_threads');
    if (stopped) throw new Error("inspect's worker stopped before it started");
    // a chunk of dist/chunks, or dist/cli/main.js: either way the worker's module is dist/cli's
    const started = new Worker(new URL('../cli/inspect-half.js', import.meta.url), { workerData: work });
    worker = started;
    return await new Promise<HalfSent>((resolve, reject) => {
      started.once('message', resolve);
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`inspect's worker ended (${code}) before its half`)));
    });
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      void worker?.terminate();
    },
  };
}
