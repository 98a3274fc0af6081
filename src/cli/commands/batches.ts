import { stat } from 'node:fs/promises';
import type { Batch, ReturnSummary } from '../../client/index.js';
import { UsageError } from '../../domain/errors.js';
import { centsToText, formatReais } from '../../domain/money.js';
import type { Deps } from '../context.js';
import {
  outputTarget,
  progressBar,
  safeFileName,
  sha256File,
  writeAtomically,
  writeToStream,
} from '../files.js';
import { dateFlag, publicIdArg } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { ALL_FLAG, fetchList, LIMIT_FLAG, type PagingFlags } from '../lists.js';
import { type Column, printJson, printList, printRecord } from '../output.js';
import type { Register } from '../program.js';
import { printImportResult } from '../report.js';

/** Payment batches: marked payables -> CNAB 240 remessa -> the bank's retorno -> paid, scheduled or rejected. */

const BATCH_COLUMNS: Column<Batch>[] = [
  { header: 'ID', value: (b) => b.public_id },
  { header: 'STATE', value: (b) => b.state },
  { header: 'PAYMENT DATE', value: (b) => b.data_pagamento, kind: 'date' },
  { header: 'NSA', value: (b) => b.file_sequence },
  { header: 'PAYABLES', value: (b) => b.payables_count },
  { header: 'TOTAL', value: (b) => b.total_amount, kind: 'cents' },
  { header: 'FILE', value: (b) => b.file_name },
];

export async function listBatches(deps: Deps, opts: PagingFlags): Promise<number> {
  const client = await deps.client();
  const rows = await fetchList(deps, opts, (o) => client.batches.list(o));
  await printList(deps, rows, BATCH_COLUMNS);
  return 0;
}

type Row = Record<string, unknown>;
const lastReturn = (p: Row) => {
  const r = p.last_return as { code?: string; message?: string } | null | undefined;
  return r ? `${r.code} ${r.message}` : '';
};

/** The batch, what each forma carries, the returns imported so far, and its payables with their states. */
export async function showBatch(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const client = await deps.client();
  const batch = await client.batches.get(id);
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
  const returns = (batch.returns ?? [])
    .map(
      (r) =>
        `paid ${r.paid}, scheduled ${r.scheduled}, rejected ${r.rejected}, unchanged ${r.unchanged}, unknown ${r.unknown}`,
    )
    .join(' | ');
  printRecord(deps, batch, [
    ...BATCH_COLUMNS.map((c) => ({ ...c, header: c.header.toLowerCase() })),
    { header: 'bank account', value: (b) => b.bank_account_id },
    { header: 'by forma', value: () => byForma },
    { header: 'returns', value: () => returns || 'none yet' },
    { header: 'created', value: (b) => b.created_at },
  ]);
  writeLine(deps.io.stdout);
  await printList(deps, (batch.payables ?? []) as Row[], [
    { header: 'PAYABLE', value: (p) => p.public_id },
    { header: 'STATE', value: (p) => p.state },
    { header: 'METHOD', value: (p) => p.forma_pagamento },
    { header: 'AMOUNT', value: (p) => p.amount, kind: 'cents' },
    { header: 'PAYEE', value: (p) => p.payee_name },
    { header: 'LAST RETURN', value: lastReturn },
  ]);
  return 0;
}

export async function createBatch(deps: Deps, opts: { date?: string }): Promise<number> {
  if (!opts.date) throw new UsageError('--date is required (the payment date stamped in the file)');
  const date = dateFlag('--date', opts.date, deps.today());
  const client = await deps.client();
  const batch = await client.batches.create({ data_pagamento: date });
  if (deps.format === 'json') printJson(deps, batch);
  else if (deps.format === 'table') {
    writeLine(
      deps.io.stdout,
      `${paint(deps.io, 'green', '✓')} batch ${batch.public_id}: ${batch.payables_count} payables, ${formatReais(batch.total_amount ?? 0)}, file ${batch.file_name} (NSA ${batch.file_sequence})`,
    );
  } else writeLine(deps.io.stdout, batch.public_id);
  return 0;
}

export interface DownloadOptions {
  outputFile?: string;
  force?: boolean;
}

/**
 * Streams the .rem to `--output-file FILE` (temp file, then put in place), to stdout with `-O -`, or to its own
 * name in the cwd; an existing file is kept unless `--force`.
 */
export async function downloadBatch(deps: Deps, idArg: string, opts: DownloadOptions): Promise<number> {
  const id = publicIdArg('ID', idArg);
  // Without -O the name is the batch's own, known only from the download: checked again when it is known.
  const named = opts.outputFile ? await outputTarget(opts.outputFile, '', Boolean(opts.force)) : undefined;
  const client = await deps.client();
  const file = await client.batches.download(id);
  // The server names the file; a hostile one could say `../.bashrc`.
  const own = safeFileName(file.fileName, `${id}.rem`);
  const target = named ?? (await outputTarget(undefined, own, Boolean(opts.force)));
  if (target.stdout) {
    await writeToStream(file.body, deps.io.stdout);
    return 0;
  }
  const bytes = await writeAtomically(
    file.body,
    target.path,
    progressBar(deps.io, 'download', file.size, Boolean(deps.globals.quiet)),
    target.overwrite,
  );
  if (deps.format === 'json') printJson(deps, { path: target.path, bytes });
  else writeLine(deps.io.stdout, target.path);
  deps.info(`wrote ${bytes} bytes`);
  return 0;
}

function printReturnSummary(deps: Deps, s: ReturnSummary, replayed: boolean): void {
  printImportResult(deps, s, replayed);
  if (deps.format === 'json') return;
  const counts = ['paid', 'scheduled', 'rejected', 'unchanged', 'unknown'] as const;
  if (deps.format === 'table') {
    writeLine(deps.io.stdout, counts.map((k) => `${k} ${s[k]}`).join(', '));
  } else for (const k of counts) writeLine(deps.io.stdout, `${k}\t${s[k]}`);
  for (const w of s.warnings ?? []) deps.warn(`line ${w.line}: ${w.message}`);
}

/**
 * Uploads the bank's return file, streaming from disk. The Idempotency-Key comes from the file's SHA-256 and the
 * batch, so a cron re-run of the same file is a replay, not a second import.
 */
export async function importReturn(deps: Deps, idArg: string, path: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new UsageError(`FILE: ${path} is not a readable file`);
  const key = deps.globals.idempotencyKey ?? `retorno-${id}-${await sha256File(path)}`;
  const client = await deps.client();
  const bar = progressBar(deps.io, 'upload', info.size, Boolean(deps.globals.quiet));
  const { summary, replayed } = await client.batches.importReturn(id, path, {
    idempotencyKey: key,
    onProgress: (sent) => bar.update(sent),
  });
  bar.done();
  printReturnSummary(deps, summary, replayed);
  return 0;
}

export const register: Register = (program, run) => {
  const batches = program
    .command('batches')
    .description('payment batches: CNAB 240 remittance files and bank returns');
  batches
    .command('list')
    .description('list payment batches')
    .option(...ALL_FLAG)
    .option(...LIMIT_FLAG)
    .action(run((deps, cmd) => listBatches(deps, cmd.opts())));
  batches
    .command('show <id>')
    .description('a batch with its payables and their states')
    .action(run((deps, cmd) => showBatch(deps, cmd.args[0] as string)));
  batches
    .command('create')
    .description('put every marked payable into a new CNAB 240 remittance')
    .option('--date <date>', 'payment date: YYYY-MM-DD, today, tomorrow, +Nd')
    .action(run((deps, cmd) => createBatch(deps, cmd.opts())));
  batches
    .command('download <id>')
    .description('download the .rem (default: its own name, in the current directory)')
    .option('-O, --output-file <file>', 'write it here (- for stdout)')
    .option('--force', 'overwrite an existing file')
    .action(run((deps, cmd) => downloadBatch(deps, cmd.args[0] as string, cmd.opts<DownloadOptions>())));
  batches
    .command('import-return <id> <file>')
    .description("import the bank's return file (.ret); re-importing the same file changes nothing")
    .action(run((deps, cmd) => importReturn(deps, cmd.args[0] as string, cmd.args[1] as string)));
};
