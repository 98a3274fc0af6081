/**
 * OFX 1.x (SGML), OFX 2.x (XML) and QFX bank and credit-card statements, read as banks really write them.
 * See `parser.ts` for the tolerance rules and `../statement/types.ts` for the normalized model.
 */
import { readAll, streamTransactions } from '../statement/stream.js';
import type {
  ParsedStatementFile,
  ReadOptions,
  StatementInput,
  StatementTransaction,
} from '../statement/types.js';
import { OfxReader } from './parser.js';

export type {
  Issue,
  ParsedStatementFile,
  ReadOptions,
  Statement,
  StatementInput,
  StatementMeta,
  StatementTransaction,
  Transaction,
} from '../statement/types.js';
export { type OfxAmountResult, parseOfxAmount } from './amount.js';
export { type OfxDateResult, parseOfxDate } from './dates.js';
export { OfxParser, OfxReader, type OfxReadResult } from './parser.js';
export { decodeEntities, OfxTokenizer, type TokenHandler } from './tokenizer.js';

/** Parses a whole OFX/QFX file (bytes or a stream of chunks). Never throws on bad data: see `errors`. */
export function parseOfx(input: StatementInput, options: ReadOptions = {}): Promise<ParsedStatementFile> {
  return readAll(new OfxReader(options), input);
}

/** Yields each transaction as soon as it is read; returns the file's metadata, sums and issues at the end. */
export function streamOfxTransactions(
  input: StatementInput,
  options: ReadOptions = {},
): AsyncGenerator<StatementTransaction, ParsedStatementFile> {
  return streamTransactions((o) => new OfxReader(o), input, options);
}
