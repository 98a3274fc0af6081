/**
 * How the CLI offers each request-body field: its flag, what kind of value the flag takes, its help and the label
 * it is asked for by on a terminal (both in English and Portuguese). Declared once per body, keyed by the body schema's own field names (a field
 * that is not in the schema is a type error), and read by the CLI to make the options, turn flags into the body,
 * name the flag in error messages and prompt for what is missing. The option types are inferred from it (FlagsOf),
 * so a renamed flag is a type error where a verb reads it.
 *
 * Only types come from request-bodies.ts: this module loads at start-up (every --help lists the flags), TypeBox does not.
 */
import type { Static, TObject } from '@sinclair/typebox';
import { BILLING_TYPES } from '../domain/invoices.js';
import { ENTRY_TYPES } from '../domain/ledger.js';
import { FORMAS_PAGAMENTO } from '../domain/payables.js';
import type * as S from '../domain/request-bodies.js';
import type { Text } from '../domain/text.js';
import { type PayableTribute, TRIBUTE_KINDS } from '../domain/tributes.js';

/**
 * What a flag takes, and what the body gets: `cents` and `reais` are typed in reais (1.234,56) and sent as integer
 * centavos or as decimal reais, as the API wants that field; `date` takes YYYY-MM-DD, today, tomorrow or +Nd.
 */
export type FieldKind = 'cents' | 'reais' | 'date' | 'enum' | 'integer' | 'text';

export interface FieldFlag {
  flag: string;
  kind: FieldKind;
  /** in both languages, as a verb's own flags (cli/declare.ts) */
  help: Text;
  /** The placeholder in --help (`--payee <name>`); default by kind: reais, date, id, value, text. */
  arg?: string;
  /** kind enum: the values (the same constant the schema is built from); kind text: what the shell suggests */
  values?: readonly string[];
  /** Asked for on a terminal when missing, with this label (in declaration order). */
  prompt?: Text;
  /** kind date: a date still to come (a new record's due date), so DD/MM is the next such date */
  upcoming?: boolean;
}

/** A body's flags: every field of its schema, a flag or `null` (offered by no flag, and why, said beside it). */
export type FieldFlags = Readonly<Record<string, FieldFlag | null>>;

/** The fields a body offers as flags, in declaration order, with their flags. */
export const offered = (fields: FieldFlags): [string, FieldFlag][] =>
  Object.entries(fields).flatMap(([name, f]) => (f ? [[name, f] as [string, FieldFlag]] : []));

type Only<T extends TObject, M> = M & { [K in Exclude<keyof M, keyof Static<T>>]: never };

/**
 * The flags of body T: every one of T's fields, and nothing else, decided: a flag, or `null` where the CLI offers
 * none (a new field of the schema without that decision fails the type check, #72).
 */
const flagsFor =
  <T extends TObject>() =>
  <const M extends { readonly [K in keyof Static<T>]-?: FieldFlag | null }>(meta: Only<T, M>): M =>
    meta;

type Camel<T extends string> = T extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : T;

/** The parsed options of a command with these field flags (commander camel-cases `--chart-account`). */
export type FlagsOf<M> = {
  [K in keyof M as M[K] extends { flag: infer F extends string } ? Camel<F> : never]?: string;
};

const id = <const F extends string>(
  flag: F,
  help: Text,
  prompt?: Text,
): { flag: F; kind: 'integer'; help: Text; prompt?: Text } => ({
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
    help: {
      en: 'supplier id, or a name that matches one (see condo suppliers list)',
      pt: 'id do fornecedor, ou um nome que identifique um só (veja condo suppliers list)',
    },
    prompt: { en: 'Supplier', pt: 'Fornecedor' },
  },
  chart_of_accounts_id: id(
    'chart-account',
    {
      en: 'expense chart account: id, code (2.3.05) or part of its name',
      pt: 'conta contábil de despesa: id, código (2.3.05) ou parte do nome',
    },
    { en: 'Chart account', pt: 'Conta contábil' },
  ),
  payee_name: {
    flag: 'payee',
    kind: 'text',
    arg: 'name',
    help: {
      en: 'payee name (defaults to the supplier name)',
      pt: 'nome do favorecido (padrão: o do fornecedor)',
    },
  },
  amount: {
    flag: 'amount',
    kind: 'cents',
    help: { en: 'amount in reais, e.g. 1.234,56', pt: 'valor em reais, p. ex. 1.234,56' },
    prompt: { en: 'Amount (R$)', pt: 'Valor (R$)' },
  },
  fine_amount: { flag: 'fine', kind: 'cents', help: { en: 'fine (multa) in reais', pt: 'multa em reais' } },
  interest_amount: {
    flag: 'interest',
    kind: 'cents',
    help: { en: 'interest (juros) in reais', pt: 'juros em reais' },
  },
  discount_amount: {
    flag: 'discount',
    kind: 'cents',
    help: { en: 'discount in reais', pt: 'desconto em reais' },
  },
  forma_pagamento: {
    flag: 'method',
    arg: 'forma',
    kind: 'enum',
    values: FORMAS_PAGAMENTO,
    help: { en: 'payment method', pt: 'forma de pagamento' },
    prompt: { en: 'Payment method', pt: 'Forma de pagamento' },
  },
  due_date: {
    flag: 'due',
    kind: 'date',
    help: {
      en: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
      pt: 'vencimento: DD/MM/AAAA, DD/MM (o próximo), AAAA-MM-DD, hoje, +Nd',
    },
    upcoming: true,
    prompt: { en: 'Due date', pt: 'Vencimento' },
  },
  issue_date: { flag: 'issue-date', kind: 'date', help: { en: 'issue date', pt: 'data de emissão' } },
  document_number: {
    flag: 'document',
    kind: 'text',
    arg: 'number',
    help: {
      en: 'document number; for a boleto, its barcode or linha digitável',
      pt: 'número do documento; para boleto, o código de barras ou a linha digitável',
    },
  },
  description: {
    flag: 'description',
    kind: 'text',
    help: { en: 'what is being paid', pt: 'o que está sendo pago' },
    prompt: { en: 'Description', pt: 'Descrição' },
  },
  notes: { flag: 'notes', kind: 'text', help: { en: 'free notes', pt: 'observações livres' } },
  // no flag: a tax guide's data are asked by its own flags (TRIBUTE_FIELDS) and built into it
  tribute: null,
});

/** Fine, interest and discount where the API carries them in decimal reais (invoices, expenses). */
const charges = {
  fine_amount: { flag: 'fine', kind: 'reais', help: { en: 'fine (multa)', pt: 'multa' } },
  interest_amount: { flag: 'interest', kind: 'reais', help: { en: 'interest (juros)', pt: 'juros' } },
  discount_amount: { flag: 'discount', kind: 'reais', help: { en: 'discount', pt: 'desconto' } },
} as const satisfies FieldFlags;

export const INVOICE_FIELDS = flagsFor<typeof S.InvoiceCreate>()({
  unit_id: id('unit', { en: 'unit id (see condo units list)', pt: 'id da unidade (veja condo units list)' }),
  party_id: id('party', {
    en: 'party (payer) id, when not the unit owner',
    pt: 'id do pagador, quando não é o proprietário da unidade',
  }),
  bank_account_id: id('bank-account', {
    en: 'bank account receiving the payment (see condo bank-accounts list)',
    pt: 'conta bancária que recebe o pagamento (veja condo bank-accounts list)',
  }),
  billing_type: {
    flag: 'billing-type',
    kind: 'enum',
    arg: 'type',
    values: BILLING_TYPES,
    help: { en: 'how it is paid', pt: 'como é pago' },
  },
  due_date: {
    flag: 'due',
    kind: 'date',
    help: {
      en: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
      pt: 'vencimento: DD/MM/AAAA, DD/MM (o próximo), AAAA-MM-DD, hoje, +Nd',
    },
    upcoming: true,
  },
  subtotal: {
    flag: 'subtotal',
    kind: 'reais',
    help: {
      en: 'amount before fine, interest, correction and discount, e.g. 850,00',
      pt: 'valor antes de multa, juros, correção e desconto, p. ex. 850,00',
    },
  },
  fine_amount: charges.fine_amount,
  interest_amount: charges.interest_amount,
  monetary_correction_amount: {
    flag: 'correction',
    kind: 'reais',
    help: { en: 'monetary correction (correção monetária)', pt: 'correção monetária' },
  },
  discount_amount: charges.discount_amount,
  total: {
    flag: 'total',
    kind: 'reais',
    help: {
      en: 'total; computed when omitted, refused when it does not add up',
      pt: 'total; calculado quando omitido, recusado quando não fecha',
    },
  },
  notes: { flag: 'notes', kind: 'text', help: { en: 'free notes', pt: 'observações livres' } },
  // no flag: an invoice's composition is the billing run's (billing plan), not typed at a prompt
  items: null,
});

const expenseCommon = {
  chart_of_accounts_id: id('chart-account', {
    en: 'expense chart account: id, code (2.3.05) or part of its name',
    pt: 'conta contábil de despesa: id, código (2.3.05) ou parte do nome',
  }),
  description: {
    flag: 'description',
    kind: 'text',
    help: { en: 'what was bought or paid', pt: 'o que foi comprado ou pago' },
  },
  supplier_id: id('supplier', {
    en: 'supplier id, or a name that matches one',
    pt: 'id do fornecedor, ou um nome que identifique um só',
  }),
  bank_account_id: id('bank-account', {
    en: 'bank account it is paid from',
    pt: 'conta bancária de onde sai o pagamento',
  }),
  payment_method: {
    flag: 'method',
    kind: 'text',
    arg: 'method',
    help: {
      en: 'payment method, free text (pix, boleto, ted, cash...)',
      pt: 'forma de pagamento, texto livre (pix, boleto, ted, dinheiro...)',
    },
    values: FORMAS_PAGAMENTO,
  },
} as const satisfies FieldFlags;

export const EXPENSE_FIELDS = flagsFor<typeof S.ExpenseCreate>()({
  ...expenseCommon,
  amount: {
    flag: 'amount',
    kind: 'reais',
    help: { en: 'amount in reais, e.g. 1.234,56', pt: 'valor em reais, p. ex. 1.234,56' },
  },
  due_at: {
    flag: 'due',
    kind: 'date',
    help: {
      en: 'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd',
      pt: 'vencimento: DD/MM/AAAA, DD/MM (o próximo), AAAA-MM-DD, hoje, +Nd',
    },
    upcoming: true,
  },
  paid_at: {
    flag: 'paid',
    kind: 'date',
    help: {
      en: 'date it was paid (its month must be an open financial period)',
      pt: 'data do pagamento (o mês precisa ser um período aberto)',
    },
  },
  ...charges,
  payee: { flag: 'payee', kind: 'text', arg: 'name', help: { en: 'payee name', pt: 'nome do favorecido' } },
  document_number: {
    flag: 'document',
    kind: 'text',
    arg: 'number',
    help: { en: 'document number (invoice, receipt)', pt: 'número do documento (nota, recibo)' },
  },
  notes: { flag: 'notes', kind: 'text', help: { en: 'free notes', pt: 'observações livres' } },
});

export const INSTALLMENTS_FIELDS = flagsFor<typeof S.ExpenseInstallmentsCreate>()({
  count: {
    flag: 'count',
    kind: 'integer',
    arg: 'n',
    help: { en: 'number of installments, 2 to 60', pt: 'número de parcelas, de 2 a 60' },
  },
  total_amount: {
    flag: 'total',
    kind: 'reais',
    help: {
      en: 'total, split exactly in cents (the odd cents go to the first installments)',
      pt: 'total, dividido exato em centavos (os centavos que sobram vão para as primeiras parcelas)',
    },
  },
  first_due_at: {
    flag: 'first-due',
    kind: 'date',
    help: {
      en: 'first due date; the next ones keep its day (a 31st becomes the last day)',
      pt: 'primeiro vencimento; os seguintes mantêm o dia (um 31 vira o último dia)',
    },
    upcoming: true,
  },
  monthly_interval_days: {
    flag: 'interval-days',
    kind: 'integer',
    arg: 'd',
    help: {
      en: 'days between due dates instead of calendar months, 1 to 90',
      pt: 'dias entre vencimentos em vez de meses, de 1 a 90',
    },
  },
  ...expenseCommon,
  description: {
    flag: 'description',
    kind: 'text',
    help: { en: 'what is being paid in installments', pt: 'o que está sendo pago em parcelas' },
  },
});

export const ENTRY_FIELDS = flagsFor<typeof S.AccountEntryCreate>()({
  type: {
    flag: 'type',
    kind: 'enum',
    arg: 'type',
    values: ENTRY_TYPES,
    help: { en: 'revenue or expense', pt: 'receita ou despesa' },
  },
  chart_of_accounts_id: id('chart-account', {
    en: 'chart account: id, code (2.3.05) or part of its name (condo ledger chart)',
    pt: 'conta contábil: id, código (2.3.05) ou parte do nome (condo ledger chart)',
  }),
  amount: {
    flag: 'amount',
    kind: 'reais',
    help: { en: 'amount in reais, e.g. 1.234,56', pt: 'valor em reais, p. ex. 1.234,56' },
  },
  description: {
    flag: 'description',
    kind: 'text',
    help: { en: 'what the entry is', pt: 'o que é o lançamento' },
  },
  paid_at: {
    flag: 'paid',
    kind: 'date',
    help: {
      en: 'date paid or received; its month must be an open financial period',
      pt: 'data paga ou recebida; o mês precisa ser um período aberto',
    },
  },
  bank_account_id: id('bank-account', {
    en: 'bank account it moved through',
    pt: 'conta bancária por onde passou',
  }),
  unit_id: id('unit', {
    en: 'unit id (for revenue from a unit)',
    pt: 'id da unidade (para receita de uma unidade)',
  }),
  supplier_id: id('supplier', {
    en: 'supplier id, or a name that matches one',
    pt: 'id do fornecedor, ou um nome que identifique um só',
  }),
  payee: { flag: 'payee', kind: 'text', arg: 'name', help: { en: 'payee name', pt: 'nome do favorecido' } },
  document_number: {
    flag: 'document',
    kind: 'text',
    arg: 'number',
    help: { en: 'document number', pt: 'número do documento' },
  },
  payment_method: {
    flag: 'method',
    kind: 'text',
    arg: 'method',
    help: { en: 'payment method, free text', pt: 'forma de pagamento, texto livre' },
    values: FORMAS_PAGAMENTO,
  },
  due_at: { flag: 'due', kind: 'date', help: { en: 'due date', pt: 'vencimento' } },
  // no flag: the statement line and the rule an entry accounts for are a reconciliation's (statements reconcile)
  statement_line_id: null,
  rule_id: null,
});

export const TRANSFER_FIELDS = flagsFor<typeof S.AccountTransferCreate>()({
  source_bank_account_id: {
    flag: 'from',
    kind: 'integer',
    arg: 'account',
    help: {
      en: 'source bank account id (see condo bank-accounts list)',
      pt: 'id da conta bancária de origem (veja condo bank-accounts list)',
    },
  },
  destination_bank_account_id: {
    flag: 'to',
    kind: 'integer',
    arg: 'account',
    help: { en: 'destination bank account id', pt: 'id da conta bancária de destino' },
  },
  amount: { flag: 'amount', kind: 'reais', help: { en: 'amount in reais', pt: 'valor em reais' } },
  transfer_date: {
    flag: 'date',
    kind: 'date',
    help: {
      en: 'transfer date; its month must be an open financial period',
      pt: 'data da transferência; o mês precisa ser um período aberto',
    },
  },
  chart_of_accounts_id: id('chart-account', {
    en: 'chart account the two entries are recorded against',
    pt: 'conta contábil dos dois lançamentos',
  }),
  description: { flag: 'description', kind: 'text', help: { en: 'description', pt: 'descrição' } },
});

/** A payable's tax guide (`tribute`, a nested extension object): its flags, set together with `--tribute KIND`. */
export const TRIBUTE_FIELDS = {
  kind: {
    flag: 'tribute',
    kind: 'enum',
    arg: 'kind',
    values: TRIBUTE_KINDS,
    help: {
      en: 'a tax guide, DARF or GPS paid by its data (no --document), FGTS by its barcode (--document)',
      pt: 'uma guia de tributo, DARF ou GPS paga pelos dados (sem --document), FGTS pelo código de barras (--document)',
    },
  },
  revenue_code: {
    flag: 'revenue-code',
    kind: 'text',
    arg: 'code',
    help: {
      en: "the guide's código da receita (DARF), de pagamento (GPS) or de recolhimento (FGTS): 4 digits",
      pt: 'o código da receita (DARF), de pagamento (GPS) ou de recolhimento (FGTS) da guia: 4 dígitos',
    },
  },
  contributor_document: {
    flag: 'contributor',
    kind: 'text',
    arg: 'cpf-or-cnpj',
    help: {
      en: "the guide's contributor (default: the condominium)",
      pt: 'o contribuinte da guia (padrão: o condomínio)',
    },
  },
  period: {
    flag: 'period',
    kind: 'text',
    arg: 'period',
    help: {
      en: 'DARF: período de apuração YYYY-MM-DD; GPS: competência YYYY-MM',
      pt: 'DARF: período de apuração AAAA-MM-DD; GPS: competência AAAA-MM',
    },
  },
  reference: {
    flag: 'reference',
    kind: 'text',
    arg: 'number',
    help: { en: 'DARF: its reference number (número de referência)', pt: 'DARF: o número de referência' },
  },
  other_entities_amount: {
    flag: 'other-entities',
    kind: 'cents',
    help: {
      en: 'GPS: the part of --amount due to other entities (terceiros), in reais',
      pt: 'GPS: a parte de --amount devida a outras entidades (terceiros), em reais',
    },
  },
  fgts_identifier: {
    flag: 'fgts-id',
    kind: 'text',
    arg: 'id',
    help: { en: "FGTS: the guide's identifier", pt: 'FGTS: o identificador da guia' },
  },
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
      .flatMap((fields) => offered(fields as FieldFlags))
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
