import {
  enterInvoice,
  enterInvoices,
  invoiceDetail,
  invoicePayment,
  invoicesPage,
  issueInvoice,
  unitLabels,
} from '../../app/invoices.js';
import { monthCell } from '../../app/month-words.js';
import type { Invoice, InvoicePayment } from '../../client/index.js';
import { UsageError } from '../../domain/errors.js';
import {
  boletoRefusals,
  INVOICE_FILTER_STATES,
  INVOICE_MONEY,
  type InvoiceParts,
  invoiceTotalCents,
} from '../../domain/invoices.js';
import { centsToDecimal, decimalToCents, formatReais } from '../../domain/money.js';
import type { InvoiceCreate } from '../../domain/request-bodies.js';
import { bodiesFromFile, createFromFile, refuseFlagsWithFile, validated } from '../bodies.js';
import { type FlagsOf, INVOICE_FIELDS } from '../body-fields.js';
import type { Deps } from '../context.js';
import { bodyFromFlags, flagOf } from '../fields.js';
import { dateFlag, enumFlag, intFlag, publicIdArg } from '../flags.js';
import { writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import { asWritten, type Column, fieldColumns, printJson, printRecord, writeDone } from '../output.js';
import { administradoraOf } from '../profile-settings.js';
import { namer } from '../resolve.js';

/**
 * Invoices (cobranças): a draft charge to a unit, issued into a registered boleto and a PIX BR Code. Amounts are
 * decimal reais on the wire; flags are read as cents and converted exactly.
 */

/** The invoice fields that are money (decimal reais on the wire): its own, and a payment's amount where shown. */
const MONEY_SHOWN = [...INVOICE_MONEY, 'paid_amount'] as const;

/** `unitLabel`: a unit's name for a person's table (the API sends only its id); scripts keep the id. */
const listColumns = (unitLabel?: (id: number) => string | undefined): Column<Invoice>[] => [
  { header: 'ID', value: (i) => i.public_id },
  { header: { en: 'STATE', pt: 'ESTADO' }, value: (i) => i.state, words: true },
  {
    header: { en: 'UNIT', pt: 'UNIDADE' },
    value: (i) => i.unit_label ?? (i.unit_id === undefined ? undefined : unitLabel?.(i.unit_id)) ?? i.unit_id,
  },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (i) => i.due_date, kind: 'date' },
  { header: 'TOTAL', value: (i) => i.total, kind: 'reais' },
  // a firm's table at 80 columns: the unit, due date and total before how it is billed and its month
  { header: { en: 'BILLING', pt: 'COBRANÇA' }, value: (i) => i.billing_type, words: true, drop: 1 },
  { header: { en: 'PERIOD', pt: 'PERÍODO' }, value: (i) => monthCell(i.period), drop: 2 },
];

export interface ListOptions extends PagingFlags {
  state?: string;
  unit?: string;
  party?: string;
  dueFrom?: string;
  dueTo?: string;
}

export async function invoicesList(deps: Deps, opts: ListOptions): Promise<number> {
  const today = deps.today();
  const filters = {
    ...(opts.state ? { state: enumFlag('--state', opts.state, INVOICE_FILTER_STATES) } : {}),
    ...(opts.unit ? { unit_id: intFlag('--unit', opts.unit) } : {}),
    ...(opts.party ? { party_id: intFlag('--party', opts.party) } : {}),
    ...(opts.dueFrom ? { due_from: dateFlag('--due-from', opts.dueFrom, today) } : {}),
    ...(opts.dueTo ? { due_to: dateFlag('--due-to', opts.dueTo, today) } : {}),
  };
  // "Bloco A - 201", not 3, on a person's screen (#53): the units read once; a token without cadastros.read
  // keeps the ids
  const labels = deps.format === 'table' ? await deps.app(unitLabels) : undefined;
  await showList(deps, opts, listColumns(labels && ((id) => labels.get(id))), (o) =>
    deps.app(invoicesPage, filters, o),
  );
  return 0;
}

const nonZero = (v: unknown) => (typeof v === 'number' && v !== 0 ? v : '');

export async function showInvoice(
  deps: Deps,
  idArg: string,
  opts: { pdf?: string | undefined; plans?: string | undefined } = {},
): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const inv = await deps.app(invoiceDetail, id);
  if (opts.pdf) return invoicePage(deps, inv, opts.pdf, opts.plans ?? '.');
  if (deps.format !== 'table') {
    if (deps.format === 'json') printJson(deps, inv);
    else printRecord(deps, inv, fieldColumns(inv, { reais: MONEY_SHOWN }));
    return 0;
  }
  const { formatLinhaDigitavel } = await import('../../domain/boleto/index.js');
  const linha = (l: string | undefined) => (l ? formatLinhaDigitavel(l) : '');
  const names = await namer(deps);
  const [unit, bankAccount] = await Promise.all([
    inv.unit_label ? `${inv.unit_label} (${String(inv.unit_id)})` : names.unit(inv.unit_id),
    names.bankAccount(inv.bank_account_id),
  ]);
  const fields: Column<Invoice>[] = [
    { header: { en: 'Invoice', pt: 'Cobrança' }, value: (r) => r.public_id },
    { header: { en: 'State', pt: 'Estado' }, value: (r) => r.state, words: true },
    { header: { en: 'Unit', pt: 'Unidade' }, value: () => unit },
    { header: { en: 'Party', pt: 'Pagador' }, value: (r) => r.party_id },
    { header: { en: 'Bank account', pt: 'Conta bancária' }, value: () => bankAccount },
    { header: { en: 'Billing', pt: 'Forma de cobrança' }, value: (r) => r.billing_type, words: true },
    { header: { en: 'Due date', pt: 'Vencimento' }, value: (r) => r.due_date, kind: 'date' },
    { header: { en: 'Period', pt: 'Competência' }, value: (r) => r.period },
    { header: 'Subtotal', value: (r) => r.subtotal, kind: 'reais' },
    { header: { en: 'Fine', pt: 'Multa' }, value: (r) => nonZero(r.fine_amount), kind: 'reais' },
    { header: { en: 'Interest', pt: 'Juros' }, value: (r) => nonZero(r.interest_amount), kind: 'reais' },
    {
      header: { en: 'Correction', pt: 'Correção' },
      value: (r) => nonZero(r.monetary_correction_amount),
      kind: 'reais',
    },
    { header: { en: 'Discount', pt: 'Desconto' }, value: (r) => nonZero(r.discount_amount), kind: 'reais' },
    { header: 'Total', value: (r) => r.total, kind: 'reais' },
    { header: { en: 'Issued', pt: 'Emitida em' }, value: (r) => r.issued_at, kind: 'instant' },
    { header: 'Linha digitável', value: (r) => linha(r.payment?.boleto?.linha_digitavel) },
    { header: 'Boleto', value: (r) => r.payment?.boleto?.url },
    { header: { en: 'Notes', pt: 'Observações' }, value: (r) => r.notes },
    { header: { en: 'Created', pt: 'Criado em' }, value: (r) => r.created_at, kind: 'instant' },
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

export type InvoiceFlags = FlagsOf<typeof INVOICE_FIELDS> & { fromFile?: string };

const flagName = flagOf(INVOICE_FIELDS);

/**
 * The invoice total (domain/invoices.ts): computed without `--total`; with it, it must be exactly that, else a
 * usage error naming --total and the sum (nothing is sent). Returns the total in cents.
 */
export function checkedTotal(parts: InvoiceParts, given?: number): number {
  const computed = invoiceTotalCents(parts);
  const cents = (v: number | null | undefined) => decimalToCents(v ?? 0);
  const breakdown = [
    `subtotal ${formatReais(cents(parts.subtotal))}`,
    parts.fine_amount ? `+ fine ${formatReais(cents(parts.fine_amount))}` : '',
    parts.interest_amount ? `+ interest ${formatReais(cents(parts.interest_amount))}` : '',
    parts.monetary_correction_amount
      ? `+ correction ${formatReais(cents(parts.monetary_correction_amount))}`
      : '',
    parts.discount_amount ? `- discount ${formatReais(cents(parts.discount_amount))}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (given !== undefined && decimalToCents(given) !== computed) {
    throw new UsageError({
      en: `--total: ${formatReais(decimalToCents(given))} does not add up: ${breakdown} = ${formatReais(computed)}`,
      pt: `--total: ${formatReais(decimalToCents(given))} não fecha: ${breakdown} = ${formatReais(computed)}`,
    });
  }
  if (computed <= 0)
    throw new UsageError({
      en: `--total: ${breakdown} = ${formatReais(computed)}, not positive`,
      pt: `--total: ${breakdown} = ${formatReais(computed)}, não é positivo`,
    });
  return computed;
}

/** Flags to the request body (decimal reais), the total computed or checked. */
export function invoiceBodyFromFlags(f: InvoiceFlags, today: string): Record<string, unknown> {
  if (f.subtotal === undefined)
    throw new UsageError({ en: '--subtotal is required', pt: '--subtotal é obrigatório' });
  const { total, ...body } = bodyFromFlags(INVOICE_FIELDS, f, today);
  return {
    ...body,
    total: centsToDecimal(checkedTotal(body as unknown as InvoiceParts, total as number | undefined)),
  };
}

function printCreated(deps: Deps, inv: Invoice, verb: 'created' | 'issued'): void {
  if (deps.format === 'json') printJson(deps, inv);
  else if (deps.format === 'table') {
    const total = typeof inv.total === 'number' ? `${formatReais(decimalToCents(inv.total))}, ` : '';
    const state = `${total}${deps.t(inv.state ?? 'unknown')}`;
    const done = {
      created: {
        en: `created invoice ${inv.public_id} (${state})`,
        pt: `cobrança ${inv.public_id} criada (${state})`,
      },
      issued: {
        en: `issued invoice ${inv.public_id} (${state})`,
        pt: `cobrança ${inv.public_id} emitida (${state})`,
      },
    }[verb];
    writeDone(deps, done);
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
    if (single) {
      printCreated(deps, await deps.app(enterInvoice, bodies[0] as InvoiceCreate), 'created');
      return 0;
    }
    return createFromFile(
      deps,
      path,
      bodies,
      (items, opts) => deps.app(enterInvoices, items, opts),
      (i) => i.public_id,
    );
  }
  const body = invoiceBodyFromFlags(flags, deps.today());
  const payload = await validated('InvoiceCreate', body, flagName);
  refuseForBoleto(deps, payload, flagName);
  printCreated(deps, await deps.app(enterInvoice, payload), 'created');
  return 0;
}

/** The boleto's limits (src/domain/invoices.ts), offline: a usage error naming the flag, nothing sent. */
function refuseForBoleto(deps: Deps, body: InvoiceCreate, where: (field: string) => string): void {
  const refusals = Object.entries(boletoRefusals(body, deps.today()));
  // (the limits' own words are English still: domain/invoices.ts declares no Portuguese for them)
  const said = refusals.map(([field, msgs]) => `${where(field)}: ${msgs.join('; ')}`).join(', ');
  if (refusals.length > 0)
    throw new UsageError({ en: `${said} (nothing was sent)`, pt: `${said} (nada foi enviado)` });
}

export async function invoicesIssue(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const inv = await deps.app(issueInvoice, id);
  printCreated(deps, inv, 'issued');
  if (deps.format === 'table' && inv.payment) {
    const options = [inv.payment.boleto ? 'boleto' : '', inv.payment.pix ? 'PIX' : ''].filter(Boolean);
    deps.info({
      en: `condo invoices payment ${inv.public_id}: ${options.join(' and ')}`,
      pt: `condo invoices payment ${inv.public_id}: ${options.join(' e ')}`,
    });
  }
  return 0;
}

/**
 * The payment options of an issued invoice: the linha digitável punctuated as printed on a boleto, the boleto's
 * URL, the PIX "copia e cola"; on a terminal (table output) also the PIX QR code, drawn with half blocks.
 */
export async function showPayment(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const payment = await deps.app(invoicePayment, id);
  if (deps.format === 'json') {
    printJson(deps, payment);
    return 0;
  }
  const { formatLinhaDigitavel } = await import('../../domain/boleto/index.js');
  const linha = payment.boleto?.linha_digitavel;
  const fields: Column<InvoicePayment>[] = [
    { header: 'Linha digitável', value: () => (linha ? formatLinhaDigitavel(linha) : '') },
    { header: { en: 'Barcode', pt: 'Código de barras' }, value: (p) => p.boleto?.barcode },
    { header: 'Nosso número', value: (p) => p.boleto?.nosso_numero },
    { header: { en: 'Boleto URL', pt: 'URL do boleto' }, value: (p) => p.boleto?.url },
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
        .map((f, i) => ({ ...f, header: asWritten(keys[i] as string) }))
        .filter((f) => {
          const v = f.value(payment);
          return v !== '' && v !== null && v !== undefined;
        }),
    );
    return 0;
  }
  if (present.length === 0) {
    deps.warn({
      en: `invoice ${id} has no payment options yet (condo invoices issue ${id})`,
      pt: `a cobrança ${id} ainda não tem formas de pagamento (condo invoices issue ${id})`,
    });
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

/** The resident's page of one invoice (#68 point 2), what each part is of from its plan where the file is at hand. */
async function invoicePage(deps: Deps, inv: Invoice, file: string, plans: string): Promise<number> {
  const [{ planOfInvoice }, { pageFactsOf, pageOfInvoice }, { writeResidentPdf }, creds, administradora] =
    await Promise.all([
      import('../../app/billing-apply.js'),
      import('../../app/resident-pages.js'),
      import('../resident-pdf.js'),
      deps.credentials(),
      administradoraOf(deps),
    ]);
  const plan = await planOfInvoice(inv, plans, creds.condominium);
  const facts = await deps.app(pageFactsOf, new Map(), administradora);
  await writeResidentPdf([pageOfInvoice(inv, plan, facts)], file);
  deps.info(
    plan
      ? { en: `the page written to ${file}`, pt: `página gravada em ${file}` }
      : {
          en: `the page written to ${file} (its parts from the invoice: no plan file of it in ${plans})`,
          pt: `página gravada em ${file} (as partes pela cobrança: nenhum arquivo de plano dela em ${plans})`,
        },
    true,
  );
  return 0;
}
