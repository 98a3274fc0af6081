/**
 * CSV bank statements: Nubank (account and card), Banco do Brasil (balance rows skipped), `;`-separated exports
 * with `1.234,56`, and any layout through a column mapping. See `parser.ts`.
 */
import { readAll } from '../statement/stream.js';
import type { StatementInput } from '../statement/types.js';
import { CsvReader, type CsvReaderOptions, type CsvReadResult } from './parser.js';

/** The de-duplication id of a CSV row without an id column (alias of `statementTransactionHash`). */
export { statementTransactionHash, statementTransactionHash as csvTransactionId } from '../statement/hash.js';
export type { CsvOptions, ParsedStatementFile, Transaction } from '../statement/types.js';
export {
  detectLayout,
  isBalanceLabel,
  type Layout,
  type LayoutName,
  mapLayout,
  normalizeHeader,
  type Role,
} from './layouts.js';
export { CsvReader, type CsvReaderOptions, type CsvReadResult } from './parser.js';
export { type CsvRecord, CsvRecordSplitter, sniffDelimiter } from './records.js';
export {
  type CsvAmountResult,
  type DateOrder,
  guessDateOrder,
  orderOfFormat,
  parseCsvAmount,
  parseCsvDate,
} from './values.js';

/** Parses a whole CSV statement (bytes or a stream of chunks). Never throws on bad data: see `errors`. */
export async function parseCsvStatement(
  input: StatementInput,
  options: CsvReaderOptions = {},
): Promise<CsvReadResult> {
  return (await readAll(new CsvReader(options), input)) as CsvReadResult;
}
