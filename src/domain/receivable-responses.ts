/**
 * What the API answers about receivables (#69): a unit's delinquency, the monetary indexes and, as a sandbox
 * extension, each index's monthly values. Kept apart from responses.ts, which re-exports them.
 */
import { Type } from '@sinclair/typebox';
import { closedRecord, DateOnly, Enum, Reais } from './schema-parts.js';

export const Defaulter = Type.Object(
  {
    unit_id: Type.Integer(),
    unit_label: Type.String(),
    block: Type.String(),
    invoices: Type.Integer({ description: 'overdue invoices' }),
    total_outstanding: Reais,
    oldest_due_date: DateOnly,
    days_overdue: Type.Integer(),
  },
  closedRecord,
);
export const MonetaryIndex = Type.Object(
  {
    code: Enum(['IPCA', 'IGPM', 'INPC', 'INCC', 'TJSP']),
    name: Type.String(),
    source: Type.String(),
    periodicity: Enum(['monthly']),
  },
  closedRecord,
);

/** A month of an index (a sandbox extension, #69): its change in percent, or a factor table's factor. */
export const MonetaryIndexValue = Type.Object(
  {
    code: Type.String(),
    month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
    kind: Enum(['rate', 'factor']),
    /** "0.44" (percent) or "90.946481" (a factor), as published, never a float */
    value: Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' }),
    /** the table it was read from */
    source: Type.String(),
    /** a value the sandbox made up for a month after its real data */
    made_up: Type.Boolean(),
  },
  closedRecord,
);
