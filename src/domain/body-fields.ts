/**
 * How the CLI offers each request-body field: its flag, what kind of value the flag takes, its help and the label
 * it is asked for by on a terminal. Declared once per body, keyed by the body schema's own field names (a field
 * that is not in the schema is a type error), and read by the CLI to make the options, turn flags into the body,
 * name the flag in error messages and prompt for what is missing. The option types are inferred from it (FlagsOf),
 * so a renamed flag is a type error where a verb reads it.
 *
 * Only types come from request-bodies.ts: this module loads at start-up (every --help lists the flags), TypeBox does not.
 */
import type { Static, TObject } from '@sinclair/typebox';
import { BILLING_TYPES } from './invoices.js';
import { ENTRY_TYPES } from './ledger.js';
import { FORMAS_PAGAMENTO } from './payables.js';
import type * as S from './request-bodies.js';
import { type PayableTribute, TRIBUTE_KINDS } from './tributes.js';

/**
 * What a flag takes, and what the body gets: `cents` and `reais` are typed in reais (1.234,56) and sent as integer
 * centavos or as decimal reais, as the API wants that field; `date` takes YYYY-MM-DD, today, tomorrow or +Nd.
 */
export type FieldKind = 'cents' | 'reais' | 'date' | 'enum' | 'integer' | 'text';

export interface FieldFlag {
  flag: string;
  kind: FieldKind;
  help: string;
  /** The placeholder in --help (`--payee <name>`); default by kind: reais, date, id, value, text. */
  arg?: string;
  /** kind enum: the values (the same constant the schema is built from); kind text: what the shell suggests */
  values?: readonly string[];
  /** Asked for on a terminal when missing, with this label (in declaration order). */
  prompt?: string;
  /** kind date: a date still to come (a new record's due date), so DD/MM is the next such date */
  upcoming?: boolean;
}

export type FieldFlags = Readonly<Record<string, FieldFlag>>;

type Only<T extends TObject, M> = M & { [K in Exclude<keyof M, keyof Static<T>>]: never };

/** The flags of body T: keys must be T's fields. */
const flagsFor =
  <T extends TObject>() =>
  <const M extends { readonly [K in keyof Static<T>]?: FieldFlag }>(meta: Only<T, M>): M =>
    meta;

type Camel<T extends string> = T extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : T;

/** The parsed options of a command with these field flags (commander camel-cases `--chart-account`). */
export type FlagsOf<M> = {
  [K in keyof M as M[K] extends { flag: infer F extends string } ? Camel<F> : never]?: string;
};

const id = <const F extends string>(
  flag: F,
  help: string,
  prompt?: string,
): { flag: F; kind: 'integer'; help: string; prompt?: string } => ({
  flag,
  kind: 'integer',
  help,
  ...(prompt ? { prompt } : {}),
});

export const PAYABLE_FIELDS = flagsFor<typeof S.PayableCreate>()({
  supplier_id: {
    flag: 'supplier',
    kind: 'integer',
    arg: 'supplier',
    help: 'supplier id, or a name that matches one (see condo suppliers list)',
    prompt: 'Supplier',
  },
  chart_of_accounts_id: id(
    'chart-account',
    'expense chart account: id, code (2.3.05) or part of its name',
    'Chart account',
  ),
  payee_name: {
    flag: 'payee',
    kind: 'text',
    arg: 'name',
    help: 'payee name (defaults to the supplier name)',
  },
  amount: { flag: 'amount', kind: 'cents', help: 'amount in reais, e.g. 1.234,56', prompt: 'Amount (R$)' },
  fine_amount: { flag: 'fine', kind: 'cents', help: 'fine (multa) in reais' },
  interest_amount: { flag: 'interest', kind: 'cents', help: 'interest (juros) in reais' },
  discount_amount: { flag: 'discount', kind: 'cents', help: 'discount in reais' },
  forma_pagamento: {
    flag: 'method',
    arg: 'forma',
    kind: 'enum',
    values: FORMAS_PAGAMENTO,
    help: 'payment method',
    prompt: 'Payment method',
  },
  due_date: {
    flag: 'due',
    kind: 'date',
    help: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
    upcoming: true,
    prompt: 'Due date',
  },
  issue_date: { flag: 'issue-date', kind: 'date', help: 'issue date' },
  document_number: {
    flag: 'document',
    kind: 'text',
    arg: 'number',
    help: 'document number; for a boleto, its barcode or linha digitável',
  },
  description: { flag: 'description', kind: 'text', help: 'what is being paid', prompt: 'Description' },
  notes: { flag: 'notes', kind: 'text', help: 'free notes' },
});

/** Fine, interest and discount where the API carries them in decimal reais (invoices, expenses). */
const charges = {
  fine_amount: { flag: 'fine', kind: 'reais', help: 'fine (multa)' },
  interest_amount: { flag: 'interest', kind: 'reais', help: 'interest (juros)' },
  discount_amount: { flag: 'discount', kind: 'reais', help: 'discount' },
} as const satisfies FieldFlags;

export const INVOICE_FIELDS = flagsFor<typeof S.InvoiceCreate>()({
  unit_id: id('unit', 'unit id (see condo units list)'),
  party_id: id('party', 'party (payer) id, when not the unit owner'),
  bank_account_id: id('bank-account', 'bank account receiving the payment (see condo bank-accounts list)'),
  billing_type: {
    flag: 'billing-type',
    kind: 'enum',
    arg: 'type',
    values: BILLING_TYPES,
    help: 'how it is paid',
  },
  due_date: {
    flag: 'due',
    kind: 'date',
    help: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
    upcoming: true,
  },
  subtotal: {
    flag: 'subtotal',
    kind: 'reais',
    help: 'amount before fine, interest, correction and discount, e.g. 850,00',
  },
  fine_amount: charges.fine_amount,
  interest_amount: charges.interest_amount,
  monetary_correction_amount: {
    flag: 'correction',
    kind: 'reais',
    help: 'monetary correction (correção monetária)',
  },
  discount_amount: charges.discount_amount,
  total: {
    flag: 'total',
    kind: 'reais',
    help: 'total; computed when omitted, refused when it does not add up',
  },
  notes: { flag: 'notes', kind: 'text', help: 'free notes' },
});

const expenseCommon = {
  chart_of_accounts_id: id('chart-account', 'expense chart account: id, code (2.3.05) or part of its name'),
  description: { flag: 'description', kind: 'text', help: 'what was bought or paid' },
  supplier_id: id('supplier', 'supplier id, or a name that matches one'),
  bank_account_id: id('bank-account', 'bank account it is paid from'),
  payment_method: {
    flag: 'method',
    kind: 'text',
    arg: 'method',
    help: 'payment method, free text (pix, boleto, ted, cash...)',
    values: FORMAS_PAGAMENTO,
  },
} as const satisfies FieldFlags;

export const EXPENSE_FIELDS = flagsFor<typeof S.ExpenseCreate>()({
  ...expenseCommon,
  amount: { flag: 'amount', kind: 'reais', help: 'amount in reais, e.g. 1.234,56' },
  due_at: {
    flag: 'due',
    kind: 'date',
    help: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
    upcoming: true,
  },
  paid_at: {
    flag: 'paid',
    kind: 'date',
    help: 'date it was paid (its month must be an open financial period)',
  },
  ...charges,
  payee: { flag: 'payee', kind: 'text', arg: 'name', help: 'payee name' },
  document_number: {
    flag: 'document',
    kind: 'text',
    arg: 'number',
    help: 'document number (invoice, receipt)',
  },
  notes: { flag: 'notes', kind: 'text', help: 'free notes' },
});

export const INSTALLMENTS_FIELDS = flagsFor<typeof S.ExpenseInstallmentsCreate>()({
  count: { flag: 'count', kind: 'integer', arg: 'n', help: 'number of installments, 2 to 60' },
  total_amount: {
    flag: 'total',
    kind: 'reais',
    help: 'total, split exactly in cents (the odd cents go to the first installments)',
  },
  first_due_at: {
    flag: 'first-due',
    kind: 'date',
    help: 'first due date; the next ones keep its day (a 31st becomes the last day)',
    upcoming: true,
  },
  monthly_interval_days: {
    flag: 'interval-days',
    kind: 'integer',
    arg: 'd',
    help: 'days between due dates instead of calendar months, 1 to 90',
  },
  ...expenseCommon,
  description: { flag: 'description', kind: 'text', help: 'what is being paid in installments' },
});

export const ENTRY_FIELDS = flagsFor<typeof S.AccountEntryCreate>()({
  type: {
    flag: 'type',
    kind: 'enum',
    arg: 'type',
    values: ENTRY_TYPES,
    help: 'revenue or expense',
  },
  chart_of_accounts_id: id(
    'chart-account',
    'chart account: id, code (2.3.05) or part of its name (condo ledger chart)',
  ),
  amount: { flag: 'amount', kind: 'reais', help: 'amount in reais, e.g. 1.234,56' },
  description: { flag: 'description', kind: 'text', help: 'what the entry is' },
  paid_at: {
    flag: 'paid',
    kind: 'date',
    help: 'date paid or received; its month must be an open financial period',
  },
  bank_account_id: id('bank-account', 'bank account it moved through'),
  unit_id: id('unit', 'unit id (for revenue from a unit)'),
  supplier_id: id('supplier', 'supplier id, or a name that matches one'),
  payee: { flag: 'payee', kind: 'text', arg: 'name', help: 'payee name' },
  document_number: { flag: 'document', kind: 'text', arg: 'number', help: 'document number' },
  payment_method: {
    flag: 'method',
    kind: 'text',
    arg: 'method',
    help: 'payment method, free text',
    values: FORMAS_PAGAMENTO,
  },
  due_at: { flag: 'due', kind: 'date', help: 'due date' },
});

export const TRANSFER_FIELDS = flagsFor<typeof S.AccountTransferCreate>()({
  source_bank_account_id: {
    flag: 'from',
    kind: 'integer',
    arg: 'account',
    help: 'source bank account id (see condo bank-accounts list)',
  },
  destination_bank_account_id: {
    flag: 'to',
    kind: 'integer',
    arg: 'account',
    help: 'destination bank account id',
  },
  amount: { flag: 'amount', kind: 'reais', help: 'amount in reais' },
  transfer_date: {
    flag: 'date',
    kind: 'date',
    help: 'transfer date; its month must be an open financial period',
  },
  chart_of_accounts_id: id('chart-account', 'chart account the two entries are recorded against'),
  description: { flag: 'description', kind: 'text', help: 'description' },
});

/** A payable's tax guide (`tribute`, a nested extension object): its flags, set together with `--tribute KIND`. */
export const TRIBUTE_FIELDS = {
  kind: {
    flag: 'tribute',
    kind: 'enum',
    arg: 'kind',
    values: TRIBUTE_KINDS,
    help: 'a tax guide, DARF or GPS paid by its data (no --document), FGTS by its barcode (--document)',
  },
  revenue_code: {
    flag: 'revenue-code',
    kind: 'text',
    arg: 'code',
    help: "the guide's código da receita (DARF), de pagamento (GPS) or de recolhimento (FGTS): 4 digits",
  },
  contributor_document: {
    flag: 'contributor',
    kind: 'text',
    arg: 'cpf-or-cnpj',
    help: "the guide's contributor (default: the condominium)",
  },
  period: {
    flag: 'period',
    kind: 'text',
    arg: 'period',
    help: 'DARF: período de apuração YYYY-MM-DD; GPS: competência YYYY-MM',
  },
  reference: {
    flag: 'reference',
    kind: 'text',
    arg: 'number',
    help: 'DARF: its reference number (número de referência)',
  },
  other_entities_amount: {
    flag: 'other-entities',
    kind: 'cents',
    help: 'GPS: the part of --amount due to other entities (terceiros), in reais',
  },
  fgts_identifier: { flag: 'fgts-id', kind: 'text', arg: 'id', help: "FGTS: the guide's identifier" },
} as const satisfies Readonly<Record<keyof PayableTribute, FieldFlag>>;

/** `suppliers update`'s flags (an extension's body, flat: see request-bodies.ts SupplierUpdate). */
export const SUPPLIER_UPDATE_FLAGS: Readonly<Record<keyof S.SupplierUpdate, string>> = {
  name: '--name',
  bank_code: '--bank-code',
  agency: '--agency',
  account: '--account',
  account_type: '--account-type',
  pix_key: '--pix-key',
};

let apiFieldFlags: Map<string, string> | undefined;

/**
 * The flag that sets an API body field, for naming it in the server's refusals (docs/DESIGN.md: errors name the
 * CLI's flags, not the API's fields). One name means one flag across the bodies that have it.
 */
export function flagOfApiField(field: string): string | undefined {
  apiFieldFlags ??= new Map<string, string>([
    ...[PAYABLE_FIELDS, INVOICE_FIELDS, EXPENSE_FIELDS, INSTALLMENTS_FIELDS, ENTRY_FIELDS, TRANSFER_FIELDS]
      .flatMap((fields) => Object.entries(fields as FieldFlags))
      .map(([name, f]): [string, string] => [name, `--${f.flag}`])
      .reverse(), // the first declaration wins
    ...Object.entries(SUPPLIER_UPDATE_FLAGS),
    ...Object.entries(TRIBUTE_FIELDS).map(([name, f]): [string, string] => [
      `tribute.${name}`,
      `--${f.flag}`,
    ]),
    ['tribute', '--tribute'],
    ['data_pagamento', '--date'],
  ]);
  return apiFieldFlags.get(field);
}
