import {
  type Static,
  type TNull,
  type TObject,
  type TOptional,
  type TSchema,
  type TUnion,
  Type,
} from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { isIsoDate } from './dates.js';
import { FIELD_WORDS, fieldProblem } from './field-words.js';
import { BILLING_TYPES } from './invoices.js';
import { ENTRY_TYPES, SUPPLIER_ACCOUNT_TYPES } from './ledger.js';
import { hasAtMostTwoDecimals } from './money.js';
import { FORMAS_PAGAMENTO } from './payables.js';
import { Cents as AnswerCents, DateOnly, Enum, Nullable } from './schema-parts.js';
import type { Text as Words } from './text.js';
import { TRIBUTE_KINDS } from './tributes.js';
import { KNOWN_EVENTS } from './webhooks.js';

/**
 * One schema per request body, shared by the sandbox (422 with `fields`) and the CLI (exit 2 before sending).
 * Field names and rules follow the spec's resource tables.
 */

// an id the store can hold and JSON can carry exactly: past 2^53 a number is no longer the integer it was sent as
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const DateField = Type.String({ isoDate: true });
const Text = (maxLength = 255) => Type.String({ minLength: 1, maxLength });
const Cents = Type.Integer({ minimum: 1, maximum: 99_999_999_999, description: 'centavos' });
const CentsOrZero = Type.Integer({ minimum: 0, maximum: 99_999_999_999, description: 'centavos' });
/** Decimal reais on the wire (invoices, expenses, entries, transfers): at most two decimals. */
const Reais = Type.Number({ minimum: 0, maximum: 999_999_999.99, twoDecimals: true });
const PositiveReais = Type.Number({ exclusiveMinimum: 0, maximum: 999_999_999.99, twoDecimals: true });

/** A tax guide on a payable (a sandbox extension; cross-field rules in tributes.ts). */
const Tribute = Type.Object(
  {
    kind: Enum(TRIBUTE_KINDS),
    revenue_code: Type.String({ pattern: '^[0-9]{4}$' }),
    contributor_document: Type.Optional(Nullable(Type.String({ pattern: '^([0-9]{11}|[0-9]{14})$' }))),
    period: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$' }))),
    reference: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{1,17}$' }))),
    other_entities_amount: Type.Optional(Nullable(CentsOrZero)),
    fgts_identifier: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{1,16}$' }))),
  },
  { additionalProperties: false, 'x-condo-extension': true },
);

/** The tax guide as a payable's answer carries it. */
const TributeAnswer = Type.Object(
  {
    kind: Enum(TRIBUTE_KINDS),
    revenue_code: Type.String(),
    contributor_document: Type.Optional(Nullable(Type.String())),
    period: Type.Optional(Nullable(Type.String())),
    reference: Type.Optional(Nullable(Type.String())),
    other_entities_amount: Type.Optional(Nullable(Type.Integer())),
    fgts_identifier: Type.Optional(Nullable(Type.String())),
  },
  { description: 'a tax guide paid by its data (segment N)', 'x-condo-extension': true },
);

/**
 * One field a payable's writer sends and its answer carries: the body's schema, the answer's, whether a create
 * requires it, and whether an update may change it. An optional field is null in the answer when unset; `absent`
 * leaves it out instead (a condo extension a server of the spec does not send).
 */
interface PayableField<B extends TSchema, A extends TSchema> {
  body: B;
  answer: A;
  create: 'required' | 'optional';
  update: boolean;
  absent?: true;
}
const field = <
  B extends TSchema,
  A extends TSchema,
  const C extends 'required' | 'optional',
  const U extends boolean,
>(
  body: B,
  answer: A,
  create: C,
  update: U,
  absent?: true,
) =>
  ({ body, answer, create, update, ...(absent ? { absent } : {}) }) as PayableField<B, A> & {
    create: C;
    update: U;
  };

/**
 * A payable's fields, declared once (#72 point 4): the create and update bodies here and the answer
 * (responses.ts Payable) are built from this table, so a new field is a line here, its flag decision in
 * cli/body-fields.ts and its column in a migration.
 */
export const PAYABLE_WIRE_FIELDS = {
  supplier_id: field(Id, Type.Integer(), 'optional', false),
  chart_of_accounts_id: field(Id, Type.Integer(), 'required', false),
  payee_name: field(Text(120), Type.String(), 'optional', true),
  amount: field(Cents, AnswerCents, 'required', true),
  fine_amount: field(CentsOrZero, AnswerCents, 'optional', true),
  interest_amount: field(CentsOrZero, AnswerCents, 'optional', true),
  discount_amount: field(CentsOrZero, AnswerCents, 'optional', true),
  forma_pagamento: field(Enum(FORMAS_PAGAMENTO), Enum(FORMAS_PAGAMENTO), 'required', true),
  due_date: field(DateField, DateOnly, 'required', true),
  issue_date: field(DateField, DateOnly, 'optional', true),
  document_number: field(Text(60), Type.String(), 'optional', true),
  description: field(Text(255), Type.String(), 'required', true),
  notes: field(Type.String({ maxLength: 2000 }), Type.String(), 'optional', true),
  tribute: field(Tribute, TributeAnswer, 'optional', true, true),
};
type Fields = typeof PAYABLE_WIRE_FIELDS;
type OptionalNull<T extends TSchema> = TOptional<TUnion<[T, TNull]>>;
type CreateShape = {
  [K in keyof Fields]: Fields[K]['create'] extends 'required'
    ? Fields[K]['body']
    : OptionalNull<Fields[K]['body']>;
};
type UpdateShape = {
  [K in keyof Fields as Fields[K]['update'] extends true ? K : never]: OptionalNull<Fields[K]['body']>;
};
type AnswerShape = {
  [K in keyof Fields]: Fields[K]['create'] extends 'required'
    ? Fields[K]['answer']
    : Fields[K] extends { absent: true }
      ? OptionalNull<Fields[K]['answer']>
      : TUnion<[Fields[K]['answer'], TNull]>;
};
const entries = Object.entries(PAYABLE_WIRE_FIELDS) as [keyof Fields, PayableField<TSchema, TSchema>][];

export const PayableCreate = Type.Object(
  Object.fromEntries(
    entries.map(([k, f]) => [k, f.create === 'required' ? f.body : Type.Optional(Nullable(f.body))]),
  ) as CreateShape,
  { additionalProperties: false },
);
export type PayableCreate = Static<typeof PayableCreate>;

export const PayableUpdate = Type.Object(
  Object.fromEntries(
    entries.filter(([, f]) => f.update).map(([k, f]) => [k, Type.Optional(Nullable(f.body))]),
  ) as UpdateShape,
  { additionalProperties: false },
);
export type PayableUpdate = Static<typeof PayableUpdate>;

/** The fields a payable's answer carries of what its writer sent (responses.ts adds the server's own). */
export const payableAnswerFields = (): AnswerShape =>
  Object.fromEntries(
    entries.map(([k, f]) => [
      k,
      f.create === 'required' ? f.answer : f.absent ? Type.Optional(Nullable(f.answer)) : Nullable(f.answer),
    ]),
  ) as AnswerShape;

export const BatchCreate = Type.Object({ data_pagamento: DateField }, { additionalProperties: false });
export type BatchCreate = Static<typeof BatchCreate>;

/**
 * An invoice's composition (#67, a condo extension: the spec lists "items" among the invoice scopes without
 * showing them): each part's name, the revenue account it is booked to when paid, and its amount; they add up to
 * the subtotal.
 */
export const InvoiceItem = Type.Object(
  { name: Text(120), chart_of_accounts_id: Id, amount: PositiveReais },
  { additionalProperties: false, 'x-condo-extension': true },
);
export type InvoiceItem = Static<typeof InvoiceItem>;

export const InvoiceCreate = Type.Object(
  {
    unit_id: Id,
    party_id: Type.Optional(Nullable(Id)),
    bank_account_id: Id,
    billing_type: Type.Optional(Enum(BILLING_TYPES)),
    due_date: DateField,
    subtotal: PositiveReais,
    fine_amount: Type.Optional(Reais),
    interest_amount: Type.Optional(Reais),
    monetary_correction_amount: Type.Optional(Reais),
    discount_amount: Type.Optional(Reais),
    total: PositiveReais,
    notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    items: Type.Optional(Type.Array(InvoiceItem, { minItems: 1, maxItems: 50, 'x-condo-extension': true })),
  },
  { additionalProperties: false },
);
export type InvoiceCreate = Static<typeof InvoiceCreate>;

const expenseCommon = {
  supplier_id: Type.Optional(Nullable(Id)),
  chart_of_accounts_id: Id,
  bank_account_id: Type.Optional(Nullable(Id)),
  description: Text(255),
  payment_method: Type.Optional(Nullable(Text(40))),
};

export const ExpenseCreate = Type.Object(
  {
    ...expenseCommon,
    amount: PositiveReais,
    fine_amount: Type.Optional(Nullable(Reais)),
    interest_amount: Type.Optional(Nullable(Reais)),
    discount_amount: Type.Optional(Nullable(Reais)),
    payee: Type.Optional(Nullable(Text(120))),
    document_number: Type.Optional(Nullable(Text(60))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    due_at: DateField,
    paid_at: Type.Optional(Nullable(DateField)),
  },
  { additionalProperties: false },
);
export type ExpenseCreate = Static<typeof ExpenseCreate>;

export const ExpenseInstallmentsCreate = Type.Object(
  {
    ...expenseCommon,
    count: Type.Integer({ minimum: 2, maximum: 60 }),
    total_amount: PositiveReais,
    first_due_at: DateField,
    monthly_interval_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  },
  { additionalProperties: false },
);
export type ExpenseInstallmentsCreate = Static<typeof ExpenseInstallmentsCreate>;

export const AccountEntryCreate = Type.Object(
  {
    type: Enum(ENTRY_TYPES),
    chart_of_accounts_id: Id,
    bank_account_id: Type.Optional(Nullable(Id)),
    unit_id: Type.Optional(Nullable(Id)),
    supplier_id: Type.Optional(Nullable(Id)),
    amount: PositiveReais,
    description: Text(255),
    payee: Type.Optional(Nullable(Text(120))),
    document_number: Type.Optional(Nullable(Text(60))),
    payment_method: Type.Optional(Nullable(Text(40))),
    due_at: Type.Optional(Nullable(DateField)),
    paid_at: DateField,
    // condo extensions (#35): the statement line the entry accounts for, which it reconciles, and the
    // reconciliation rule that booked it
    statement_line_id: Type.Optional(
      Nullable(Type.String({ pattern: '^[0-9A-HJKMNP-TV-Z]{26}$', 'x-condo-extension': true })),
    ),
    rule_id: Type.Optional(
      Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$', 'x-condo-extension': true })),
    ),
  },
  { additionalProperties: false },
);
export type AccountEntryCreate = Static<typeof AccountEntryCreate>;

export const AccountTransferCreate = Type.Object(
  {
    source_bank_account_id: Id,
    destination_bank_account_id: Id,
    amount: PositiveReais,
    transfer_date: DateField,
    description: Type.Optional(Nullable(Text(255))),
    chart_of_accounts_id: Id,
  },
  { additionalProperties: false },
);
export type AccountTransferCreate = Static<typeof AccountTransferCreate>;

/**
 * A supplier's payment data, changed where a bank's rejection named it (a condo sandbox extension). Flat, so an
 * agency or an account alone can be corrected; the PIX key's type is read off the key itself.
 */
/** A supplier's payment data, as an update corrects it and a create gives it. */
const supplierPayment = {
  bank_code: Type.Optional(
    Type.String({ pattern: '^\\d{3}$', description: 'a 3-digit bank code (COMPE), e.g. 341' }),
  ),
  agency: Type.Optional(
    Type.String({
      pattern: '^\\d{1,5}(-[0-9Xx])?$',
      description: 'an agency of up to 5 digits, with -digit when it has one',
    }),
  ),
  account: Type.Optional(
    Type.String({
      pattern: '^\\d{1,12}-[0-9Xx]$',
      description: 'an account number and its check digit after a dash, e.g. 45873-4',
    }),
  ),
  account_type: Type.Optional(Enum(SUPPLIER_ACCOUNT_TYPES)),
  pix_key: Type.Optional(Nullable(Text(77))),
};

export const SupplierUpdate = Type.Object(
  { name: Type.Optional(Text(120)), ...supplierPayment },
  { additionalProperties: false },
);
export type SupplierUpdate = Static<typeof SupplierUpdate>;

/** A new supplier: its name and CPF/CNPJ, and its payment data when known (a DDA beneficiary has none yet). */
export const SupplierCreate = Type.Object(
  {
    name: Text(120),
    document: Type.String({
      pattern: '^(\\d{11}|\\d{14})$',
      description: 'CPF (11 digits) or CNPJ (14), digits only',
    }),
    ...supplierPayment,
  },
  { additionalProperties: false },
);
export type SupplierCreate = Static<typeof SupplierCreate>;

export type FieldErrors = Record<string, string[]>;
/**
 * `fields` in English (the API's 422 says them so); `said`, the same problems in both languages, for a person at
 * the CLI (#66: `--amount has the wrong type` on a Portuguese screen).
 */
export type Validation<T> =
  | { ok: true; value: T }
  | { ok: false; fields: FieldErrors; said: Record<string, Words[]> };

/** Our two custom keywords, checked after TypeBox's own so a message can name the rule. */
function customKeywordErrors(schema: TObject, body: Record<string, unknown>): Record<string, Words[]> {
  const fields: Record<string, Words[]> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    const leaf = leafSchema(prop);
    if (leaf?.isoDate && typeof value === 'string' && !isIsoDate(value)) {
      fields[name] = [FIELD_WORDS.isoDate];
    }
    if (leaf?.twoDecimals && typeof value === 'number' && !hasAtMostTwoDecimals(value)) {
      fields[name] = [FIELD_WORDS.twoDecimals];
    }
  }
  return fields;
}

function leafSchema(schema: TSchema): TSchema | undefined {
  if (schema.anyOf) return (schema.anyOf as TSchema[]).find((s) => s.type !== 'null');
  return schema;
}

const compiled = new WeakMap<TSchema, ReturnType<typeof TypeCompiler.Compile>>();

/** Validates a request body field by field: `{ok, value}` or `{ok: false, fields: {name: [messages]}}`. */
export function validateBody<T extends TObject>(schema: T, body: unknown): Validation<Static<T>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: [FIELD_WORDS.object.en] }, said: { body: [FIELD_WORDS.object] } };
  }
  let checker = compiled.get(schema);
  if (!checker) {
    checker = TypeCompiler.Compile(schema);
    compiled.set(schema, checker);
  }
  const said: Record<string, Words[]> = {};
  for (const error of checker.Errors(body)) {
    const name = error.path.replace(/^\//, '').split('/')[0] || 'body';
    // A union reports each branch; the first message per field is the useful one.
    if (!said[name]) said[name] = [fieldProblem(error)];
  }
  for (const [name, messages] of Object.entries(
    customKeywordErrors(schema, body as Record<string, unknown>),
  )) {
    if (!said[name]) said[name] = messages;
  }
  if (Object.keys(said).length > 0) {
    const fields = Object.fromEntries(Object.entries(said).map(([k, v]) => [k, v.map((x) => x.en)]));
    return { ok: false, fields, said };
  }
  return { ok: true, value: body as Static<T> };
}

/** One line naming each bad field, for a CLI usage error or a log. */
export function describeFieldErrors(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([name, messages]) => `${name} ${messages.join('; ')}`)
    .join(', ');
}

/** The token request (spec "Authentication"); the token endpoint reads it as form fields or JSON. */
export const TokenRequest = Type.Object(
  {
    grant_type: Type.Literal('client_credentials'),
    client_id: Type.Optional(Type.String({ description: 'or in Basic auth' })),
    client_secret: Type.Optional(Type.String({ description: 'or in Basic auth' })),
    scope: Type.Optional(Type.String({ description: 'space-separated; default every scope of the client' })),
  },
  { additionalProperties: false },
);

/** A late quota settled by an agreement (#70, a condo extension): the agreement's id, as its installments name it. */
export const InvoiceRenegotiation = Type.Object(
  { agreement: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) },
  { additionalProperties: false },
);
export type InvoiceRenegotiation = Static<typeof InvoiceRenegotiation>;

/**
 * An issued invoice's payment as the bank's statement shows it (#35, a condo extension): the amount received (with
 * a late payer's fine and interest, more than the invoice's total), its day, and the statement line it was.
 */
export const InvoicePaymentRecord = Type.Object(
  {
    paid_at: DateField,
    amount: PositiveReais,
    bank_account_id: Type.Optional(Nullable(Id)),
    statement_line_id: Type.Optional(Nullable(Type.String({ pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' }))),
    rule_id: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' }))),
  },
  { additionalProperties: false },
);
export type InvoicePaymentRecord = Static<typeof InvoicePaymentRecord>;

/**
 * An approval kept beside a batch (#34, a condo extension): the statement's exact text, one line of JSON
 * (domain/approvals.ts statementText), and its SSH signature, armored as `ssh-keygen -Y sign` writes it.
 */
export const BatchApprovalCreate = Type.Object(
  {
    statement: Type.String({ minLength: 1, maxLength: 4096 }),
    signature: Type.String({ minLength: 1, maxLength: 16_384 }),
  },
  { additionalProperties: false },
);

/** A webhook subscription: an http(s) URL and the events it wants (`*` for all). */
export const WebhookSubscriptionCreate = Type.Object(
  {
    url: Type.String({ format: 'uri', maxLength: 2048 }),
    // the events the server knows, or `*` (#53: the document took any string the server then refused)
    events: Type.Array(Type.Union(KNOWN_EVENTS.map((e) => Type.Literal(e))), { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);
