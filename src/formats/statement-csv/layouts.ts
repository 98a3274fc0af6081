/** Header recognition for CSV statements: known Brazilian bank layouts and a generic synonym table. */

export type Role =
  | 'date'
  | 'amount'
  | 'credit'
  | 'debit'
  | 'description'
  | 'details'
  | 'id'
  | 'document'
  | 'type'
  | 'balance'
  | 'currency';

export const MAPPABLE_ROLES: readonly Role[] = [
  'date',
  'amount',
  'credit',
  'debit',
  'description',
  'details',
  'id',
  'document',
  'type',
  'balance',
  'currency',
];

export type LayoutName = 'nubank' | 'nubank-card' | 'bb' | 'generic' | 'mapped' | 'headerless';

export interface Layout {
  name: LayoutName;
  columns: Partial<Record<Role, number>>;
  bankId: string | null;
  accountType: string | null;
  currency: string | null;
  /** Card exports list purchases as positive numbers. */
  invertSign: boolean;
}

/** Lower case, accents and everything but letters and digits removed: `Descrição` -> `descricao`. */
export function normalizeHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Synonyms per role, best first. */
const SYNONYMS: Record<Exclude<Role, 'details'>, string[]> = {
  date: [
    'data',
    'date',
    'posteddate',
    'postingdate',
    'datalancamento',
    'datadelancamento',
    'datamovimento',
    'datamovimentacao',
    'dtlancamento',
    'bookingdate',
    'transactiondate',
    'datedevaleur',
    'dateoperation',
    'journaldate',
    'fecha',
    'datum',
    'buchungstag',
    'valuedate',
    'created',
  ],
  amount: [
    'valor',
    'amount',
    'valorrs',
    'valorr',
    'quantia',
    'montante',
    'importe',
    'betrag',
    'netamount',
    'montant',
  ],
  credit: [
    'credito',
    'credit',
    'creditamount',
    'creditos',
    'credits',
    'deposit',
    'deposits',
    'deposito',
    'entrada',
    'entradas',
  ],
  debit: [
    'debito',
    'debit',
    'debitamount',
    'debitos',
    'debits',
    'withdrawal',
    'withdrawals',
    'saida',
    'saidas',
  ],
  description: [
    'descricao',
    'description',
    'historico',
    'lancamento',
    'desc',
    'title',
    'titulo',
    'memo',
    'detalhes',
    'details',
    'name',
    'partnername',
    'payee',
    'beneficiario',
    'originaldescription',
    'reason',
    'narrative',
    'descripcion',
    'libelle',
    'description1',
  ],
  id: ['identificador', 'id', 'fitid', 'transactionid', 'idtransacao', 'iddatransacao'],
  document: [
    'documento',
    'ndocumento',
    'nodocumento',
    'numerodocumento',
    'numerododocumento',
    'checknumber',
    'checknum',
    'cheque',
    'num',
    'reference',
    'referencia',
    'referenceid',
  ],
  type: [
    'tipo',
    'type',
    'transactiontype',
    'tipolancamento',
    'tipodelancamento',
    'dc',
    'creditdebit',
    'debitcredit',
    'natureza',
  ],
  balance: ['saldo', 'balance', 'runningbalance', 'solde', 'saldors'],
  currency: ['moeda', 'currency', 'monn', 'devise', 'waehrung', 'wahrung'],
};

function find(headers: string[], names: string[], taken: Set<number>): number | undefined {
  for (const name of names) {
    const i = headers.findIndex((h, k) => h === name && !taken.has(k));
    if (i !== -1) return i;
  }
  return undefined;
}

/** Recognizes a header row; null when the record is not one. */
export function detectLayout(fields: string[]): Layout | null {
  const h = fields.map(normalizeHeader);
  const joined = h.filter((x) => x !== '').join(',');
  const base = { bankId: null, accountType: null, currency: null, invertSign: false };
  if (joined === 'data,valor,identificador,descricao') {
    return {
      ...base,
      name: 'nubank',
      columns: { date: 0, amount: 1, id: 2, description: 3 },
      bankId: '0260',
      accountType: 'CHECKING',
      currency: 'BRL',
    };
  }
  if (joined === 'date,title,amount' || joined === 'date,category,title,amount') {
    const n = h.length === 3 ? 0 : 1;
    return {
      ...base,
      name: 'nubank-card',
      columns: { date: 0, description: 1 + n, amount: 2 + n },
      bankId: '0260',
      accountType: 'CREDITCARD',
      currency: 'BRL',
      invertSign: true,
    };
  }
  const taken = new Set<number>();
  const pick = (role: Exclude<Role, 'details'>, names = SYNONYMS[role]) => {
    const i = find(h, names, taken);
    if (i !== undefined) taken.add(i);
    return i;
  };
  const columns: Partial<Record<Role, number>> = {};
  const isBb =
    h.includes('valor') &&
    (h.includes('historico') || h.includes('lancamento')) &&
    h.some((x) =>
      ['dependenciaorigem', 'detalhes', 'numerodocumento', 'ndocumento', 'nodocumento'].includes(x),
    );
  if (isBb) {
    columns.date = pick('date', ['data']);
    columns.description = pick('description', ['lancamento', 'historico']);
    const details = find(h, ['detalhes'], taken);
    if (details !== undefined) {
      columns.details = details;
      taken.add(details);
    }
    columns.amount = pick('amount', ['valor']);
    columns.document = pick('document');
    columns.type = pick('type', ['tipolancamento']);
    if (columns.date === undefined || columns.amount === undefined) return null;
    return { ...base, name: 'bb', columns, bankId: '001', accountType: 'CHECKING', currency: 'BRL' };
  }
  columns.date = pick('date');
  if (columns.date === undefined) return null;
  columns.amount =
    pick('amount') ??
    pick(
      'amount',
      h.filter((x) => /^(amount|valor|montant)/.test(x)),
    );
  if (columns.amount === undefined) {
    columns.credit =
      pick('credit') ??
      pick(
        'credit',
        h.filter((x) => /^(credit|credito)/.test(x)),
      );
    columns.debit =
      pick('debit') ??
      pick(
        'debit',
        h.filter((x) => /^(debit|debito)/.test(x)),
      );
    if (columns.credit === undefined || columns.debit === undefined) return null;
  }
  columns.id = pick('id');
  columns.document = pick('document');
  if (h.includes('description1')) {
    // UBS: `Description` names the product; the transaction's text is in `Description 1`, `Description 2`.
    columns.description = pick('description', ['description1']);
    const details = find(h, ['description2'], taken);
    if (details !== undefined) {
      columns.details = details;
      taken.add(details);
    }
  } else columns.description = pick('description');
  columns.type = pick('type');
  columns.balance = pick('balance');
  columns.currency = pick('currency');
  const amountHeader = columns.amount !== undefined ? (fields[columns.amount] ?? '') : '';
  const currency = /\(([A-Z]{3})\)/.exec(amountHeader)?.[1] ?? null;
  return { ...base, name: 'generic', columns, currency };
}

/** Builds the layout for an explicit `--csv-columns` mapping; returns the missing names when it does not fit. */
export function mapLayout(
  fields: string[] | null,
  mapping: Record<string, string>,
): { layout: Layout; missing: string[] } {
  const h = fields?.map(normalizeHeader) ?? [];
  const columns: Partial<Record<Role, number>> = {};
  const missing: string[] = [];
  for (const [role, ref] of Object.entries(mapping)) {
    const trimmed = ref.trim();
    let index = h.indexOf(normalizeHeader(trimmed));
    if (index === -1 && /^#?\d+$/.test(trimmed)) index = Number(trimmed.replace('#', '')) - 1;
    if (index < 0) missing.push(ref);
    else columns[role as Role] = index;
  }
  return {
    layout: { name: 'mapped', columns, bankId: null, accountType: null, currency: null, invertSign: false },
    missing,
  };
}

const BALANCE_LABELS =
  /^(saldo( (anterior|do dia|dia|final|atual|inicial|disponivel|total|parcial|bloqueado|em c\/c|em conta corrente|em conta))?|s a l d o)$/;

/** Banco do Brasil (and others) put balance lines among the rows: `Saldo Anterior`, `S A L D O`, `Saldo do dia`. */
export function isBalanceLabel(label: string): boolean {
  const l = label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
  return BALANCE_LABELS.test(l);
}

/** `debit`/`credit` markers in a type column (`D`, `C`, `Débito`, `Entrada`, `withdrawal`...). */
export function signOfType(value: string): -1 | 1 | 0 {
  const v = normalizeHeader(value);
  if (['d', 'db', 'dr', 'debit', 'debito', 'saida', 'withdrawal', 'debitos'].includes(v)) return -1;
  if (['c', 'cr', 'credit', 'credito', 'entrada', 'deposit', 'creditos'].includes(v)) return 1;
  return 0;
}
