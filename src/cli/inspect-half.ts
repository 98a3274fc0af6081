/**
 * The worker thread of `cnab inspect` on a big file (#73, inspect-items.ts): the file's second half read from where
 * the first half's side cut it, its rows written as the first half's are into the file it was given, and its part
 * and tallies sent back. Run by `new Worker`, never imported.
 */

import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readSecondHalf } from '../app/cnab-halves.js';
import { syncWritable } from './files.js';
import { english, loadTranslator } from './i18n.js';
import { delimitedItems, type HalfSent, type HalfWork, InspectItems } from './inspect-items.js';

const { job, listing } = workerData as HalfWork;
const fd = openSync(listing.rowsPath, 'w');
try {
  const t = listing.excel ? await loadTranslator(listing.lang) : english;
  const out = {
    io: { stdout: syncWritable(() => fd) },
    format: listing.format,
    excel: listing.excel,
    header: listing.header,
    t,
  };
  const items = new InspectItems(delimitedItems(out, true));
  const part = await readSecondHalf(job, items.add);
  items.end();
  parentPort?.postMessage({ part, result: items.sent() } satisfies HalfSent);
} finally {
  closeSync(fd);
}
