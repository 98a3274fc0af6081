import { type DdaFileOptions, readDdaFiles } from '../../app/dda-files.js';
import {
  type BoletoLine,
  checkLine,
  ENTERED_BEFORE,
  importDdaFiles,
  type LineWords,
  needsPerson,
  reviewDdaFiles,
} from '../../app/dda-import.js';
import type { DdaPayableFinding, DdaReview } from '../../domain/dda.js';
import type { Text } from '../../domain/text.js';
import { type Deps, said } from '../context.js';
import { findingSayer } from '../i18n.js';
import { writeLine } from '../io.js';
import { type Column, printJson, printList } from '../output.js';
import { nothingToImport } from '../per-file.js';
import { sayReplayed } from '../report.js';
import { resolveChartAccountId } from '../resolve.js';

/**
 * `condo dda import` and `condo dda check` (#33): the bank's DDA files beside the boleto payables. The files are
 * read here, the payables and suppliers come from the API, and domain/dda.ts says what each boleto is. A cron job
 * runs `condo dda import banco/DDA-*.ret` every morning: a boleto is entered once, by its barcode, whichever file
 * and bank lists it again.
 */

export type DdaCheckOptions = DdaFileOptions;

/** The words a boleto's line takes from this run: the person's state words, a command with the run's profile. */
const lineWords = (deps: Deps): LineWords => ({ state: deps.t, command: deps.command, today: deps.today() });

export interface DdaImportOptions extends DdaCheckOptions {
  dryRun?: boolean;
  chartAccount?: string;
  applyChanges?: boolean;
  createSuppliers?: boolean;
}

/** The statuses a boleto's line says, in the person's language (a script reads the English key). */
const STATUS_WORDS: Readonly<Record<string, Text>> = {
  entered: { en: 'entered', pt: 'lançado' },
  'entered twice': { en: 'entered twice', pt: 'lançado duas vezes' },
  changed: { en: 'changed', pt: 'alterado' },
  'not entered': { en: 'not entered', pt: 'não lançado' },
  'unknown beneficiary': { en: 'unknown beneficiary', pt: 'beneficiário desconhecido' },
  'would create': { en: 'would create', pt: 'seria lançado' },
  created: { en: 'created', pt: 'lançado agora' },
  'would update': { en: 'would update', pt: 'seria atualizado' },
  updated: { en: 'updated', pt: 'atualizado' },
};
const NOT_IN_DDA: Text = { en: 'not in DDA', pt: 'fora do DDA' };

// a cell in both languages: a person reads theirs, a pipe the English (a script's grep works in any locale)
const LINE_COLUMNS: Column<BoletoLine>[] = [
  { header: { en: 'STATUS', pt: 'SITUAÇÃO' }, value: (b) => STATUS_WORDS[b.status] ?? b.status },
  { header: { en: 'BENEFICIARY', pt: 'BENEFICIÁRIO' }, value: (b) => b.beneficiary_name },
  { header: 'CPF/CNPJ', value: (b) => b.beneficiary_document, fixed: true },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (b) => b.due_date, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (b) => b.amount_cents, kind: 'cents' },
  { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (b) => b.payable_id, fixed: true },
  { header: { en: 'NOTE', pt: 'OBSERVAÇÃO' }, value: (b) => b.note, wrap: true },
];

const NOT_IN_DDA_COLUMNS: Column<DdaPayableFinding>[] = [
  {
    header: { en: 'NOT IN DDA', pt: 'FORA DO DDA' },
    value: (f) => f.payable.public_id,
    style: () => 'red',
    fixed: true,
  },
  { header: { en: 'STATE', pt: 'ESTADO' }, value: (f) => f.payable.state, words: true },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (f) => f.payable.due_date, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (f) => f.payable.amount, kind: 'cents' },
  {
    header: { en: 'WHY', pt: 'POR QUÊ' },
    value: (f): Text =>
      f.reason === 'not_listed'
        ? {
            en: 'no DDA file lists its barcode: a possible fake boleto',
            pt: 'nenhum arquivo DDA lista o código de barras dela: possível boleto falso',
          }
        : {
            en: `the DDA names beneficiary ${f.beneficiary_document}, not its supplier: a possible fake boleto`,
            pt: `o DDA aponta o beneficiário ${f.beneficiary_document}, não o fornecedor dela: possível boleto falso`,
          },
    wrap: true,
  },
  // whom the bill says it pays: what a person checks with the supplier before paying (last, so tsv's columns stay)
  {
    header: { en: 'PAYEE', pt: 'FAVORECIDO' },
    value: (f) => f.payable.payee,
    drop: 1,
  },
];

/** What a person does about a changed boleto, said once under the list: the line says what changed. */
const APPLY_CHANGES: Text = {
  en: "--apply-changes (dda import) gives a changed boleto's pending payable the DDA's amount, due date or discount",
  pt: '--apply-changes (dda import) leva à conta pendente de um boleto alterado o valor, vencimento ou desconto do DDA',
};

async function report(
  deps: Deps,
  lines: BoletoLine[],
  found: DdaReview,
  extra: Record<string, unknown> = {},
  /** --apply-changes was given (dda import): a changed boleto's line already says what was done */
  applied = false,
): Promise<number> {
  const attention = needsPerson(lines, found.notInDda);
  if (deps.format === 'json') {
    printJson(deps, {
      ...extra,
      boletos: lines.map((l) => ({ ...l, note: l.note.en })),
      not_in_dda: found.notInDda.map((f) => ({
        public_id: f.payable.public_id,
        state: f.payable.state,
        due_date: f.payable.due_date,
        amount_cents: f.payable.amount,
        reason: f.reason,
        beneficiary_document: f.beneficiary_document,
      })),
      needs_attention: attention,
    });
    return attention ? 1 : 0;
  }
  await printList(deps, lines, LINE_COLUMNS);
  if (found.notInDda.length > 0) {
    writeLine(deps.io.stdout);
    await printList(deps, found.notInDda, NOT_IN_DDA_COLUMNS);
  }
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
  const summary = [...counts].map(([status, n]) => `${deps.t(STATUS_WORDS[status] ?? status)} ${n}`);
  summary.push(`${deps.t(NOT_IN_DDA)} ${found.notInDda.length}`);
  deps.info(said(summary.join(', ')));
  if (!applied && lines.some((l) => l.status === 'changed')) deps.info(APPLY_CHANGES, true);
  return attention ? 1 : 0;
}

/** `condo dda check FILE...`: the three checks, nothing written; exit 1 when something needs a person. */
export async function checkDda(deps: Deps, given: string[], opts: DdaCheckOptions): Promise<number> {
  // the files first: a cron night with none (--allow-empty) asks the server nothing
  const read = await readDdaFiles(given, opts, findingSayer(deps.t));
  if (read.paths.length === 0) return nothingToImport(deps, given, { en: 'check', pt: 'conferir' });
  const { found } = await deps.app(reviewDdaFiles, read);
  return report(
    deps,
    found.boletos.map((f) => checkLine(f, deps.t)),
    found,
  );
}

/**
 * `condo dda import FILE...`: each boleto no payable has becomes a pending boleto payable of its beneficiary's
 * supplier (the chart account: --chart-account, else the supplier's latest payable's). A boleto is created once,
 * under an idempotency key of its barcode, so a re-run or a retry after a crash enters nothing twice.
 */
export async function importDda(deps: Deps, given: string[], opts: DdaImportOptions): Promise<number> {
  const read = await readDdaFiles(given, opts, findingSayer(deps.t));
  if (read.paths.length === 0) return nothingToImport(deps, given);
  const chartAccount =
    opts.chartAccount === undefined
      ? undefined
      : await resolveChartAccountId(deps, '--chart-account', opts.chartAccount);
  const { lines, wrote, found } = await deps.app(
    importDdaFiles,
    read,
    {
      dryRun: Boolean(opts.dryRun),
      chartAccount,
      applyChanges: Boolean(opts.applyChanges),
      createSuppliers: Boolean(opts.createSuppliers),
    },
    lineWords(deps),
  );
  // the same files again (tomorrow's cron on a day with nothing new): said, so a log shows it was a replay (the
  // JSON a cron job appends too: `replayed`)
  const replayed = !opts.dryRun && wrote === 0 && lines.every((l) => ENTERED_BEFORE.has(l.status));
  if (replayed)
    sayReplayed(deps, {
      en: 'replayed: every boleto of these files was entered before; nothing was written',
      pt: 'repetido: todos os boletos destes arquivos já estavam lançados; nada foi gravado',
    });
  if (wrote === 0) deps.nothingWritten = true;
  const code = await report(
    deps,
    lines,
    found,
    { dry_run: Boolean(opts.dryRun), replayed },
    Boolean(opts.applyChanges),
  );
  deps.needsAttention = code !== 0;
  return code;
}
