/** What the API answers of statement imports (responses.ts publishes them with the rest): what an import found, kept and left. */
import { Type } from '@sinclair/typebox';
import { STATEMENT_FORMATS } from './ledger.js';
import { closedRecord, DateOnly, Enum, Issue, Nullable, Timestamp, Ulid } from './schema-parts.js';

/**
 * A statement import as it was recorded: what ran, when, and what it found. Every transaction of the file is counted
 * in one place: imported + duplicates + balance_lines + scheduled = transactions (#35; the last two extensions).
 */
export const StatementImportRecord = Type.Object(
  {
    statement_id: Ulid,
    bank_account_id: Type.Integer(),
    format: Enum(STATEMENT_FORMATS),
    file_name: Nullable(Type.String()),
    file_sha256: Type.String(),
    bank_id: Nullable(Type.String()),
    account_id: Nullable(Type.String()),
    forced: Type.Boolean(),
    period: Type.Object({ start: Nullable(DateOnly), end: Nullable(DateOnly) }, closedRecord),
    transactions: Type.Integer(),
    imported: Type.Integer(),
    duplicates: Type.Integer(),
    balance_lines: Type.Integer({ description: "the bank's balances written as lines: not movements" }),
    scheduled: Type.Integer({
      description: "dated after the statement's end or today: not imported until done",
    }),
    reconciled: Type.Integer(),
    unmatched: Type.Integer(),
    imported_at: Timestamp,
  },
  closedRecord,
);

const UnmatchedMovements = {
  unmatched_transactions: Type.Array(
    Type.Object(
      {
        movement_id: Type.String(),
        line: Type.Integer(),
        date: DateOnly,
        amount_cents: Type.Integer({ description: 'centavos, credits positive' }),
        memo: Nullable(Type.String()),
        name: Nullable(Type.String()),
        fitid: Nullable(Type.String()),
        document_number: Nullable(Type.String()),
      },
      closedRecord,
    ),
  ),
  unmatched_truncated: Type.Boolean(),
};

/** The lines of a file that are not movements: its balances and its scheduled entries (#35). */
const OtherLines = {
  balances: Type.Array(
    Type.Object(
      {
        line: Type.Integer(),
        date: Nullable(DateOnly),
        amount_cents: Nullable(Type.Integer({ description: 'centavos; null when the bank wrote none' })),
        memo: Type.String(),
      },
      closedRecord,
    ),
  ),
  scheduled_transactions: Type.Array(
    Type.Object(
      {
        line: Type.Integer(),
        date: DateOnly,
        amount_cents: Type.Integer({ description: 'centavos, credits positive' }),
        memo: Nullable(Type.String()),
        name: Nullable(Type.String()),
        fitid: Nullable(Type.String()),
      },
      closedRecord,
    ),
  ),
};

/** An import's answer: the record, and the movements still unmatched and what the reader said. */
export const StatementImport = Type.Composite([
  StatementImportRecord,
  Type.Object({
    already_reconciled: Type.Integer(),
    ...UnmatchedMovements,
    ...OtherLines,
    warnings: Type.Array(Issue),
  }),
]);

/** One import looked at later (an extension): its movements that are still unmatched now, its other lines. */
export const StatementImportDetail = Type.Composite([
  StatementImportRecord,
  Type.Object({ ...UnmatchedMovements, ...OtherLines }),
]);
