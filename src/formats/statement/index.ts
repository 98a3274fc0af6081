import { Buffer } from 'node:buffer';
/**
 * Bank statements, whatever the file: format sniffing and one entry point over the OFX/QFX and CSV readers.
 *
 *   const parsed = await parseStatement(bytesOrChunks, { csvColumns, dateFormat });
 *   const summary = summarizeStatement(parsed);          // the dry-run JSON
 *
 *   // bounded memory, e.g. for a 100 MB file:
 *   const it = streamStatementTransactions(chunks);
 *   for (let r = await it.next(); !r.done; r = await it.next()) use(r.value.transaction);
 */
import { isCnabStatement } from '../cnab240/sniff.js';
import { peekInput, withHead } from './decode.js';
import { type ChunkReader, readAll, streamTransactions } from './stream.js';
import type {
  ParsedStatementFile,
  ParseStatementOptions,
  ReadOptions,
  StatementFormat,
  StatementInput,
  StatementTransaction,
} from './types.js';

export { SniffingDecoder } from './decode.js';
export { statementTransactionHash } from './hash.js';
export { balanceText, StatementLines } from './lines.js';
export { digitsToCents, formatCents } from './money.js';
export {
  type LineCounts,
  lineCounts,
  type StatementSummary,
  type StatementSummaryEntry,
  summarizeStatement,
} from './summary.js';
export * from './types.js';

const SNIFF_BYTES = 4096;

/**
 * `cnab240` for a CNAB 240 account statement (its lote header says operation E, service 04), `ofx` when the bytes
 * start like an OFX/QFX file (header, XML declaration or tags), else `csv`.
 */
export function sniffStatementFormat(head: Uint8Array): StatementFormat {
  let text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES)).toString(
    'latin1',
  );
  text = text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart();
  if (isCnabStatement(text)) return 'cnab240';
  if (/^(OFXHEADER\s*:|<\?xml|<\?OFX|<OFX\b)/i.test(text)) return 'ofx';
  if (
    /<OFX>|<\/?(SIGNONMSGSRSV1|BANKMSGSRSV1|CREDITCARDMSGSRSV1|STMTTRNRS|STMTRS|CCSTMTRS|STMTTRN)>/i.test(
      text,
    )
  ) {
    return 'ofx';
  }
  return /^<[A-Za-z][\w.]*>/m.test(text) ? 'ofx' : 'csv';
}

type MakeReader = (options: ParseStatementOptions & ReadOptions) => ChunkReader;

/** The format's reader, its module loaded when first asked for (#73: an OFX's dry run loads no CSV reader). */
async function readerOf(format: StatementFormat): Promise<MakeReader> {
  if (format === 'cnab240') {
    const { CnabStatementReader } = await import('../cnab240/statement.js');
    return (options) => new CnabStatementReader(options);
  }
  if (format === 'ofx') {
    const { OfxReader } = await import('../ofx/parser.js');
    return (options) => new OfxReader(options);
  }
  const { CsvReader } = await import('../statement-csv/parser.js');
  return (options) => new CsvReader(options);
}

async function resolveFormat(
  input: StatementInput,
  format: StatementFormat | undefined,
): Promise<{ format: StatementFormat; input: StatementInput }> {
  if (format) return { format, input };
  const { head, rest } = await peekInput(input, SNIFF_BYTES);
  return { format: sniffStatementFormat(head), input: withHead(head, rest) };
}

/**
 * Reads an OFX/QFX or CSV statement from bytes or a stream of chunks, sniffing the format unless given.
 * Never throws on bad data: malformations are `errors` (with line numbers), tolerated deviations `warnings`.
 */
export async function parseStatement(
  input: StatementInput,
  options: ParseStatementOptions = {},
): Promise<ParsedStatementFile> {
  const resolved = await resolveFormat(input, options.format);
  const reader = await readerOf(resolved.format);
  return readAll(reader(options), resolved.input);
}

/**
 * The streaming form: yields each transaction as soon as it is complete and does not retain them; the return
 * value (`done: true`) is the parsed file with statement metadata, counts, sums, warnings and errors.
 */
export async function* streamStatementTransactions(
  input: StatementInput,
  options: ParseStatementOptions = {},
): AsyncGenerator<StatementTransaction, ParsedStatementFile> {
  const resolved = await resolveFormat(input, options.format);
  const reader = await readerOf(resolved.format);
  return yield* streamTransactions((o) => reader({ ...options, ...o }), resolved.input, options);
}
