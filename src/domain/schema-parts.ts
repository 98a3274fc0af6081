/**
 * The parts the API's answer schemas are built of (responses.ts, statement-responses.ts): nullable fields,
 * enums, closed and open records, timestamps, dates, ids and money, with the formats they check taught to TypeBox.
 */
import { FormatRegistry, type TSchema, Type } from '@sinclair/typebox';
import { isIsoDate } from './dates.js';

// The JSON Schema formats these schemas use, as checkers (TypeBox checks no format it was not taught).
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isIsoDate);
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v));

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Enum = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((v) => Type.Literal(v)));
export const closedRecord = { additionalProperties: false } as const;
export const openRecord = { additionalProperties: true } as const;
export const Timestamp = Type.String({ format: 'date-time' });
export const DateOnly = Type.String({ format: 'date' });
export const Ulid = Type.String({ pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' });
export const Cents = Type.Integer({ description: 'centavos' });
/** Decimal reais on the wire (invoices, expenses, entries, balances). */
export const Reais = Type.Number({ description: 'reais, at most two decimals' });

/** A problem at a line of a file (a return's warnings, an invalid statement's errors). */
export const Issue = Type.Object({ line: Type.Integer(), message: Type.String() }, closedRecord);

/** `{ "data": record }`: the single-record envelope. */
export const One = <T extends TSchema>(record: T) => Type.Object({ data: record }, openRecord);
