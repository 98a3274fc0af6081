import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Batch, ReturnSummary } from '../../client/index.js';
import { UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import type { Deps } from '../context.js';
import { progressBar, sha256File, writeAtomically, writeToStream } from '../files.js';
import { dateFlag, intFlag, publicIdArg } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { type Column, printJson, printList, printRecord } from '../output.js';
import type { Register } from '../program.js';

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

export async function listBatches(deps: Deps, opts: { all?: boolean; limit?: string }): Promise<number> {
  const limit = opts.limit ? intFlag('--limit', opts.limit, 1, 100_000) : undefined;
  const client = await deps.client();
  const rows = await client.batches.list({ all: Boolean(opts.all), ...(limit ? { limit } : {}) });
  await printList(deps.io, deps.format, [...rows], BATCH_COLUMNS);
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
    printJson(deps.io, batch);
    return 0;
  }
  const byForma = Object.entries(batch.by_forma ?? {})
    .map(
      ([forma, v]) =>
        `${forma} ${v.count} (${deps.format === 'table' ? formatReais(v.total_amount) : v.total_amount})`,
    )
    .join(', ');
  const returns = (batch.returns ?? [])
    .map(
      (r) =>
        `paid ${r.paid}, scheduled ${r.scheduled}, rejected ${r.rejected}, unchanged ${r.unchanged}, unknown ${r.unknown}`,
    )
    .join(' | ');
  printRecord(deps.io, deps.format, batch, [
    ...BATCH_COLUMNS.map((c) => ({ ...c, header: c.header.toLowerCase() })),
    { header: 'bank account', value: (b) => b.bank_account_id },
    { header: 'by forma', value: () => byForma },
    { header: 'returns', value: () => returns || 'none yet' },
    { header: 'created', value: (b) => b.created_at },
  ]);
  writeLine(deps.io.stdout);
  await printList(deps.io, deps.format, (batch.payables ?? []) as Row[], [
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
  if (deps.format === 'json') printJson(deps.io, batch);
  else if (deps.format === 'table') {
    writeLine(
      deps.io.stdout,
      `${paint(deps.io, 'green', '✓')} batch ${batch.public_id}: ${batch.payables_count} payables, ${formatReais(batch.total_amount ?? 0)}, file ${batch.file_name} (NSA ${batch.file_sequence})`,
    );
  } else writeLine(deps.io.stdout, batch.public_id);
  return 0;
}

/** Streams the .rem to `-o FILE` (temp file + rename), to stdout with `-o -`, or to its own name in the cwd. */
export async function downloadBatch(deps: Deps, idArg: string): Promise<number> {
  const id = publicIdArg('ID', idArg);
  const client = await deps.client();
  const file = await client.batches.download(id);
  if (deps.outputPath === '-') {
    await writeToStream(file.body, deps.io.stdout);
    return 0;
  }
  const target = resolve(deps.outputPath ?? file.fileName ?? `${id}.rem`);
  const bytes = await writeAtomically(
    file.body,
    target,
    progressBar(deps.io, 'download', file.size, Boolean(deps.globals.quiet)),
  );
  if (deps.format === 'json') printJson(deps.io, { path: target, bytes });
  else writeLine(deps.io.stdout, target);
  deps.info(`wrote ${bytes} bytes`);
  return 0;
}

function printReturnSummary(deps: Deps, s: ReturnSummary, replayed: boolean): void {
  if (deps.format === 'json') {
    printJson(deps.io, s);
    return;
  }
  const counts = ['paid', 'scheduled', 'rejected', 'unchanged', 'unknown'] as const;
  if (deps.format === 'table') {
    writeLine(deps.io.stdout, counts.map((k) => `${k} ${s[k]}`).join(', '));
  } else for (const k of counts) writeLine(deps.io.stdout, `${k}\t${s[k]}`);
  for (const w of s.warnings ?? []) deps.warn(`line ${w.line}: ${w.message}`);
  if (replayed) deps.info('this file was imported before: the earlier result was replayed, nothing changed');
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
    .option('--all', 'fetch every page')
    .option('--limit <n>', 'at most this many')
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
    .description('download the .rem (-o FILE, or -o - for stdout; default: its own name here)')
    .action(run((deps, cmd) => downloadBatch(deps, cmd.args[0] as string), { outputIsPath: true }));
  batches
    .command('import-return <id> <file>')
    .description("import the bank's return file (.ret); re-importing the same file changes nothing")
    .action(run((deps, cmd) => importReturn(deps, cmd.args[0] as string, cmd.args[1] as string)));
};
