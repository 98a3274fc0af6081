/**
 * A return file whose structure is broken is applied not at all (#50 point 5): a payment return cut by 30
 * characters in one segment A line was applied in part (paid 4, the cut payment unchanged), exit 0, the batch left
 * half-returned. Structure is what says whether each record is whole and where it belongs; what a record says (an
 * amount, a lote's sum) is not:
 * - a record's width, once trailing blanks a writer stripped are put back: data past position 240, or a payment
 *   detail that ends before its occurrence codes (`short-codes`, reader.ts);
 * - the counts the trailers carry: the lote's records (G057), the file's lotes and records (G049, G056);
 * - records that cannot be placed: a detail outside a lote, a lote without its trailer, a record after the file
 *   trailer, a header twice, a line that is no record.
 * A lote's sum that differs from its details (G058) is not structure: on a return it is a warning, since banks
 * such as Santander count rejected items in it.
 */
import type { CnabProblem } from './file.js';

/** The reader's kinds of problem that say a record cannot be placed in the file's structure. */
// biome-ignore format: a list
export const STRUCTURE_KINDS: ReadonlySet<string> = new Set(['record-type', 'not-record', 'orphan-detail',
  'orphan-lote-trailer', 'after-trailer', 'header-twice', 'no-lote-trailer', 'no-file-trailer', 'no-file-header',
  'header-not-first', 'no-records', 'header-lote', 'trailer-lote', 'lote-trailer-lote', 'detail-lote',
  'bank-differs', 'lote']);

const BROKEN_WIDTH = new Set(['long-data', 'short-codes']);
const BROKEN_COUNTS = new Set(['lote-count', 'file-lotes', 'file-records']);

/** Whether a problem the reader found breaks a return's structure (then nothing of the file is applied). */
export function breaksReturnStructure(problem: Pick<CnabProblem, 'kind'>): boolean {
  return (
    STRUCTURE_KINDS.has(problem.kind) || BROKEN_WIDTH.has(problem.kind) || BROKEN_COUNTS.has(problem.kind)
  );
}
