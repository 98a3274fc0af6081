/**
 * `condo nfse import` (#55): each service invoice becomes the supplier's payable of the net, and each tax the
 * condominium withheld grows that month's payable of the tax (DCTFWeb issues one DARF a month for the federal
 * withholdings; the municipality its own ISS guide). Everything an invoice needs is decided before anything of it
 * is written, so a refused invoice leaves nothing behind; every write is keyed (the access key, the tax and its
 * month), so a re-run or a retry after a crash writes nothing twice.
 */

import type { Client as CondoClient } from '../client/index.js';
import type { Payable, Supplier } from '../client/types.js';
import { addDays, formatDateBr, formatMonthBr, type IsoDate } from '../domain/dates.js';
import { isValidCnpj, isValidDocument } from '../domain/documents.js';
import { formatReais } from '../domain/money.js';
import { dueOn, dueRuleOf, monthAfter, withholdingMonth } from '../domain/nfse/deadlines.js';
import { invoiceIdentity, type TaxGuide, withheldByGuide } from '../domain/nfse/invoice.js';
import type { WithholdingPolicy } from '../domain/nfse/withholding.js';
import { latestChartAccount } from '../domain/payables.js';
import type { Text } from '../domain/text.js';
import { type CancellationLine, cancelInvoices } from './nfse-cancellations.js';
import type { NfseFiles, ReviewedInvoice } from './nfse-files.js';
import {
  invoiceNotes,
  keyed,
  listsInvoice,
  namesAnInvoice,
  namesInvoice,
  taxGuideOf,
  taxMarker,
  withInvoice,
} from './nfse-notes.js';

export interface NfseImportOptions {
  dryRun: boolean;
  /** the supplier's payment date when no DDA boleto gives one */
  due?: IsoDate | undefined;
  /** the firm's term, days after the issue, when neither --due nor a boleto says */
  termDays: number;
  issDue?: IsoDate | undefined;
  createSuppliers: boolean;
  acceptComputed: boolean;
  chartAccount?: number | undefined;
  policy: WithholdingPolicy;
  today: IsoDate;
}

/** What was done with one invoice. */
export interface InvoiceLine {
  /** the profile whose condominium took it (a run over the firm's profiles) */
  condominium?: string;
  status:
    | 'created'
    | 'would create'
    | 'linked'
    | 'would link'
    | 'replayed'
    | 'differs'
    | 'refused'
    | 'unknown provider'
    | 'no chart account'
    | 'gross boleto'
    | 'not authorised';
  file: string;
  number: string | null;
  access_key: string | null;
  provider: string | null;
  net_cents: number;
  due_date: IsoDate | null;
  payable_id: string | null;
  note: Text;
}

/** A tax's payable of the month, as this run left it. */
export interface TaxLine {
  condominium?: string;
  status: 'created' | 'would create' | 'grew' | 'would grow';
  tax: TaxGuide;
  month: string;
  amount_cents: number;
  added_cents: number;
  due_date: IsoDate;
  payable_id: string | null;
  invoices: string[];
  note: Text;
}

export type { CancellationLine };

export interface NfseImportResult {
  invoices: InvoiceLine[];
  taxes: TaxLine[];
  cancellations: CancellationLine[];
  wrote: number;
}

const TAX_TITLES: Record<TaxGuide, string> = {
  inss: 'INSS retido (cessão de mão de obra)',
  pcc: 'PIS/COFINS/CSLL retidos',
  irrf: 'IRRF retido',
  iss: 'ISS retido',
};
/** An invoice as a tax's payable lists it, and as the supplier's payable names it. */
const invoiceId = (r: ReviewedInvoice) => invoiceIdentity(r.invoice.provider.document, r.invoice.number);

/** The month a tax counts in: ISS the issue's; the others by their rule (INSS the issue's, the federal ones the payment's). */
const taxMonth = (tax: TaxGuide, issue: IsoDate, payment: IsoDate) =>
  tax === 'iss' ? issue.slice(0, 7) : withholdingMonth(dueRuleOf(tax), { issue, payment });

/** When a month's tax is due: by its rule; ISS on the municipality's date, else the 10th (said so). */
const taxDue = (tax: TaxGuide, month: string, issDue: IsoDate | undefined): IsoDate =>
  tax === 'iss' ? (issDue ?? `${monthAfter(`${month}-01`)}-10`) : dueOn(dueRuleOf(tax), `${month}-01`);

/** How the supplier is paid, by what it has: a TED to its bank, else a PIX to its key, else a boleto to come. */
const methodOf = (s: Supplier): 'ted' | 'pix' | 'boleto' => (s.bank ? 'ted' : s.pix_key ? 'pix' : 'boleto');

/** What the run reads once and keeps up to date as it writes. */
interface Ledger {
  client: CondoClient;
  condominium: { name: string; document: string };
  suppliers: Supplier[];
  payables: Payable[];
  taxLines: Map<string, TaxLine>;
  result: NfseImportResult;
}

/** One invoice ready to be written: its supplier (or the one to create), where it goes and what it withholds. */
interface InvoicePlan {
  reviewed: ReviewedInvoice;
  key: string;
  supplier: Supplier | undefined;
  document: string;
  chart: number;
  boleto: Payable | undefined;
  issue: IsoDate;
  payment: IsoDate;
  withheld: [TaxGuide, number][];
}

export async function importNfse(
  client: CondoClient,
  read: NfseFiles,
  opts: NfseImportOptions,
): Promise<NfseImportResult> {
  const [condominium, supplierList, payableList] = await Promise.all([
    client.condominiums.get(),
    client.suppliers.list(),
    client.payables.list({}, { all: true }),
  ]);
  const ledger: Ledger = {
    client,
    condominium: { name: String(condominium.name ?? ''), document: String(condominium.document ?? '') },
    suppliers: [...supplierList],
    payables: [...payableList],
    taxLines: new Map(),
    result: { invoices: [], taxes: [], cancellations: [], wrote: 0 },
  };
  for (const reviewed of read.invoices) {
    const plan = planInvoice(ledger, reviewed, opts);
    if ('status' in plan) {
      ledger.result.invoices.push(plan);
      continue;
    }
    if (opts.dryRun) {
      ledger.result.invoices.push(
        lineOf(reviewed, plan.boleto ? 'would link' : 'would create', dueNote(plan.boleto, opts), {
          due_date: plan.payment,
          payable_id: plan.boleto?.public_id ?? null,
        }),
      );
      for (const [tax, cents] of plan.withheld)
        growTax(
          ledger.taxLines,
          tax,
          taxMonth(tax, plan.issue, plan.payment),
          cents,
          plan.reviewed,
          opts,
          true,
        );
      continue;
    }
    await writeInvoice(ledger, plan, opts);
  }
  ledger.result.taxes = [...ledger.taxLines.values()];
  await cancelInvoices(client, read, ledger.payables, opts.dryRun, ledger.result);
  return ledger.result;
}

/** An invoice's line in the output. */
function lineOf(
  reviewed: ReviewedInvoice,
  status: InvoiceLine['status'],
  note: Text,
  extra: Partial<InvoiceLine> = {},
): InvoiceLine {
  const { invoice } = reviewed;
  return {
    status,
    file: reviewed.file,
    number: invoice.number,
    access_key: invoice.access_key,
    provider: invoice.provider.name,
    net_cents: reviewed.review.computed.net_cents,
    due_date: null,
    payable_id: null,
    note,
    ...extra,
  };
}

/**
 * What an invoice needs, decided before anything of it is written; or the line that says why it is not imported
 * (another condominium's, a provider's CNPJ that fails, a DPS, imported before, a divergence, an unknown provider).
 */
function planInvoice(
  ledger: Ledger,
  reviewed: ReviewedInvoice,
  opts: NfseImportOptions,
): InvoicePlan | InvoiceLine {
  const { invoice } = reviewed;
  const { condominium, payables } = ledger;
  const key = invoice.access_key ?? invoiceId(reviewed);
  const line = (status: InvoiceLine['status'], note: Text, extra: Partial<InvoiceLine> = {}) =>
    lineOf(reviewed, status, note, extra);
  if (invoice.taker.document !== condominium.document)
    return line('refused', {
      en: `its taker is ${invoice.taker.document ?? 'not stated'} (${invoice.taker.name ?? '?'}), not ${condominium.name} (${condominium.document})`,
      pt: `o tomador é ${invoice.taker.document ?? 'não informado'} (${invoice.taker.name ?? '?'}), não o ${condominium.name} (${condominium.document})`,
    });
  const document = invoice.provider.document ?? '';
  if (!(document.length === 14 ? isValidCnpj(document) : isValidDocument(document)))
    return line('refused', {
      en: `the provider's CNPJ ${document || '(none)'} fails its check digits`,
      pt: `o CNPJ do prestador ${document || '(nenhum)'} não confere nos dígitos verificadores`,
    });
  if (invoice.kind === 'dps')
    return line('not authorised', {
      en: 'a DPS, not yet an authorised NFS-e: import the NFS-e the system issues for it',
      pt: 'uma DPS, ainda não é NFS-e autorizada: importe a NFS-e que o sistema emitir para ela',
    });
  const existing = payables.find((p) => namesInvoice(p, key));
  if (existing)
    return line(
      'replayed',
      { en: 'imported before', pt: 'já importada' },
      { payable_id: existing.public_id },
    );
  if (reviewed.review.divergences.length > 0 && !opts.acceptComputed) {
    const taxes = reviewed.review.divergences.map((d) => d.tax.toUpperCase()).join(', ');
    return line('differs', {
      en: `${taxes}: the invoice declares otherwise than the rules (condo nfse check ${reviewed.file} --explain); --accept-computed imports the rules' figures`,
      pt: `${taxes}: a nota declara diferente das regras (condo nfse check ${reviewed.file} --explain); --accept-computed importa os valores das regras`,
    });
  }
  const supplier = ledger.suppliers.find((s) => s.document === document);
  if (!supplier && !opts.createSuppliers)
    return line('unknown provider', {
      en: `no supplier has CNPJ ${document}: --create-suppliers creates it`,
      pt: `nenhum fornecedor tem o CNPJ ${document}: --create-suppliers o cria`,
    });
  const chart = opts.chartAccount ?? (supplier ? latestChartAccount(payables, supplier.id) : undefined);
  if (chart === undefined)
    return line('no chart account', {
      en: 'no chart account to take from the supplier: give --chart-account',
      pt: 'sem conta contábil do fornecedor de onde tirar: dê --chart-account',
    });
  const issue = invoice.issue_date ?? opts.today;
  const net = reviewed.review.computed.net_cents;
  // a boleto the DDA brought in for this supplier, of the net or the gross, not yet paying another invoice
  const boleto = supplier
    ? payables.find(
        (p) =>
          p.supplier_id === supplier.id &&
          p.forma_pagamento === 'boleto' &&
          p.state === 'pending' &&
          (p.amount === net || p.amount === invoice.service_value_cents) &&
          !namesAnInvoice(p),
      )
    : undefined;
  // a boleto of the gross cannot be paid at the net (its barcode carries its value), nor paid whole while the taxes
  // are withheld besides: the supplier owes a boleto of the net
  if (boleto && boleto.amount !== net)
    return line(
      'gross boleto',
      {
        en: `its DDA boleto ${boleto.public_id} is of the gross ${formatReais(boleto.amount ?? 0)}, the invoice's net is ${formatReais(net)}: ask the supplier for a boleto of the net (or delete that payable), then import again`,
        pt: `o boleto do DDA ${boleto.public_id} é do bruto ${formatReais(boleto.amount ?? 0)}, o líquido da nota é ${formatReais(net)}: peça ao fornecedor um boleto do líquido (ou apague essa conta) e importe de novo`,
      },
      { payable_id: boleto.public_id },
    );
  const payment = boleto?.due_date ?? opts.due ?? addDays(issue, opts.termDays);
  // the rules again, now the payment date is known: the federal taxes' month is the payment's
  const withheld = Object.entries(withheldByGuide(reviewed.review.computed)) as [TaxGuide, number][];
  return { reviewed, key, supplier, document, chart, boleto, issue, payment, withheld };
}

/** The taxes first, the supplier's payable last: the supplier's payable is what says the invoice is in. */
async function writeInvoice(ledger: Ledger, plan: InvoicePlan, opts: NfseImportOptions): Promise<void> {
  const { client, result } = ledger;
  const { reviewed, key } = plan;
  const invoice = reviewed.invoice;
  let supplier = plan.supplier;
  if (!supplier) {
    supplier = await client.suppliers.create(
      { name: (invoice.provider.name ?? plan.document).slice(0, 120), document: plan.document },
      { idempotencyKey: `nfse-supplier-${plan.document}` },
    );
    ledger.suppliers.push(supplier);
    result.wrote++;
  }
  for (const [tax, cents] of plan.withheld) await addToTax(ledger, plan, tax, cents, opts);
  const notes = invoiceNotes(invoice.number, key, reviewed.file);
  if (plan.boleto) {
    const updated = await client.payables.update(plan.boleto.public_id, {
      notes: [plan.boleto.notes, notes].filter(Boolean).join('\n').slice(0, 2000),
    });
    ledger.payables[ledger.payables.indexOf(plan.boleto)] = updated;
    result.wrote++;
    result.invoices.push(
      lineOf(reviewed, 'linked', dueNote(plan.boleto, opts), {
        due_date: updated.due_date ?? null,
        payable_id: updated.public_id,
      }),
    );
    return;
  }
  const created = await client.payables.create(
    {
      supplier_id: supplier.id,
      chart_of_accounts_id: plan.chart,
      amount: reviewed.review.computed.net_cents,
      forma_pagamento: methodOf(supplier),
      due_date: plan.payment,
      issue_date: plan.issue,
      description: `NFS-e ${invoice.number ?? ''} ${supplier.name}`.trim().slice(0, 255),
      notes,
    },
    { idempotencyKey: `nfse-${keyed(key)}` },
  );
  ledger.payables.push(created);
  result.wrote++;
  result.invoices.push(
    lineOf(reviewed, 'created', dueNote(undefined, opts), {
      due_date: plan.payment,
      payable_id: created.public_id,
    }),
  );
}

/** One invoice's tax added to the month's payable of that tax: created the first time, grown after. */
async function addToTax(
  ledger: Ledger,
  plan: InvoicePlan,
  tax: TaxGuide,
  cents: number,
  opts: NfseImportOptions,
): Promise<void> {
  const { client, payables, condominium, result } = ledger;
  const month = taxMonth(tax, plan.issue, plan.payment);
  const tl = growTax(ledger.taxLines, tax, month, cents, plan.reviewed, opts, false);
  // the month's payables of this tax: one, or more when the first was already paid (or marked) or listed as many
  // invoices as its notes hold, each a guide of its own
  const ofMonth = payables.filter((p) => {
    const guide = taxGuideOf(p);
    return guide?.tax === tax && guide.month === month;
  });
  if (ofMonth.some((p) => listsInvoice(p, plan.key))) return; // a retry after a crash
  const open = ofMonth.find((p) => p.state === 'pending' && withInvoice(p, plan.key, cents) !== null);
  if (open) {
    const updated = await client.payables.update(open.public_id, {
      amount: (open.amount ?? 0) + cents,
      notes: withInvoice(open, plan.key, cents),
    });
    payables[payables.indexOf(open)] = updated;
    tl.payable_id = updated.public_id;
    tl.amount_cents = updated.amount ?? 0;
    if (tl.status !== 'created') tl.status = 'grew';
  } else {
    const nth = ofMonth.length + 1;
    const created = await client.payables.create(
      {
        chart_of_accounts_id: plan.chart,
        payee_name:
          tax === 'iss' ? `Prefeitura (ISS ${formatMonthBr(month)})` : 'Receita Federal (DARF da DCTFWeb)',
        amount: cents,
        forma_pagamento: 'boleto',
        due_date: tl.due_date,
        description: `${TAX_TITLES[tax]} ${formatMonthBr(month)}${nth > 1 ? ` (${nth}ª guia)` : ''}${tax === 'iss' ? '' : ', aguardando a guia da DCTFWeb'}`,
        notes: withInvoice({ notes: taxMarker(tax, month, nth) }, plan.key, cents),
      },
      { idempotencyKey: `nfse-tax-${condominium.document}-${tax}-${month}-${keyed(plan.key)}` },
    );
    payables.push(created);
    tl.payable_id = created.public_id;
    tl.amount_cents = created.amount ?? cents;
    tl.status = 'created';
    if (nth > 1)
      tl.note = {
        en: `another guide for the month (its earlier payable is paid, marked, or lists as many invoices as it holds): ${tl.note.en}`,
        pt: `outra guia do mês (a conta anterior está paga, marcada, ou já lista tantas notas quanto cabem): ${tl.note.pt}`,
      };
  }
  result.wrote++;
}

/** Where the supplier's due date came from: a boleto of the DDA, --due, or the firm's term. */
function dueNote(boleto: Payable | undefined, opts: NfseImportOptions): Text {
  if (boleto)
    return {
      en: `its DDA boleto ${boleto.public_id}, due ${formatDateBr(boleto.due_date)}`,
      pt: `o boleto do DDA ${boleto.public_id}, vence ${formatDateBr(boleto.due_date)}`,
    };
  if (opts.due) return { en: 'due as --due says', pt: 'vencimento de --due' };
  return {
    en: `due ${opts.termDays} days after its issue (the firm's term: condo config set --firm nfse.payment_days N)`,
    pt: `vence ${opts.termDays} dias após a emissão (prazo da administradora: condo config set --firm nfse.payment_days N)`,
  };
}

/** This run's line of a tax's month, the invoice's amount added to it. */
function growTax(
  lines: Map<string, TaxLine>,
  tax: TaxGuide,
  month: string,
  cents: number,
  r: ReviewedInvoice,
  opts: NfseImportOptions,
  dryRun: boolean,
): TaxLine {
  const id = `${tax} ${month}`;
  let tl = lines.get(id);
  if (!tl) {
    tl = {
      status: dryRun ? 'would create' : 'grew',
      tax,
      month,
      amount_cents: 0,
      added_cents: 0,
      due_date: taxDue(tax, month, opts.issDue),
      payable_id: null,
      invoices: [],
      note:
        tax === 'iss' && !opts.issDue
          ? {
              en: `the municipality's due date is not known: set to the 10th; --iss-due DATE, or condo payables update --due`,
              pt: 'o vencimento do município não é conhecido: posto no dia 10; --iss-due DATA, ou condo payables update --due',
            }
          : tax === 'iss'
            ? { en: '', pt: '' }
            : {
                en: 'awaiting the DCTFWeb guide: condo payables update ID --document BARCODE',
                pt: 'aguardando a guia da DCTFWeb: condo payables update ID --document CÓDIGO',
              },
    };
    lines.set(id, tl);
  }
  tl.added_cents += cents;
  if (dryRun) tl.amount_cents += cents;
  tl.invoices.push(invoiceId(r));
  return tl;
}

/** The invoices and cancellations of some files, as one condominium's share of them. */
export function shareOf(read: NfseFiles, invoices: ReviewedInvoice[]): NfseFiles {
  return { ...read, invoices, unread: [], warnings: [] };
}

/** Several condominiums' results as one, each line naming whose it is. */
export function mergeResults(parts: { condominium: string; result: NfseImportResult }[]): NfseImportResult {
  const out: NfseImportResult = { invoices: [], taxes: [], cancellations: [], wrote: 0 };
  for (const { condominium, result } of parts) {
    out.invoices.push(...result.invoices.map((l) => ({ condominium, ...l })));
    out.taxes.push(...result.taxes.map((l) => ({ condominium, ...l })));
    // a cancellation is looked for everywhere: "not found" only where no condominium found it
    out.cancellations.push(
      ...result.cancellations.filter((c) => c.status !== 'not found').map((l) => ({ condominium, ...l })),
    );
    out.wrote += result.wrote;
  }
  const keys = new Set(parts.flatMap((p) => p.result.cancellations.map((c) => c.access_key)));
  for (const key of keys)
    if (!out.cancellations.some((c) => c.access_key === key))
      out.cancellations.push({ status: 'not found', access_key: key, payable_id: null, state: null });
  return out;
}
