import { chunksOf } from './decode.js';
import type { ParsedStatementFile, ReadOptions, StatementInput, StatementTransaction } from './types.js';

/** A format reader fed with raw chunks. */
export interface ChunkReader {
  push(chunk: Uint8Array): void;
  finish(): ParsedStatementFile;
}

/** Feeds a whole input to a reader and returns its result. */
export async function readAll(reader: ChunkReader, input: StatementInput): Promise<ParsedStatementFile> {
  for await (const chunk of chunksOf(input)) reader.push(chunk);
  return reader.finish();
}

/**
 * Yields transactions as the reader completes them, without retaining them (unless `keepTransactions` is true);
 * the generator's return value is the parsed file (statement metadata, counts, sums, warnings, errors).
 */
export async function* streamTransactions(
  makeReader: (options: ReadOptions) => ChunkReader,
  input: StatementInput,
  options: ReadOptions = {},
): AsyncGenerator<StatementTransaction, ParsedStatementFile> {
  let queue: StatementTransaction[] = [];
  const reader = makeReader({
    keepTransactions: options.keepTransactions ?? false,
    onTransaction: (transaction, statementIndex) => {
      queue.push({ transaction, statementIndex });
      options.onTransaction?.(transaction, statementIndex);
    },
  });
  const drain = function* () {
    const items = queue;
    queue = [];
    yield* items;
  };
  for await (const chunk of chunksOf(input)) {
    reader.push(chunk);
    yield* drain();
  }
  const result = reader.finish();
  yield* drain();
  return result;
}
