import type { Invoice, InvoicePayment } from '../../client/index.js';
import { UsageError } from '../../domain/errors.js';
import { BILLING_TYPES, boletoRefusals } from '../../domain/invoices.js';
import { centsToDecimal, decimalToCents, formatReais } from '../../domain/money.js';
import type { InvoiceCreate } from '../../domain/schemas.js';
import { bodiesFromFile, createFromFile, flagNamer, refuseFlagsWithFile, validated } from '../bodies.js';
import type { Deps } from '../context.js';
import { dateFlag, enumFlag, intFlag, publicIdArg, reaisFlag } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { ALL_FLAG, fetchList, LIMIT_FLAG, type PagingFlags } from '../lists.js';
import { type Column, fieldColumns, printJson, printList, printRecord } from '../output.js';
import type { Register } from '../program.js';

/**
 * Invoices (cobranças): a draft charge to a unit, issued into a registered boleto and a PIX BR Code. Amounts are
 * decimal reais on the wire; flags are read as cents and converted exactly.
 */

export const INVOICE_STATES = ['draft', 'issued', 'paid', 'canceled', 'overdue'] as const;

/** The invoice fields that are money (decimal reais on the wire). */
const INVOICE_MONEY = [
  'subtotal',
  'fine_amount',
  'interest_amount',
  'monetary_correction_amount',
  'discount_amount',
  'total',
  'paid_amount',
] as const;

const LIST_COLUMNS: Column<Invoice>[] = [
  { header: 'ID', value: (i) => i.public_id },
  { header: 'STATE', value: (i) => i.state },
  { header: 'UNIT', value: (i) => i.unit_label ?? i.unit_id },
  { header: 'DUE', value: (i) => i.due_date, kind: 'date' },
  { header: 'TOTAL', value: (i) => i.total, kind: 'reais' },
  { header: 'BILLING', value: (i) => i.billing_type },
  { header: 'PERIOD', value: (i) => i.period },
];

export interface ListOptions extends PagingFlags {
  state?: string;
  unit?: string;
  party?: string;
  dueFrom?: string;
  dueTo?: string;
}

export async function listInvoices(deps: Deps, opts: ListOptions): Promise<number> {
  const today = deps.today();
  const filters = {
    ...(opts.state ? { state: enumFlag('--state', opts.state, INVOICE_STATES) } : {}),
    ...(opts.unit ? { unit_id: intFlag('--unit', opts.unit) } : {}),
    ...(opts.party ? { party_id: intFlag('--party', opts.party) } : {}),
    ...(opts.dueFrom ? { due_from: dateFlag('--due-from', opts.dueFrom, today) } : {}),
    ...(opts.dueTo ? { due_to: dateFlag('--due-to', opts.dueTo, today) } : {}),
  };
  const client = await deps.client();
  const rows = await fetchList(deps, opts, (o) => client.invoices.list(filters, o));
  await printList(deps, rows, LIST_COLUMNS);
  return 0;
}

const nonZero = (v: unknown) => (typeof v === 'number' && v !== 0 ? v : '');

export async function showInvoice(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const client = await deps.client();
  const inv = await client.invoices.get(id);
  if (deps.format !== 'table') {
    if (deps.format === 'json') printJson(deps, inv);
    else printRecord(deps, inv, fieldColumns(inv, { reais: INVOICE_MONEY }));
    return 0;
  }
  const { formatLinhaDigitavel } = await import('../../formats/boleto/index.js');
  const linha = (l: string | undefined) => (l ? formatLinhaDigitavel(l) : '');
  const fields: Column<Invoice>[] = [
    { header: 'Invoice', value: (r) => r.public_id },
    { header: 'State', value: (r) => r.state },
    { header: 'Unit', value: (r) => r.unit_label ?? r.unit_id },
    { header: 'Party', value: (r) => r.party_id },
    { header: 'Bank account', value: (r) => r.bank_account_id },
    { header: 'Billing', value: (r) => r.billing_type },
    { header: 'Due date', value: (r) => r.due_date, kind: 'date' },
    { header: 'Period', value: (r) => r.period },
    { header: 'Subtotal', value: (r) => r.subtotal, kind: 'reais' },
    { header: 'Fine', value: (r) => nonZero(r.fine_amount), kind: 'reais' },
    { header: 'Interest', value: (r) => nonZero(r.interest_amount), kind: 'reais' },
    { header: 'Correction', value: (r) => nonZero(r.monetary_correction_amount), kind: 'reais' },
    { header: 'Discount', value: (r) => nonZero(r.discount_amount), kind: 'reais' },
    { header: 'Total', value: (r) => r.total, kind: 'reais' },
    { header: 'Issued', value: (r) => r.issued_at },
    { header: 'Linha digitável', value: (r) => linha(r.payment?.boleto?.linha_digitavel) },
    { header: 'Boleto', value: (r) => r.payment?.boleto?.url },
    { header: 'Notes', value: (r) => r.notes },
    { header: 'Created', value: (r) => r.created_at },
  ];
  printRecord(
    { ...deps, format: 'table' },
    inv,
    fields.filter((f) => {
      const v = f.value(inv);
      return v !== '' && v !== null && v !== undefined;
    }),
  );
  return 0;
}

export interface InvoiceFlags {
  unit?: string;
  party?: string;
  bankAccount?: string;
  billingType?: string;
  due?: string;
  subtotal?: string;
  fine?: string;
  interest?: string;
  correction?: string;
  discount?: string;
  total?: string;
  notes?: string;
  fromFile?: string;
}

const FLAG_OF: Record<string, string> = {
  unit_id: '--unit',
  party_id: '--party',
  bank_account_id: '--bank-account',
  billing_type: '--billing-type',
  due_date: '--due',
  subtotal: '--subtotal',
  fine_amount: '--fine',
  interest_amount: '--interest',
  monetary_correction_amount: '--correction',
  discount_amount: '--discount',
  total: '--total',
  notes: '--notes',
};

/**
 * The invoice total in cents: subtotal + fine + interest + monetary correction - discount. Without `--total` it is
 * computed; with it, it must be exactly that, else a usage error naming --total (nothing is sent).
 */
export function invoiceTotalCents(
  parts: { subtotal: number; fine?: number; interest?: number; correction?: number; discount?: number },
  given?: number,
): number {
  const computed =
    parts.subtotal +
    (parts.fine ?? 0) +
    (parts.interest ?? 0) +
    (parts.correction ?? 0) -
    (parts.discount ?? 0);
  const breakdown = [
    `subtotal ${formatReais(parts.subtotal)}`,
    parts.fine ? `+ fine ${formatReais(parts.fine)}` : '',
    parts.interest ? `+ interest ${formatReais(parts.interest)}` : '',
    parts.correction ? `+ correction ${formatReais(parts.correction)}` : '',
    parts.discount ? `- discount ${formatReais(parts.discount)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (given !== undefined && given !== computed) {
    throw new UsageError(
      `--total: ${formatReais(given)} does not add up: ${breakdown} = ${formatReais(computed)}`,
    );
  }
  if (computed <= 0) throw new UsageError(`--total: ${breakdown} = ${formatReais(computed)}, not positive`);
  return computed;
}

/** Flags to the request body, money converted from the flags' cents to decimal reais. */
export function invoiceBodyFromFlags(f: InvoiceFlags, today: string): Record<string, unknown> {
  if (f.subtotal === undefined) throw new UsageError('--subtotal is required');
  const cents = {
    subtotal: reaisFlag('--subtotal', f.subtotal),
    ...(f.fine !== undefined ? { fine: reaisFlag('--fine', f.fine) } : {}),
    ...(f.interest !== undefined ? { interest: reaisFlag('--interest', f.interest) } : {}),
    ...(f.correction !== undefined ? { correction: reaisFlag('--correction', f.correction) } : {}),
    ...(f.discount !== undefined ? { discount: reaisFlag('--discount', f.discount) } : {}),
  };
  const total = invoiceTotalCents(cents, f.total !== undefined ? reaisFlag('--total', f.total) : undefined);
  const body: Record<string, unknown> = {};
  if (f.unit !== undefined) body.unit_id = intFlag('--unit', f.unit);
  if (f.party !== undefined) body.party_id = intFlag('--party', f.party);
  if (f.bankAccount !== undefined) body.bank_account_id = intFlag('--bank-account', f.bankAccount);
  if (f.billingType !== undefined) {
    const v = f.billingType.trim().toUpperCase();
    if (!(BILLING_TYPES as readonly string[]).includes(v)) {
      throw new UsageError(`--billing-type: "${f.billingType}" is not one of ${BILLING_TYPES.join(', ')}`);
    }
    body.billing_type = v;
  }
  if (f.due !== undefined) body.due_date = dateFlag('--due', f.due, today);
  body.subtotal = centsToDecimal(cents.subtotal);
  if (cents.fine !== undefined) body.fine_amount = centsToDecimal(cents.fine);
  if (cents.interest !== undefined) body.interest_amount = centsToDecimal(cents.interest);
  if (cents.correction !== undefined) body.monetary_correction_amount = centsToDecimal(cents.correction);
  if (cents.discount !== undefined) body.discount_amount = centsToDecimal(cents.discount);
  body.total = centsToDecimal(total);
  if (f.notes !== undefined) body.notes = f.notes;
  return body;
}

function printCreated(deps: Deps, inv: Invoice, verb: string): void {
  if (deps.format === 'json') printJson(deps, inv);
  else if (deps.format === 'table') {
    const total = typeof inv.total === 'number' ? `${formatReais(decimalToCents(inv.total))}, ` : '';
    writeLine(
      deps.io.stdout,
      `${paint(deps.io, 'green', '✓')} ${verb} invoice ${inv.public_id} (${total}${inv.state ?? 'unknown state'})`,
    );
  } else writeLine(deps.io.stdout, inv.public_id);
}

/**
 * From flags, or `--from-file` (API fields, decimal reais; one object or an array). A file's totals are checked by
 * the schema only: the server enforces that they add up (422).
 */
export async function createInvoices(deps: Deps, flags: InvoiceFlags): Promise<number> {
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags });
    const path = flags.fromFile;
    const { bodies, single } = await bodiesFromFile(path, 'InvoiceCreate', 'invoices');
    for (const [i, body] of bodies.entries())
      refuseForBoleto(deps, body, (field) => (single ? `${path}: ${field}` : `${path}[${i}].${field}`));
    const client = await deps.client();
    if (single) {
      printCreated(deps, await client.invoices.create(bodies[0] as InvoiceCreate), 'created');
      return 0;
    }
    return createFromFile(deps, path, bodies, client.invoices.createMany, (i) => i.public_id);
  }
  const body = invoiceBodyFromFlags(flags, deps.today());
  const payload = await validated('InvoiceCreate', body, flagNamer(FLAG_OF));
  refuseForBoleto(deps, payload, flagNamer(FLAG_OF));
  const client = await deps.client();
  printCreated(deps, await client.invoices.create(payload), 'created');
  return 0;
}

/** The boleto's limits (src/domain/invoices.ts), offline: a usage error naming the flag, nothing sent. */
function refuseForBoleto(deps: Deps, body: InvoiceCreate, where: (field: string) => string): void {
  const refusals = Object.entries(boletoRefusals(body, deps.today()));
  if (refusals.length > 0)
    throw new UsageError(
      `${refusals.map(([field, msgs]) => `${where(field)}: ${msgs.join('; ')}`).join(', ')} (nothing was sent)`,
    );
}

export async function issueInvoice(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const client = await deps.client();
  const inv = await client.invoices.issue(id);
  printCreated(deps, inv, 'issued');
  if (deps.format === 'table' && inv.payment) {
    const options = [inv.payment.boleto ? 'boleto' : '', inv.payment.pix ? 'PIX' : ''].filter(Boolean);
    deps.info(`condo invoices payment ${inv.public_id}: ${options.join(' and ')}`);
  }
  return 0;
}

/**
 * The payment options of an issued invoice: the linha digitável punctuated as printed on a boleto, the boleto's
 * URL, the PIX "copia e cola"; on a terminal (table output) also the PIX QR code, drawn with half blocks.
 */
export async function showPayment(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const client = await deps.client();
  const payment = await client.invoices.payment(id);
  if (deps.format === 'json') {
    printJson(deps, payment);
    return 0;
  }
  const { formatLinhaDigitavel } = await import('../../formats/boleto/index.js');
  const linha = payment.boleto?.linha_digitavel;
  const fields: Column<InvoicePayment>[] = [
    { header: 'Linha digitável', value: () => (linha ? formatLinhaDigitavel(linha) : '') },
    { header: 'Barcode', value: (p) => p.boleto?.barcode },
    { header: 'Nosso número', value: (p) => p.boleto?.nosso_numero },
    { header: 'Boleto URL', value: (p) => p.boleto?.url },
    { header: 'PIX copia e cola', value: (p) => p.pix?.payload },
    { header: 'PIX txid', value: (p) => p.pix?.txid },
  ];
  const present = fields.filter((f) => {
    const v = f.value(payment);
    return v !== '' && v !== null && v !== undefined;
  });
  if (deps.format !== 'table') {
    const keys = ['linha_digitavel', 'barcode', 'nosso_numero', 'boleto_url', 'pix_payload', 'pix_txid'];
    printRecord(
      deps,
      payment,
      fields
        .map((f, i) => ({ ...f, header: keys[i] as string }))
        .filter((f) => {
          const v = f.value(payment);
          return v !== '' && v !== null && v !== undefined;
        }),
    );
    return 0;
  }
  if (present.length === 0) {
    deps.warn(`invoice ${id} has no payment options yet (condo invoices issue ${id})`);
    return 0;
  }
  printRecord({ ...deps, format: 'table' }, payment, present);
  const pix = payment.pix?.payload;
  if (pix && deps.io.stdout.isTTY) {
    const { renderQrTerminal } = await import('../../formats/pix/terminal.js');
    writeLine(deps.io.stdout);
    deps.io.stdout.write(renderQrTerminal(pix));
  }
  return 0;
}

export const register: Register = (program, run) => {
  const invoices = program
    .command('invoices')
    .description('invoices (cobranças): create drafts, issue boleto and PIX, show payment options');
  invoices
    .command('list')
    .description('list invoices')
    .option('--state <state>', `filter by state: ${INVOICE_STATES.join(', ')}`)
    .option('--unit <id>', 'filter by unit id (see condo units list)')
    .option('--party <id>', 'filter by party (payer) id')
    .option('--due-from <date>', 'due on or after')
    .option('--due-to <date>', 'due on or before')
    .option(...ALL_FLAG)
    .option(...LIMIT_FLAG)
    .action(run((deps, cmd) => listInvoices(deps, cmd.opts<ListOptions>())));
  invoices
    .command('show <id>')
    .description('show one invoice in detail')
    .action(run((deps, cmd) => showInvoice(deps, cmd.args[0] as string)));
  invoices
    .command('create')
    .description('create a draft invoice in the open financial period')
    .option('--unit <id>', 'unit id (see condo units list)')
    .option('--party <id>', 'party (payer) id, when not the unit owner')
    .option('--bank-account <id>', 'bank account receiving the payment (see condo bank-accounts list)')
    .option('--billing-type <type>', `how it is paid: ${BILLING_TYPES.join(', ')}`)
    .option('--due <date>', 'due date: YYYY-MM-DD, today, tomorrow, +Nd')
    .option('--subtotal <reais>', 'amount before fine, interest, correction and discount, e.g. 850,00')
    .option('--fine <reais>', 'fine (multa)')
    .option('--interest <reais>', 'interest (juros)')
    .option('--correction <reais>', 'monetary correction (correção monetária)')
    .option('--discount <reais>', 'discount')
    .option('--total <reais>', 'total; computed when omitted, refused when it does not add up')
    .option('--notes <text>', 'free notes')
    .option('--from-file <file>', 'JSON invoice body (API fields, decimal reais), or an array of them')
    .action(run((deps, cmd) => createInvoices(deps, cmd.opts<InvoiceFlags>())));
  invoices
    .command('issue <id>')
    .description('issue the payment options (registered boleto and PIX QR) of a draft invoice')
    .action(run((deps, cmd) => issueInvoice(deps, cmd.args[0] as string)));
  invoices
    .command('payment <id>')
    .description(
      'linha digitável, boleto URL and PIX copia e cola of an issued invoice (QR code on a terminal)',
    )
    .action(run((deps, cmd) => showPayment(deps, cmd.args[0] as string)));
};
