import { acrossProfiles } from '../../app/firm.js';
import type { NfseFiles, ReviewedInvoice } from '../../app/nfse-files.js';
import type {
  CancellationLine,
  InvoiceLine,
  NfseImportOptions,
  NfseImportResult,
  TaxLine,
} from '../../app/nfse-import.js';
import { taxGuideOf } from '../../app/nfse-notes.js';
import { payablesPage } from '../../app/payables.js';
import { condominiumDocument } from '../../app/registers.js';
import { formatDateBr } from '../../domain/dates.js';
import type { Message } from '../../domain/message.js';
import { taxName } from '../../domain/nfse/findings.js';
import { withheldCents } from '../../domain/nfse/invoice.js';
import type { WithholdingPolicy } from '../../domain/nfse/withholding.js';
import type { Text } from '../../domain/text.js';
import { type Deps, said } from '../context.js';
import { ExitCode, outcomeOf } from '../exit-codes.js';
import { dateFlag, monthFlag } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { type Column, printJson, printList, wrapMessage } from '../output.js';
import { nothingToImport } from '../per-file.js';
import { sayReplayed } from '../report.js';
import { resolveChartAccountId } from '../resolve.js';

/**
 * `condo nfse check` (#55): service invoices (NFS-e) read offline, like `cnab lint`; what a condominium taker
 * withholds worked out by the rules file (domain/nfse/withholding-rules.json) and compared with what each invoice
 * declares. Exit 0 when every invoice agrees, 1 when one differs, 2 when a file cannot be read.
 */

export interface NfseCheckOptions {
  explain?: boolean;
  allowEmpty?: boolean;
}

/** The firm's policy, as a profile reads it (its own value, else the firm's): IRRF is not withheld unless set. */
export async function policyOf(deps: Deps): Promise<WithholdingPolicy> {
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  const value = (await deps.config()).setting(profileName, 'nfse.withhold_irrf');
  return { withholdIrrf: value === true };
}

const STATUS: Record<'agrees' | 'differs', Text> = {
  agrees: { en: 'agrees', pt: 'confere' },
  differs: { en: 'differs', pt: 'diverge' },
};

const statusOf = (r: ReviewedInvoice) => (r.review.divergences.length > 0 ? 'differs' : 'agrees');
const withheldOf = (r: ReviewedInvoice) => withheldCents(r.review.computed);

// a person tells invoices apart by number and provider; the file, the date and the service give way on a narrow
// screen (the details under the table name each file whole)
const CHECK_COLUMNS: Column<ReviewedInvoice>[] = [
  { header: { en: 'NUMBER', pt: 'NÚMERO' }, value: (r) => r.invoice.number },
  { header: { en: 'PROVIDER', pt: 'PRESTADOR' }, value: (r) => r.invoice.provider.name },
  { header: { en: 'ISSUED', pt: 'EMISSÃO' }, value: (r) => r.invoice.issue_date, kind: 'date', drop: 2 },
  { header: { en: 'SERVICE', pt: 'SERVIÇO' }, value: (r) => r.invoice.service.item, drop: 3 },
  { header: { en: 'GROSS', pt: 'BRUTO' }, value: (r) => r.invoice.service_value_cents, kind: 'cents' },
  { header: { en: 'WITHHELD', pt: 'RETIDO' }, value: withheldOf, kind: 'cents' },
  { header: { en: 'NET', pt: 'LÍQUIDO' }, value: (r) => r.review.computed.net_cents, kind: 'cents' },
  {
    header: { en: 'STATUS', pt: 'SITUAÇÃO' },
    value: (r) => STATUS[statusOf(r)],
    style: (r) => (statusOf(r) === 'differs' ? 'red' : undefined),
  },
  { header: { en: 'FILE', pt: 'ARQUIVO' }, value: (r) => r.file, drop: 1 },
];

/** An invoice as `--json` gives it, inside its file's line (a file with several, as an ABRASF answer, lists them). */
export function nfseRecord(
  r: ReviewedInvoice,
  explain: boolean,
  rulesVersion: string,
): Record<string, unknown> {
  const { invoice: i, review } = r;
  return {
    file: r.file,
    kind: i.kind,
    access_key: i.access_key,
    number: i.number,
    issue_date: i.issue_date,
    competence: i.competence,
    provider: { document: i.provider.document, name: i.provider.name, regime: i.provider.regime },
    taker: i.taker,
    service: {
      code: i.service.code ?? i.service.item,
      item: i.service.item,
      description: i.service.description,
    },
    service_value_cents: i.service_value_cents,
    base_cents: review.base_cents,
    iss_withheld: i.iss_withheld,
    declared: i.declared,
    computed: review.computed,
    divergences: review.divergences.map((d) => ({
      tax: d.tax,
      declared_cents: d.declared_cents,
      computed_cents: d.computed_cents,
      rule: d.rule,
      reason: d.reason.message,
    })),
    due: r.due,
    notes: review.notes.map((n) => n.message),
    ibs_cbs: i.ibs_cbs,
    rules_version: rulesVersion,
    ...(explain
      ? {
          explain: review.explanations.map((e) => ({
            rule: e.rule,
            tax: e.tax,
            applied: e.applied,
            reason: e.reason.message,
            citation: e.citation,
          })),
        }
      : {}),
  };
}

/** A file that cannot be read, at its line and column, on stderr (and as its JSON line). */
function sayUnread(deps: Deps, read: NfseFiles): void {
  for (const u of read.unread) {
    const where = u.line > 0 ? `${u.file}:${u.line}:${u.column}` : u.file;
    writeLine(
      deps.io.stderr,
      paint(deps.io, 'red', `${deps.t({ en: 'error:', pt: 'erro:' })} ${where}: ${deps.t(u.finding)}`),
    );
    if (deps.format === 'json')
      printJson(deps, {
        file: u.file,
        error: { code: u.finding.code, message: u.finding.message, line: u.line, column: u.column },
        exit_code: ExitCode.refused,
        outcome: outcomeOf(ExitCode.refused),
      });
  }
  for (const w of read.warnings) deps.warn(said(`${w.file}: ${deps.t(w.finding)}`));
}

/** What a person reads under the table: each divergence, each note, and with --explain every rule and its source. */
function sayDetails(deps: Deps, r: ReviewedInvoice, explain: boolean): void {
  const name = `${r.file}${r.invoice.number ? ` nº ${r.invoice.number}` : ''}`;
  // broken at spaces on a terminal, a long rule's source going on under itself
  const line = (text: string, style?: 'red') => {
    const wrapped = wrapMessage(deps.io, text, deps.io.stdout);
    writeLine(deps.io.stdout, style ? paint(deps.io, style, wrapped) : wrapped);
  };
  const say = (m: Message) => deps.t(m);
  const details = [
    ...r.review.divergences.map((d) => [say(d.reason), 'red'] as const),
    ...r.review.notes.map((n) => [say(n), undefined] as const),
  ];
  if (!explain && details.length === 0) return;
  writeLine(deps.io.stdout);
  line(name);
  for (const [text, style] of details) line(`  ${text}`, style);
  if (!explain) return;
  for (const e of r.review.explanations) {
    line(`  ${e.applied ? '✓' : '·'} ${say(e.reason)}`);
    line(`      ${e.citation}`);
  }
  for (const d of r.due)
    line(`  ${deps.t({ en: 'due', pt: 'vence' })} ${taxName(d.tax)} ${formatDateBr(d.date)} (${d.rule})`);
}

/**
 * `--json`: one line a file read, as every file verb writes (#71): its invoices in an array, the notes it cancels,
 * and the file's own outcome (1 where an invoice differs). A file that cannot be read has its error line already.
 */
function printFileLines(deps: Deps, read: NfseFiles, explain: boolean): void {
  const unread = new Set(read.unread.map((u) => u.file));
  for (const file of read.paths) {
    if (unread.has(file)) continue;
    const invoices = read.invoices.filter((r) => r.file === file);
    const code = invoices.some((r) => r.review.divergences.length > 0) ? ExitCode.attention : ExitCode.ok;
    printJson(deps, {
      file,
      invoices: invoices.map((r) => {
        const { file: _, ...record } = nfseRecord(r, explain, read.rulesVersion);
        return record;
      }),
      cancellations: read.cancellations.filter((c) => c.file === file).map(({ file: _, ...c }) => c),
      rules_version: read.rulesVersion,
      exit_code: code,
      outcome: outcomeOf(code),
    });
  }
}

/** `condo nfse check FILE...`: exit 0 when every invoice agrees, 1 when one differs, 2 when a file is unreadable. */
export async function checkNfse(deps: Deps, given: string[], opts: NfseCheckOptions): Promise<number> {
  // the XML reader (fast-xml-parser) loads with the verbs that read files, not with `nfse deadlines`
  const { readNfseFiles } = await import('../../app/nfse-files.js');
  const read = await readNfseFiles(given, await policyOf(deps), { allowEmpty: Boolean(opts.allowEmpty) });
  if (read.paths.length === 0) return nothingToImport(deps, given, { en: 'check', pt: 'conferir' });
  sayUnread(deps, read);
  const explain = Boolean(opts.explain);
  if (deps.format === 'json') printFileLines(deps, read, explain);
  else {
    if (read.invoices.length > 0) await printList(deps, read.invoices, CHECK_COLUMNS);
    if (deps.format === 'table') for (const r of read.invoices) sayDetails(deps, r, explain);
    else
      for (const r of read.invoices)
        for (const d of r.review.divergences) deps.warn(said(`${r.file}: ${deps.t(d.reason)}`));
  }
  for (const c of read.cancellations)
    deps.info({
      en: `${c.file}: cancels the NFS-e ${c.access_key} (condo nfse import removes its pending payables)`,
      pt: `${c.file}: cancela a NFS-e ${c.access_key} (condo nfse import remove as contas pendentes dela)`,
    });
  const differs = read.invoices.filter((r) => r.review.divergences.length > 0).length;
  const n = read.invoices.length;
  deps.info({
    en: `${n} ${n === 1 ? 'invoice' : 'invoices'}, ${differs} ${differs === 1 ? 'differs' : 'differ'} from the rules (rules ${read.rulesVersion})`,
    pt: `${n} ${n === 1 ? 'nota' : 'notas'}, ${differs} ${differs === 1 ? 'diverge' : 'divergem'} das regras (regras ${read.rulesVersion})`,
  });
  if (read.unread.length > 0) return ExitCode.refused;
  return differs > 0 ? ExitCode.attention : ExitCode.ok;
}

export interface NfseImportFlags {
  due?: string;
  issDue?: string;
  createSuppliers?: boolean;
  acceptComputed?: boolean;
  chartAccount?: string;
  dryRun?: boolean;
  allowEmpty?: boolean;
}

/** The statuses an import's lines say, in the person's language (a script reads the English key). */
const IMPORT_WORDS: Readonly<Record<string, Text>> = {
  created: { en: 'created', pt: 'lançada' },
  'would create': { en: 'would create', pt: 'seria lançada' },
  linked: { en: 'linked', pt: 'vinculada' },
  'would link': { en: 'would link', pt: 'seria vinculada' },
  replayed: { en: 'replayed', pt: 'repetida' },
  differs: { en: 'differs', pt: 'diverge' },
  refused: { en: 'refused', pt: 'recusada' },
  'unknown provider': { en: 'unknown provider', pt: 'prestador desconhecido' },
  'no chart account': { en: 'no chart account', pt: 'sem conta contábil' },
  'gross boleto': { en: 'gross boleto', pt: 'boleto do bruto' },
  'not authorised': { en: 'not authorised', pt: 'não autorizada' },
  grew: { en: 'grew', pt: 'aumentada' },
  'would grow': { en: 'would grow', pt: 'seria aumentada' },
  deleted: { en: 'deleted', pt: 'apagada' },
  'would delete': { en: 'would delete', pt: 'seria apagada' },
  reduced: { en: 'reduced', pt: 'reduzida' },
  'would reduce': { en: 'would reduce', pt: 'seria reduzida' },
  'already paid': { en: 'already paid', pt: 'já paga' },
  'not found': { en: 'not found', pt: 'não encontrada' },
};
const word = (status: string) => IMPORT_WORDS[status] ?? status;
const NEEDS_PERSON = new Set([
  'differs',
  'unknown provider',
  'no chart account',
  'gross boleto',
  'not authorised',
  'already paid',
]);

/** A firm's run names each line's condominium first. */
const CONDOMINIUM_COLUMN = {
  header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' },
  value: (l: { condominium?: string }) => l.condominium,
  cut: true,
};
const withCondominium = <T extends { condominium?: string }>(
  rows: readonly T[],
  columns: Column<T>[],
): Column<T>[] =>
  rows.some((r) => r.condominium !== undefined) ? [CONDOMINIUM_COLUMN as Column<T>, ...columns] : columns;

const INVOICE_COLUMNS: Column<InvoiceLine>[] = [
  {
    header: { en: 'STATUS', pt: 'SITUAÇÃO' },
    value: (l) => word(l.status),
    style: (l) => (NEEDS_PERSON.has(l.status) || l.status === 'refused' ? 'red' : undefined),
  },
  { header: { en: 'FILE', pt: 'ARQUIVO' }, value: (l) => l.file, cut: true, drop: 2 },
  { header: { en: 'NUMBER', pt: 'NÚMERO' }, value: (l) => l.number, fixed: true },
  { header: { en: 'PROVIDER', pt: 'PRESTADOR' }, value: (l) => l.provider, drop: 1 },
  { header: { en: 'NET', pt: 'LÍQUIDO' }, value: (l) => l.net_cents, kind: 'cents' },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (l) => l.due_date, kind: 'date' },
  { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (l) => l.payable_id, fixed: true },
  { header: { en: 'NOTE', pt: 'OBSERVAÇÃO' }, value: (l) => l.note, wrap: true },
];

const TAX_COLUMNS: Column<TaxLine>[] = [
  { header: { en: 'TAX', pt: 'TRIBUTO' }, value: (l) => taxName(l.tax) },
  { header: { en: 'MONTH', pt: 'MÊS' }, value: (l) => `${l.month.slice(5, 7)}/${l.month.slice(0, 4)}` },
  { header: { en: 'ADDED', pt: 'SOMADO' }, value: (l) => l.added_cents, kind: 'cents' },
  { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (l) => l.amount_cents, kind: 'cents' },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (l) => l.due_date, kind: 'date' },
  { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (l) => l.payable_id, fixed: true },
  { header: { en: 'STATUS', pt: 'SITUAÇÃO' }, value: (l) => word(l.status) },
  { header: { en: 'NOTE', pt: 'OBSERVAÇÃO' }, value: (l) => l.note, wrap: true },
];

const CANCEL_COLUMNS: Column<CancellationLine>[] = [
  { header: { en: 'CANCELLED', pt: 'CANCELADA' }, value: (l) => l.access_key, fixed: true },
  { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (l) => l.payable_id, fixed: true },
  { header: { en: 'STATE', pt: 'ESTADO' }, value: (l) => l.state, words: true },
  { header: { en: 'STATUS', pt: 'SITUAÇÃO' }, value: (l) => word(l.status) },
];

/**
 * `--all-profiles` (or `--profiles`): each invoice to the profile whose condominium's CNPJ it names as the taker;
 * one no profile's condominium has is refused by that CNPJ. A cancellation is looked for in every condominium.
 */
async function importAcrossProfiles(
  deps: Deps,
  read: NfseFiles,
  options: (d: Deps) => Promise<NfseImportOptions>,
): Promise<NfseImportResult> {
  const { selectedProfiles, profileDeps } = await import('../profiles.js');
  const { importNfse, mergeResults, shareOf } = await import('../../app/nfse-import.js');
  const tenants = await Promise.all(
    (await selectedProfiles(deps)).map(async (target) => {
      const child = profileDeps(deps, target);
      const document = await child.app(condominiumDocument);
      return { profile: target.condominium, deps: child, document };
    }),
  );
  const parts: { condominium: string; result: NfseImportResult }[] = [];
  const routed = new Set<ReviewedInvoice>();
  for (const t of tenants) {
    const mine = read.invoices.filter((r) => t.document !== null && r.invoice.taker.document === t.document);
    for (const r of mine) routed.add(r);
    if (mine.length === 0 && read.cancellations.length === 0) continue;
    parts.push({
      condominium: t.profile,
      result: await t.deps.app(importNfse, shareOf(read, mine), await options(t.deps)),
    });
  }
  const merged = mergeResults(parts);
  for (const r of read.invoices.filter((x) => !routed.has(x)))
    merged.invoices.push({
      status: 'refused',
      file: r.file,
      number: r.invoice.number,
      access_key: r.invoice.access_key,
      provider: r.invoice.provider.name,
      net_cents: r.review.computed.net_cents,
      due_date: null,
      payable_id: null,
      note: {
        en: `no profile's condominium has the taker's CNPJ ${r.invoice.taker.document ?? '(none)'}`,
        pt: `nenhum perfil tem um condomínio com o CNPJ do tomador ${r.invoice.taker.document ?? '(nenhum)'}`,
      },
    });
  return merged;
}

/**
 * `condo nfse import FILE...`: each invoice the supplier's payable of the net, each tax withheld the month's payable
 * of that tax (app/nfse-import.ts). Exit 2 when a file cannot be read or an invoice is refused (another
 * condominium's, a provider's CNPJ that fails), 1 when one needs a person (a divergence, an unknown provider).
 */
export async function importNfseFiles(deps: Deps, given: string[], flags: NfseImportFlags): Promise<number> {
  const today = deps.today();
  const due = flags.due === undefined ? undefined : dateFlag('--due', flags.due, today);
  const issDue = flags.issDue === undefined ? undefined : dateFlag('--iss-due', flags.issDue, today);
  const policy = await policyOf(deps);
  const { readNfseFiles } = await import('../../app/nfse-files.js');
  const read = await readNfseFiles(given, policy, { allowEmpty: Boolean(flags.allowEmpty) });
  if (read.paths.length === 0) return nothingToImport(deps, given);
  sayUnread(deps, read);
  // each condominium's own: a chart account's id, and a term a profile may set for itself
  const options = async (d: Deps): Promise<NfseImportOptions> => {
    const chartAccount =
      flags.chartAccount === undefined
        ? undefined
        : await resolveChartAccountId(d, '--chart-account', flags.chartAccount);
    const { profileName } = await d.credentials();
    const term = (await d.config()).setting(profileName, 'nfse.payment_days');
    return {
      dryRun: Boolean(flags.dryRun),
      due,
      issDue,
      termDays: typeof term === 'number' ? term : 10,
      createSuppliers: Boolean(flags.createSuppliers),
      acceptComputed: Boolean(flags.acceptComputed),
      chartAccount,
      policy,
      today,
    };
  };
  const { importNfse } = await import('../../app/nfse-import.js');
  const result = acrossProfiles(deps.globals)
    ? await importAcrossProfiles(deps, read, options)
    : await deps.app(importNfse, read, await options(deps));
  const replayed =
    !flags.dryRun &&
    result.wrote === 0 &&
    result.invoices.length > 0 &&
    result.invoices.every((l) => l.status === 'replayed');
  if (replayed)
    sayReplayed(deps, {
      en: 'replayed: every invoice of these files was imported before; nothing was written',
      pt: 'repetido: todas as notas destes arquivos já tinham sido importadas; nada foi gravado',
    });
  if (result.wrote === 0) deps.nothingWritten = true;
  const refused = read.unread.length > 0 || result.invoices.some((l) => l.status === 'refused');
  const attention =
    result.invoices.some((l) => NEEDS_PERSON.has(l.status)) ||
    result.taxes.some((l) => NEEDS_PERSON.has(l.status)) ||
    result.cancellations.some((l) => NEEDS_PERSON.has(l.status));
  if (deps.format === 'json')
    printJson(deps, {
      dry_run: Boolean(flags.dryRun),
      replayed,
      invoices: result.invoices.map((l) => ({ ...l, note: l.note.en })),
      taxes: result.taxes.map((l) => ({ ...l, note: l.note.en })),
      cancellations: result.cancellations,
      unread: read.unread.map((u) => ({
        file: u.file,
        line: u.line,
        column: u.column,
        message: u.finding.message,
      })),
    });
  else {
    if (result.invoices.length > 0)
      await printList(deps, result.invoices, withCondominium(result.invoices, INVOICE_COLUMNS));
    if (result.taxes.length > 0) {
      writeLine(deps.io.stdout);
      await printList(deps, result.taxes, withCondominium(result.taxes, TAX_COLUMNS));
    }
    if (result.cancellations.length > 0) {
      writeLine(deps.io.stdout);
      await printList(deps, result.cancellations, withCondominium(result.cancellations, CANCEL_COLUMNS));
    }
  }
  const counts = new Map<string, number>();
  for (const l of result.invoices) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
  deps.info(
    said(
      [...counts].map(([status, n]) => `${deps.t(word(status))} ${n}`).join(', ') ||
        deps.t({ en: 'no invoices', pt: 'nenhuma nota' }),
    ),
  );
  const code = refused ? ExitCode.refused : attention ? ExitCode.attention : ExitCode.ok;
  deps.needsAttention = code !== ExitCode.ok;
  return code;
}

/** A line of `nfse deadlines`: a tax withheld in the month, or a declaration the month calls for. */
interface DeadlineRow {
  kind: 'withholding' | 'obligation';
  what: string;
  month: string;
  amount_cents: number | null;
  due_date: string;
  payable_id: string | null;
  state: string | null;
}

const DEADLINE_KINDS: Record<DeadlineRow['kind'], Text> = {
  withholding: { en: 'withholding', pt: 'retenção' },
  obligation: { en: 'declaration', pt: 'declaração' },
};

const DEADLINE_COLUMNS: Column<DeadlineRow>[] = [
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (r) => r.due_date, kind: 'date' },
  { header: { en: 'KIND', pt: 'TIPO' }, value: (r) => DEADLINE_KINDS[r.kind] },
  { header: { en: 'WHAT', pt: 'O QUÊ' }, value: (r) => r.what },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (r) => r.amount_cents, kind: 'cents', sum: true },
  { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (r) => r.payable_id, fixed: true, drop: 1 },
  { header: { en: 'STATE', pt: 'ESTADO' }, value: (r) => r.state, words: true },
];

/**
 * `condo nfse deadlines --month MM/AAAA`: the month's withholdings by tax and due date (the payables `nfse import`
 * keeps, one per tax and month), and the declarations they call for (EFD-Reinf, DCTFWeb) with their dates. A
 * read: `--all-profiles` gives the firm's, one table with a CONDOMINIUM column.
 */
export async function nfseDeadlines(deps: Deps, opts: { month?: string }): Promise<number> {
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const payables = await deps.app(payablesPage, {}, { all: true });
  const rows: DeadlineRow[] = [];
  const taxes = new Set<string>();
  // the months other than this one that still have a withholding to pay: a tax of an invoice paid later counts there
  const elsewhere = new Map<string, Set<string>>();
  for (const p of payables) {
    const guide = taxGuideOf(p);
    if (!guide) continue;
    if (guide.month !== month) {
      if (p.state !== 'paid')
        elsewhere.set(guide.month, (elsewhere.get(guide.month) ?? new Set()).add(taxName(guide.tax)));
      continue;
    }
    taxes.add(guide.tax);
    rows.push({
      kind: 'withholding',
      what: taxName(guide.tax),
      month,
      amount_cents: p.amount ?? null,
      due_date: p.due_date ?? '',
      payable_id: p.public_id,
      state: p.state ?? null,
    });
  }
  const { obligationsOf } = await import('../../domain/nfse/deadlines.js');
  for (const o of obligationsOf(month, [...taxes]))
    rows.push({
      kind: 'obligation',
      what: o.name,
      month,
      amount_cents: null,
      due_date: o.date,
      payable_id: null,
      state: null,
    });
  rows.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.kind.localeCompare(b.kind));
  if (rows.length === 0)
    deps.info({
      en: `no withholdings in ${month.slice(5)}/${month.slice(0, 4)} (condo nfse import enters them)`,
      pt: `nenhuma retenção em ${month.slice(5)}/${month.slice(0, 4)} (condo nfse import as lança)`,
    });
  await printList(deps, rows, DEADLINE_COLUMNS);
  const others = [...elsewhere].sort(([a], [b]) => a.localeCompare(b));
  if (others.length > 0) {
    const said = others.map(([m, t]) => `${m.slice(5)}/${m.slice(0, 4)} (${[...t].join(', ')})`).join(', ');
    deps.info({
      en: `withholdings still to pay in other months too: ${said} (the federal ones count in the month the supplier is paid)`,
      pt: `há retenções a pagar em outros meses também: ${said} (as federais contam no mês em que o fornecedor é pago)`,
    });
  }
  return 0;
}
