/**
 * A CNAB 240 file's trailers read against what the reader counted (reader.ts): a lote trailer's records and sum,
 * the file trailer's lotes and records. Each disagreement is a warning at the trailer's line.
 */

import type { Message } from '../../domain/message.js';
import { type Problem, trailerSumProblem } from './checks.js';
import { cents, field, intOrNull } from './fields.js';
import type { OpenBatch } from './file.js';
import { cnabFinding } from './findings.js';
import { FILE_TRAILER, fieldsOf, LOTE_TRAILER } from './layouts.js';

/** Where a trailer's findings go: the reader's warnings, by kind. */
export type TrailerWarn = (line: number, finding: Message, kind: string) => void;

/** A lote's trailer at line `n` read into its lote: its count, its sum, its lote number, each checked. */
export function readLoteTrailer(batch: OpenBatch, n: number, trailer: string, warn: TrailerWarn): void {
  batch.records++;
  batch.trailer_line = n;
  const at = fieldsOf(LOTE_TRAILER, trailer);
  // an account statement's trailer holds its balances first and counts its records at 171-176
  batch.trailer_count = batch.statement ? intOrNull(field(trailer, 171, 176)) : intOrNull(at('records'));
  // a collection lote's trailer counts titles first and sums them at 30-46; some writers put a payment
  // lote's sum at 24-44, three digits wider than FEBRABAN's 24-41
  batch.trailer_amount_cents = batch.statement
    ? null
    : batch.collection
      ? cents(field(trailer, 30, 46))
      : cents(at('amount'));
  batch.wideTrailerAmount = cents(field(trailer, 24, 44));
  const lote = intOrNull(at('lote'));
  if (lote !== batch.number)
    warn(
      n,
      cnabFinding('cnab.lote-trailer-lote', { says: at('lote'), lote: batch.number }),
      'lote-trailer-lote',
    );
  if (batch.trailer_count !== batch.records) {
    warn(
      n,
      cnabFinding('cnab.lote-count', {
        lote: batch.number,
        counts: String(batch.trailer_count ?? `"${field(trailer, 18, 23)}"`),
        records: batch.records,
      }),
      'lote-count',
    );
  }
}

/** The file trailer at line `n` against the lotes closed and the records read before it. */
export function checkFileTrailer(
  n: number,
  rec: string,
  read: { lotes: number; records: number },
  warn: TrailerWarn,
): void {
  const at = fieldsOf(FILE_TRAILER, rec);
  if (at('lote') !== '9999') warn(n, cnabFinding('cnab.trailer-lote', { lote: at('lote') }), 'trailer-lote');
  const lotes = intOrNull(at('lotes'));
  const records = intOrNull(at('records'));
  if (lotes !== read.lotes) {
    warn(
      n,
      cnabFinding('cnab.file-lotes', { counts: String(lotes ?? `"${at('lotes')}"`), lotes: read.lotes }),
      'file-lotes',
    );
  }
  if (records !== read.records) {
    warn(
      n,
      cnabFinding('cnab.file-records', {
        counts: String(records ?? `"${at('records')}"`),
        records: read.records,
      }),
      'file-records',
    );
  }
}

/**
 * Each payment lote's stated sum against its details' (a return's against what the bank accepted), once the
 * file's direction is known: the problems at their trailers' lines.
 */
export function trailerSumProblems(
  closed: readonly OpenBatch[],
  retorno: boolean,
): Array<{ line: number; problem: Problem }> {
  const found: Array<{ line: number; problem: Problem }> = [];
  for (const batch of closed) {
    if (batch.collection || batch.statement || batch.trailer_line === null) continue;
    // Bradesco's DDA trailer leaves its sum at zero; Itaú's sums the boletos
    if (batch.dda && batch.trailer_amount_cents === 0) continue;
    const problem = trailerSumProblem({
      number: batch.number,
      stated: batch.trailer_amount_cents,
      wide: batch.wideTrailerAmount,
      all: batch.total_amount_cents,
      accepted: batch.acceptedAmount,
      retorno,
    });
    if (problem) found.push({ line: batch.trailer_line, problem });
  }
  return found;
}
