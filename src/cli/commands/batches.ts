import { stat } from 'node:fs/promises';
import {
  batchDetail,
  batchesPage,
  batchFile,
  cancelBatch,
  createBatch,
  markedPayables,
  remittancePreview,
} from '../../app/batches.js';
import { expandFileArgs } from '../../app/file-args.js';
import { lintCnabFile } from '../../app/files.js';
import type { PreviewSources } from '../../app/preview-checks.js';
import type { Batch } from '../../client/index.js';
import type { BatchPreview, PreviewWarningKind } from '../../domain/batch-preview.js';
import { paymentDateRefusalText } from '../../domain/business-days.js';
import { formatDateBr, formatInstantBr } from '../../domain/dates.js';
import { ConflictError, UsageError } from '../../domain/errors.js';
import { centsToText, formatReais } from '../../domain/money.js';
import type { Text } from '../../domain/text.js';
import { confirmed } from '../confirm.js';
import type { Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import {
  outputTarget,
  progressBar,
  safeFileName,
  setAside,
  writeAtomically,
  writeToStream,
} from '../files.js';
import { dateFlag, publicIdArg } from '../flags.js';
import { english, findingSayer, prefixed, type Translate } from '../i18n.js';
import { writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import {
  asWritten,
  type Column,
  narration,
  type Out,
  printJson,
  printList,
  printRecord,
  scriptHeader,
  writeDone,
  writeParagraph,
} from '../output.js';
import { eachFile, nothingToImport } from '../per-file.js';
import { namer, resolvePublicId } from '../resolve.js';
import { batchFinder, importReturn, returnFacts } from '../returns.js';
import { payableStateColumn } from '../states.js';

/** Payment batches: marked payables -> CNAB 240 remessa -> the bank's retorno -> paid, scheduled or rejected. */

const BATCH_COLUMNS: Column<Batch>[] = [
  { header: 'ID', value: (b) => b.public_id },
  { header: { en: 'STATE', pt: 'ESTADO' }, value: (b) => b.state, words: true },
  { header: { en: 'PAYMENT DATE', pt: 'DATA DE PAGAMENTO' }, value: (b) => b.data_pagamento, kind: 'date' },
  // at 80 columns: the id, state, date and total stay; the file, the count and the NSA go first
  { header: 'NSA', value: (b) => b.file_sequence, drop: 3 },
  { header: { en: 'PAYABLES', pt: 'CONTAS' }, value: (b) => b.payables_count, drop: 2 },
  { header: 'TOTAL', value: (b) => b.total_amount, kind: 'cents' },
  { header: { en: 'FILE', pt: 'ARQUIVO' }, value: (b) => b.file_name, drop: 1 },
];

/** `batches show`'s labels for a person, in the case `payables show` writes its own. */
const BATCH_LABELS: Readonly<Record<string, Text>> = {
  id: { en: 'Batch', pt: 'Lote' },
  state: { en: 'State', pt: 'Estado' },
  'payment date': { en: 'Payment date', pt: 'Data de pagamento' },
  nsa: { en: 'NSA', pt: 'NSA' },
  payables: { en: 'Payables', pt: 'Contas' },
  total: { en: 'Total', pt: 'Total' },
  file: { en: 'File', pt: 'Arquivo' },
  'bank account': { en: 'Bank account', pt: 'Conta bancária' },
  'by forma': { en: 'By forma', pt: 'Por forma' },
  returns: { en: 'Returns', pt: 'Retornos' },
  created: { en: 'Created', pt: 'Criado em' },
};

export async function batchesList(deps: Deps, opts: PagingFlags): Promise<number> {
  await showList(deps, opts, BATCH_COLUMNS, (o) => deps.app(batchesPage, o));
  return 0;
}

type Row = Record<string, unknown>;
const lastReturn = (p: Row) => {
  const r = p.last_return as { code?: string; message?: string } | null | undefined;
  return r ? `${r.code} ${r.message}` : '';
};

/** A person's table says the bank's reason where the state does not say it all: a paid payment's "00" is enough. */
const lastReturnShort = (p: Row) =>
  p.state === 'paid' || p.state === 'scheduled'
    ? String((p.last_return as { code?: string } | null | undefined)?.code ?? '')
    : lastReturn(p);

/** The batch, what each forma carries, the returns imported so far, and its payables with their states. */
export async function showBatch(deps: Deps, idArg: string): Promise<number> {
  const id = await resolvePublicId(deps, 'ID', idArg, 'batch');
  const batch = await deps.app(batchDetail, id);
  if (deps.format === 'json') {
    printJson(deps, batch);
    return 0;
  }
  const byForma = Object.entries(batch.by_forma ?? {})
    .map(
      ([forma, v]) =>
        `${forma} ${v.count} (${deps.format === 'table' ? formatReais(v.total_amount) : centsToText(v.total_amount)})`,
    )
    .join(', ');
  const person = deps.format === 'table';
  const counts = ['paid', 'scheduled', 'rejected', 'unchanged', 'unknown'] as const;
  // a person reads each return on a line of its own, by its file and when it came, with the counts it moved (#66:
  // the returns were one line, "… | …", with no file nor date); a script keeps its one line
  const returns = person
    ? (batch.returns ?? [])
        .map((r) => {
          const moved = counts.filter((k) => Number(r[k]) > 0).map((k) => `${deps.t(k)} ${r[k]}`);
          const when = typeof r.imported_at === 'string' ? formatInstantBr(r.imported_at) : '';
          const file = [r.file_name, when].filter(Boolean).join(', ');
          const what = moved.join(', ') || deps.t({ en: 'nothing changed', pt: 'nada mudou' });
          return file ? `${file}: ${what}` : what;
        })
        .join('\n')
    : (batch.returns ?? []).map((r) => counts.map((k) => `${k} ${r[k]}`).join(', ')).join(' | ');
  const bankAccount = person ? (await namer(deps)).bankAccount(batch.bank_account_id) : batch.bank_account_id;
  // a person reads the labels as payables show writes them ("Payment date", #53); a script keeps its keys
  const label = (key: string) => (person ? (BATCH_LABELS[key] ?? asWritten(key)) : asWritten(key));
  printRecord(deps, batch, [
    ...BATCH_COLUMNS.map((c) => ({ ...c, header: label(scriptHeader(c.header).toLowerCase()) })),
    { header: label('bank account'), value: () => bankAccount },
    { header: label('by forma'), value: () => byForma },
    {
      header: label('returns'),
      value: () =>
        returns || (deps.format === 'table' ? deps.t({ en: 'none yet', pt: 'nenhum ainda' }) : 'none yet'),
    },
    { header: label('created'), value: (b) => b.created_at, kind: 'instant' },
  ]);
  writeLine(deps.io.stdout);
  // a table at 80 columns (#66: a block of six lines a payable): the method goes first (the batch's "by forma"
  // says it), the payee and the bank's word go on over lines of their cells
  await printList(deps, (batch.payables ?? []) as Row[], [
    { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (p) => p.public_id },
    payableStateColumn(),
    { header: { en: 'METHOD', pt: 'FORMA' }, value: (p) => p.forma_pagamento, words: true, drop: 1 },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount, kind: 'cents' },
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee_name, wrap: 'cell' },
    {
      header: { en: 'LAST RETURN', pt: 'RETORNO' },
      value: person ? lastReturnShort : lastReturn,
      wrap: 'cell',
    },
  ]);
  return 0;
}

export interface CreateOptions {
  date?: string;
  dryRun?: boolean;
  yes?: boolean;
  /** Nothing marked is a quiet exit 0, no batch (cron, a night with nothing to pay). */
  allowEmpty?: boolean;
}

/** The preview: a line per forma, then each payment, then the warnings (--dry-run's on stdout, a question's on stderr). */
/** The preview's checks read the API, the profile's settings, and warn on stderr. */
async function previewSources(deps: Deps): Promise<PreviewSources> {
  const [creds, config] = await Promise.all([deps.credentials(), deps.config()]);
  return {
    setting: (name) => config.setting(creds.profileName, name),
    warn: (text) => deps.warn(text),
    sayFinding: findingSayer(deps.t),
  };
}

async function printPreview(deps: Deps, preview: BatchPreview, out: Out): Promise<void> {
  if (out.format === 'json') {
    printJson(out, preview);
    return;
  }
  if (preview.count === 0) return;
  const byForma = (t: Translate) =>
    preview.by_forma.map((f) => `${t(f.forma)} ${f.count} (${formatReais(f.total_cents)})`).join(', ');
  if (out.format === 'table') {
    writeParagraph(
      out.io,
      deps.t({
        en: `${preview.count} payments, ${formatReais(preview.total_cents)}, paid on ${formatDateBr(preview.payment_date)}: ${byForma(english)}`,
        pt: `${preview.count} pagamentos, ${formatReais(preview.total_cents)}, pagos em ${formatDateBr(preview.payment_date)}: ${byForma(deps.t)}`,
      }),
    );
  }
  await printList(out, preview.payments, [
    { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (p) => p.public_id },
    { header: { en: 'METHOD', pt: 'FORMA' }, value: (p) => p.forma, words: true },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount_cents, kind: 'cents' },
    { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (p) => p.due_date, kind: 'date' },
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee_name },
  ]);
  warnPreview(deps, preview);
}

/** Past this many warnings of one kind, they are one line with their count (#53: 400 payables paid early). */
const WARNINGS_OF_A_KIND = 3;

/** What a warning of each kind says of many payables at once. */
const MANY: Readonly<Record<PreviewWarningKind, (n: number) => Text>> = {
  late: (n) => ({
    en: `${n} payments are paid after their due date`,
    pt: `${n} pagamentos saem depois do vencimento`,
  }),
  boleto_late: (n) => ({
    en: `${n} boletos are due before the payment date: the bank may refuse them, or charge fine and interest`,
    pt: `${n} boletos vencem antes da data de pagamento: o banco pode recusá-los, ou cobrar multa e juros`,
  }),
  early: (n) => ({
    en: `${n} payments are paid long before they are due (the money leaves before it must)`,
    pt: `${n} pagamentos saem muito antes do vencimento (o dinheiro sai antes do necessário)`,
  }),
  duplicate: (n) => ({
    en: `${n} payments look like another one`,
    pt: `${n} pagamentos parecem repetir outro`,
  }),
  rejected_unchanged: (n) => ({
    en: `${n} payments were refused and nothing has changed since`,
    pt: `${n} pagamentos foram recusados e nada mudou desde então`,
  }),
  not_in_dda: (n) => ({
    en: `${n} boletos are in no DDA file of the bank (possible fakes)`,
    pt: `${n} boletos não estão em nenhum arquivo DDA do banco (possíveis falsos)`,
  }),
  doc_ended: (n) => ({
    en: `${n} payments go by DOC, which has ended`,
    pt: `${n} pagamentos vão por DOC, que acabou`,
  }),
};

/**
 * The preview's warnings on stderr: each on its own line, or, past WARNINGS_OF_A_KIND of one kind, one line with
 * their count and the command that lists them, so the table and the question stay on the screen.
 */
function warnPreview(deps: Deps, preview: BatchPreview): void {
  const byKind = new Map<PreviewWarningKind, BatchPreview['warnings']>();
  for (const w of preview.warnings) {
    const same = byKind.get(w.kind);
    if (same) same.push(w);
    else byKind.set(w.kind, [w]);
  }
  const list = `condo batches create --dry-run --date ${preview.payment_date} --json`;
  for (const [kind, warnings] of byKind) {
    if (warnings.length <= WARNINGS_OF_A_KIND) {
      for (const w of warnings) deps.warn(prefixed(deps.t, `${w.public_id}: `, w));
      continue;
    }
    const said = MANY[kind](warnings.length);
    deps.warn({
      en: `${said.en} (each one: ${deps.command(list)})`,
      pt: `${said.pt} (cada um: ${deps.command(list)})`,
    });
  }
}

/**
 * Payments a run nobody is asked about still checks before the file is made (a refused account unchanged, a bill
 * paid early, a possible fake boleto): up to this many; a bigger run says the checks wait for `--dry-run`, rather
 * than reading every marked payable again before a remittance of 100,000 (#32).
 */
const UNASKED_CHECKS_UP_TO = 500;

/** The preview's warnings for a run nobody is asked about; how many payables are marked (at least, past the bound). */
async function warnUnasked(deps: Deps, date: string): Promise<number> {
  const marked = await deps.app(markedPayables, UNASKED_CHECKS_UP_TO);
  if (marked.hasMore) {
    deps.info({
      en: `more than ${UNASKED_CHECKS_UP_TO} payments: the preview's checks were not run (batches create --dry-run runs them)`,
      pt: `mais de ${UNASKED_CHECKS_UP_TO} pagamentos: as verificações da prévia não rodaram (batches create --dry-run as roda)`,
    });
    return marked.length;
  }
  if (marked.length === 0) return 0;
  warnPreview(deps, await deps.app(remittancePreview, await previewSources(deps), marked, date));
  return marked.length;
}

/** --allow-empty on a night with nothing marked: a quiet exit 0, no batch. */
function nothingMarked(deps: Deps): number {
  deps.nothingWritten = true;
  deps.info({
    en: 'nothing is marked for remittance: no batch created',
    pt: 'nenhuma conta marcada para remessa: nenhum lote criado',
  });
  return 0;
}

/**
 * Every marked payable into one remittance. The payment date must be a bank business day (else a usage error
 * naming the next one, before anything is sent). `--dry-run` prints what would go and sends nothing; on a
 * terminal the same preview is shown and confirmed (`--yes` skips the question); a script is not asked.
 */
export async function batchesCreate(deps: Deps, opts: CreateOptions): Promise<number> {
  if (!opts.date)
    throw new UsageError({
      en: '--date is required (the payment date stamped in the file)',
      pt: '--date é obrigatório (a data de pagamento gravada no arquivo)',
    });
  const date = dateFlag('--date', opts.date, deps.today(), 'next');
  if (date < deps.today())
    throw new UsageError({
      en: `--date: ${formatDateBr(date)} is in the past (today is ${formatDateBr(deps.today())}; nothing was sent)`,
      pt: `--date: ${formatDateBr(date)} está no passado (hoje é ${formatDateBr(deps.today())}; nada foi enviado)`,
    });
  const refusal = paymentDateRefusalText(date);
  if (refusal)
    throw new UsageError({
      en: `--date: ${refusal.en} (nothing was sent)`,
      pt: `--date: ${refusal.pt} (nada foi enviado)`,
    });
  const ask = opts.yes || opts.dryRun ? null : await deps.prompter();
  if (opts.dryRun || ask) {
    const marked = await deps.app(markedPayables);
    if (marked.length === 0 && opts.allowEmpty && !opts.dryRun) return nothingMarked(deps);
    const preview = await deps.app(remittancePreview, await previewSources(deps), marked, date);
    if (opts.dryRun) {
      await printPreview(deps, preview, deps);
      const target = await deps.target();
      deps.info(
        preview.count === 0
          ? {
              en: `nothing is marked for remittance in ${target}`,
              pt: `nada está marcado para remessa em ${target}`,
            }
          : {
              en: `dry run: nothing was created in ${target}`,
              pt: `simulação: nada foi criado em ${target}`,
            },
        true,
      );
      return 0;
    }
    if (ask && preview.count > 0) {
      await printPreview(deps, preview, narration(deps.io, deps.t));
      const [total, on, from] = [formatReais(preview.total_cents), formatDateBr(date), await deps.target()];
      const go = await ask.confirm(
        {
          en: `Create the remittance: ${preview.count} payments, ${total}, paid on ${on}, from ${from}?`,
          pt: `Criar a remessa: ${preview.count} pagamentos, ${total}, pagos em ${on}, de ${from}?`,
        },
        false,
      );
      if (!go) {
        deps.info({ en: 'nothing created', pt: 'nada foi criado' });
        return ExitCode.refused;
      }
    }
  }
  // asked by nobody (--yes, a script, cron): the preview's warnings still go to stderr before the file is made
  if (!ask && (await warnUnasked(deps, date)) === 0 && opts.allowEmpty) return nothingMarked(deps);
  const batch = await deps.app(createBatch, date);
  if (deps.format === 'json') printJson(deps, batch);
  else if (deps.format === 'table') {
    writeDone(deps, batchMade(batch));
  } else writeLine(deps.io.stdout, batch.public_id);
  return 0;
}

/**
 * Takes a batch back before the bank has answered for it: its payables return to marked_for_remessa. Asks on a
 * terminal (`--yes` skips). On a server without the extension, says so plainly.
 */
export async function batchesCancel(deps: Deps, idArg: string, opts: { yes?: boolean }): Promise<number> {
  const id = await resolvePublicId(deps, 'ID', idArg, 'batch');
  const batch = await deps.app(batchDetail, id); // a batch that does not exist is a 404 here, not "unsupported"
  const [of, total] = [await deps.target(), formatReais(batch.total_amount ?? 0)];
  const question = {
    en: `Cancel batch ${id} of ${of} (${batch.payables_count} payables, ${total})? Do not send its file to the bank.`,
    pt: `Cancelar o lote ${id} de ${of} (${batch.payables_count} contas, ${total})? Não envie o arquivo dele ao banco.`,
  };
  if (
    !(await confirmed(deps, {
      yes: opts.yes,
      question,
      verb: { en: 'cancel', pt: 'cancelar' },
      past: { en: 'canceled', pt: 'cancelado' },
    }))
  )
    return ExitCode.refused;
  const canceled = await deps.app(cancelBatch, id);
  if (deps.format === 'json') printJson(deps, canceled);
  else if (deps.format === 'table')
    writeDone(
      deps,
      canceled.payables_count === 1
        ? {
            en: `batch ${id} canceled: 1 payable is marked for the next remittance again`,
            pt: `lote ${id} cancelado: 1 conta marcada de novo para a próxima remessa`,
          }
        : {
            en: `batch ${id} canceled: ${canceled.payables_count} payables are marked for the next remittance again`,
            pt: `lote ${id} cancelado: ${canceled.payables_count} contas marcadas de novo para a próxima remessa`,
          },
    );
  else writeLine(deps.io.stdout, id);
  return 0;
}

export interface DownloadOptions {
  outputFile?: string;
  force?: boolean;
  skipLint?: boolean;
  policy?: string;
}

/**
 * Streams the .rem to `--output-file FILE` (temp file, then put in place), to stdout with `-O -`, or to its own
 * name in the cwd; an existing file is kept unless `--force`.
 */
export async function downloadBatch(deps: Deps, idArg: string, opts: DownloadOptions): Promise<number> {
  const id = await resolvePublicId(deps, 'ID', idArg, 'batch');
  // Without -O the name is the batch's own, known only from the download: checked again when it is known.
  const named = opts.outputFile ? await outputTarget(opts.outputFile, '', Boolean(opts.force)) : undefined;
  const file = await deps.app(batchFile, id);
  // The server names the file; a hostile one could say `../.bashrc`.
  const own = safeFileName(file.fileName, `${id}.rem`);
  const target = named ?? (await outputTarget(undefined, own, Boolean(opts.force)));
  // #34: nothing goes to the bank unseen: the file is linted against its bank's rules before it is delivered
  const lintOrRefuse = async (written: string) => {
    await lint(written);
    // and, with a policy, the approvals of this exact file (#34 point 4)
    await (await import('../approval-gate.js')).requireApprovals(deps, id, written, opts.policy);
  };
  const lint = async (written: string) => {
    if (opts.skipLint) return;
    const report = await lintCnabFile(written);
    if (report.errors === 0) return;
    for (const f of report.findings.filter((x) => x.severity === 'error'))
      deps.warn({
        en: `line ${f.line}: ${f.column ? `column ${f.column}, ` : ''}${f.rule}: ${f.message}`,
        pt: `linha ${f.line}: ${f.column ? `coluna ${f.column}, ` : ''}${f.rule}: ${deps.t(f.finding ?? f.message)}`,
      });
    throw new ConflictError({
      en: `batch ${id}: its file breaks ${report.errors} of the bank's rules (${report.pack}), not delivered; condo batches cancel ${id} undoes the batch, --skip-lint delivers it all the same`,
      pt: `lote ${id}: o arquivo quebra ${report.errors} regras do banco (${report.pack}), não entregue; condo batches cancel ${id} desfaz o lote, --skip-lint entrega mesmo assim`,
    });
  };
  if (target.stdout) {
    // linted whole before a byte goes out: set aside first
    const aside = setAside();
    try {
      await writeToStream(file.body, aside.out);
      await new Promise<void>((resolve, reject) =>
        aside.out.end((e?: Error | null) => (e ? reject(e) : resolve())),
      );
      await lintOrRefuse(aside.path);
      await aside.sendTo(deps.io.stdout);
    } finally {
      aside.remove();
    }
    return 0;
  }
  const bytes = await writeAtomically(
    file.body,
    target.path,
    progressBar(deps.io, deps.t({ en: 'download', pt: 'baixando' }), file.size, Boolean(deps.globals.quiet)),
    target.overwrite,
    lintOrRefuse,
  );
  if (deps.format === 'json') printJson(deps, { path: target.path, bytes });
  else writeLine(deps.io.stdout, target.path);
  deps.info({ en: `wrote ${bytes} bytes`, pt: `${bytes} bytes gravados` });
  return 0;
}

/** A replayed import says rejected 0 the second time: the batch's items still know what was refused. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/**
 * `import-return FILE...`: each file finds its batch by its payments' seu números (and the paying account in its
 * header), one result per file; `import-return ID FILE` still works, the id checked against the file's content.
 */
export async function importReturns(
  deps: Deps,
  given: string[],
  opts: { allowEmpty?: boolean } = {},
): Promise<number> {
  const args = await expandFileArgs(given, opts);
  if (args.length === 0) return nothingToImport(deps, given);
  const [first = '', ...rest] = args;
  const firstIsId = ULID.test(first) && !(await stat(first).catch(() => undefined));
  const finder = batchFinder(deps);
  if (firstIsId) {
    if (rest.length !== 1)
      throw new UsageError({
        en: 'with a batch id, give one return file (or leave the id out: each file finds its batch)',
        pt: 'com o id de um lote, dê um arquivo de retorno (ou deixe o id de fora: cada arquivo acha o seu lote)',
      });
    const id = publicIdArg('ID', first);
    const path = rest[0] as string;
    const facts = await returnFacts(path, deps.t);
    await finder.check(id, path, facts);
    return importReturn(deps, id, path, facts);
  }
  return eachFile(deps, args, async (path, label) => {
    const facts = await returnFacts(path, deps.t);
    return importReturn(deps, await finder.find(path, facts), path, facts, label);
  });
}

/** "batch 01J: 1 payable, R$ 12.450,00, file L.rem (NSA 3)": a batch just made. */
export function batchMade(
  batch: Pick<Batch, 'public_id' | 'payables_count' | 'total_amount' | 'file_name' | 'file_sequence'>,
): Text {
  const [one, total] = [batch.payables_count === 1, formatReais(batch.total_amount ?? 0)];
  return {
    en: `batch ${batch.public_id}: ${batch.payables_count} ${one ? 'payable' : 'payables'}, ${total}, file ${batch.file_name} (NSA ${batch.file_sequence})`,
    pt: `lote ${batch.public_id}: ${batch.payables_count} ${one ? 'conta' : 'contas'}, ${total}, arquivo ${batch.file_name} (NSA ${batch.file_sequence})`,
  };
}
