/**
 * One statement file imported (`condo statements import`, and `import`, which routes each file by its kind): for a
 * cron job importing last night's statement. The file is parsed locally first, so a malformed one exits 2 naming
 * the line and nothing is sent; the Idempotency-Key derives from the file's SHA-256, the account and the format,
 * so a re-run is a replay.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { isCnabStatementFile, requireReadableFile, wrongKind } from '../app/file-kind.js';
import { sha256File } from '../app/files.js';
import type { Judged } from '../app/reconcile.js';
import { accountOfStatement, uploadStatement } from '../app/statements.js';
import type { StatementImportResult } from '../client/index.js';
import { formatDateBr } from '../domain/dates.js';
import { STATEMENT_FILE_LIMIT } from '../domain/endpoints.js';
import { UsageError } from '../domain/errors.js';
import { STATEMENT_FORMATS } from '../domain/ledger.js';
import { findingOf } from '../domain/message.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { LineCounts, ParsedStatementFile, StatementSummary } from '../formats/statement/index.js';
import { type Deps, said } from './context.js';
import { ExitCode, outcomeOf } from './exit-codes.js';
import { progressBar } from './files.js';
import { enumFlag, intFlag } from './flags.js';
import { atLine, english } from './i18n.js';
import { paint, writeLine } from './io.js';
import { type Column, printJson, printList, wrapMessage } from './output.js';
import { type FileLabel, fileLead, printLabelTsv } from './per-file.js';
import { printImportResult } from './report.js';

export interface ImportOptions {
  account?: string;
  format?: string;
  force?: boolean;
  dryRun?: boolean;
  csvColumns?: string;
  dateFormat?: string;
  /** a pattern that matches no file is not an error (cron, a night with no file) */
  allowEmpty?: boolean;
  /** the reconciliation rules run over what the import left unmatched (#35) */
  rules?: string;
}

/** `date=Data,amount=Valor,description=Histórico` -> {date: 'Data', ...}. */
export function parseCsvColumns(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1)
      throw new UsageError({
        en: `--csv-columns: "${pair}" is not role=Column`,
        pt: `--csv-columns: "${pair}" não é papel=Coluna`,
      });
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

export interface LocalRead {
  summary: StatementSummary;
  /** the lines besides the transactions: balances, scheduled ones, refused ones */
  lines: LineCounts;
  /** of the bytes the parser read: the whole file when it read to the end */
  sha256: string | undefined;
  size: number;
  /** a CNAB 240 extrato's reading, its movements kept: what is sent for it is written from them (as OFX) */
  extrato?: ParsedStatementFile;
}

/** How a statement file is read, as its flags say (`--format`, `--csv-columns`, `--date-format`), checked. */
export function statementReadOptions(
  opts: Pick<ImportOptions, 'format' | 'csvColumns' | 'dateFormat'>,
  /** `YYYY-MM-DD`: a line dated after it is scheduled (the run's today) */
  today?: string,
) {
  const format = opts.format ? enumFlag('--format', opts.format, STATEMENT_FORMATS) : undefined;
  return {
    ...(format ? { format } : {}),
    ...(opts.csvColumns ? { csvColumns: parseCsvColumns(opts.csvColumns) } : {}),
    ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
    ...(today ? { today } : {}),
  };
}

/** Parses the file from disk, hashing it on the way (one read for the summary and the idempotency key). */
export async function parseLocally(
  path: string,
  opts: ImportOptions,
  /** `YYYY-MM-DD`: a line dated after it is scheduled (the run's today) */
  today?: string,
): Promise<LocalRead> {
  const info = await requireReadableFile(path);
  // larger than the API takes: said before a byte is read or sent (#53: it parsed 689k lines and uploaded for 34 s
  // first), in MiB as the limit is
  if (info.size > STATEMENT_FILE_LIMIT) {
    const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
    const limit = STATEMENT_FILE_LIMIT / (1024 * 1024);
    throw new UsageError({
      en: `${path} has ${mib(info.size)} MiB; a statement import takes at most ${limit} MiB (split it, a month a file)`,
      pt: `${path} tem ${mib(info.size).replace('.', ',')} MiB; uma importação de extrato aceita no máximo ${limit} MiB (divida-o, um mês por arquivo)`,
    });
  }
  const wrong = await wrongKind(path, 'statement');
  if (wrong) throw new UsageError(wrong);
  // an extrato's movements are kept (an account's month, a few thousand at most): its upload is made of them
  const extrato = await isCnabStatementFile(path);
  const readOptions = statementReadOptions(opts, today);
  const { lineCounts, parseStatement, summarizeStatement } = await import('../formats/statement/index.js');
  // the import's key is the file's hash, made as it is read; a dry run sends nothing and needs none (#73)
  const hash = opts.dryRun ? null : createHash('sha256');
  let read = 0;
  async function* hashed(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(path)) {
      hash?.update(chunk as Buffer);
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  const parsed = await parseStatement(hashed(), { ...readOptions, keepTransactions: extrato });
  const whole = read === info.size;
  return {
    summary: summarizeStatement(parsed),
    lines: lineCounts(parsed),
    sha256: whole && hash ? hash.digest('hex') : undefined,
    size: info.size,
    ...(extrato && parsed.format === 'cnab240' ? { extrato: parsed } : {}),
  };
}

function printLocalSummary(
  deps: Deps,
  path: string,
  { summary: s, lines }: Pick<LocalRead, 'summary' | 'lines'>,
  toStdout: boolean,
): void {
  const line = (text: Text) =>
    toStdout
      ? writeLine(deps.io.stdout, wrapMessage(deps.io, deps.t(text), deps.io.stdout))
      : deps.info(text, true);
  const iso = (date: string | null | undefined) => date ?? '?';
  const br = (date: string | null | undefined) => (date ? formatDateBr(date) : '?');
  const net = formatReais(s.net_amount_cents);
  const kind = `${s.format.toUpperCase()} (${s.encoding})`;
  line({
    en: `${path}: ${kind}, ${s.transactions} transactions, net ${net}, ${iso(s.first_date)} to ${iso(s.last_date)}`,
    pt: `${path}: ${kind}, ${s.transactions} transações, líquido ${net}, de ${br(s.first_date)} a ${br(s.last_date)}`,
  });
  for (const st of s.statements) {
    const [bank, account, currency] = [st.bank_id ?? '?', st.account_id ?? '?', st.currency ?? '?'];
    const balance = st.ledger_balance_cents === null ? null : formatReais(st.ledger_balance_cents);
    line({
      en: `  bank ${bank} account ${account} (${currency}): ${iso(st.start_date)} to ${iso(st.end_date)}, ${st.transactions} transactions${balance ? `, balance ${balance} on ${iso(st.ledger_balance_date)}` : ''}`,
      pt: `  banco ${bank} conta ${account} (${currency}): de ${br(st.start_date)} a ${br(st.end_date)}, ${st.transactions} transações${balance ? `, saldo ${balance} em ${br(st.ledger_balance_date)}` : ''}`,
    });
  }
  // what is in the file besides movements, when there is any (#35): each line is named among the warnings
  if (lines.balance_lines > 0 || lines.scheduled > 0)
    line({
      en: `  and ${lines.balance_lines} balance line(s), not movements; of the transactions, ${lines.scheduled} scheduled, not imported until a later file has them done`,
      pt: `  e ${lines.balance_lines} linha(s) de saldo, não lançamentos; das transações, ${lines.scheduled} agendada(s), importada(s) só quando um arquivo seguinte as trouxer efetivadas`,
    });
  for (const w of s.warnings) deps.warn(said(atLine(deps.t, w.line, w)));
}

function printResult(
  deps: Deps,
  r: StatementImportResult,
  replayed: boolean,
  rulesRan = false,
): Promise<void> | undefined {
  printImportResult(deps, r, replayed, rulesRan);
  if (deps.format === 'json') return;
  // balance lines and scheduled entries are counted where the file has them (#35): the counts add up to the file's
  const counts = [
    'transactions',
    'imported',
    'duplicates',
    ...(Number(r.balance_lines ?? 0) > 0 ? (['balance_lines'] as const) : []),
    ...(Number(r.scheduled ?? 0) > 0 ? (['scheduled'] as const) : []),
    'reconciled',
    'unmatched',
  ] as const;
  if (deps.format === 'table')
    writeLine(
      deps.io.stdout,
      // a person reads words, broken at spaces on a terminal; the tsv below keeps the field names
      wrapMessage(
        deps.io,
        `${fileLead(r)}${counts.map((k) => `${deps.t(COUNT_WORDS[k] ?? k)} ${r[k]}`).join(', ')}`,
        deps.io.stdout,
      ),
    );
  else {
    printLabelTsv(deps, r);
    for (const k of counts) writeLine(deps.io.stdout, `${k}\t${r[k]}`);
  }
  const scheduled = r.scheduled_transactions ?? [];
  const unmatched = r.unmatched_transactions ?? [];
  if (deps.globals.quiet || (unmatched.length === 0 && scheduled.length === 0)) return;
  if (scheduled.length > 0) return printListsAfter(deps, scheduled, unmatched);
  return printUnmatched(deps, unmatched);
}

/** The scheduled entries, then the unmatched movements, each under its heading. */
async function printListsAfter(
  deps: Deps,
  scheduled: NonNullable<StatementImportResult['scheduled_transactions']>,
  unmatched: NonNullable<StatementImportResult['unmatched_transactions']>,
): Promise<void> {
  writeLine(
    deps.io.stdout,
    deps.format === 'table'
      ? paint(
          deps.io,
          'bold',
          `\n${deps.t({ en: 'Scheduled (not imported until a later file has them done):', pt: 'Agendadas (importadas só quando um arquivo seguinte as trouxer efetivadas):' })}`,
        )
      : '',
  );
  await printList(deps, scheduled, LINE_COLUMNS);
  if (unmatched.length > 0) await printUnmatched(deps, unmatched);
}

function printUnmatched(
  deps: Deps,
  unmatched: NonNullable<StatementImportResult['unmatched_transactions']>,
): Promise<void> {
  writeLine(
    deps.io.stdout,
    deps.format === 'table'
      ? paint(deps.io, 'bold', `\n${deps.t({ en: 'Unmatched:', pt: 'Sem par:' })}`)
      : '',
  );
  return printList(deps, unmatched, LINE_COLUMNS);
}

/**
 * Which line of the CNAB extrato each line of the OFX made of it stands for (cnabAsOfxFile): a transaction's
 * lines its segment E (found by its FITID, the movement's id), the rest the lote header.
 */
function cnabLinesOfOfx(ofx: string, parsed: ParsedStatementFile): (ofxLine: number) => number {
  const lineOf = new Map(
    parsed.statements.flatMap((s) => s.transactions.map((t) => [t.id, t.line] as const)),
  );
  const headerLine = parsed.statements[0]?.line ?? 1;
  const of = new Map<number, number>();
  let start = -1;
  let cnab = headerLine;
  ofx.split('\r\n').forEach((text, i) => {
    if (text === '<STMTTRN>') start = i;
    const fitid = /^<FITID>(.*)$/.exec(text)?.[1];
    if (fitid && lineOf.has(fitid)) cnab = lineOf.get(fitid) as number;
    if (text === '</STMTTRN>' && start >= 0) {
      for (let k = start; k <= i; k++) of.set(k + 1, cnab);
      start = -1;
      cnab = headerLine;
    }
  });
  return (ofxLine) => of.get(ofxLine) ?? headerLine;
}

/** An extrato of several accounts: refused, naming them (the API takes one account's statement an import). */
function severalAccounts(path: string, accounts: readonly string[]): UsageError {
  const named = [...new Set(accounts)].join(', ');
  return new UsageError(
    {
      en: `${path}: the extrato holds the statements of more than one account (${named}); import one account's at a time; nothing was sent`,
      pt: `${path}: o extrato traz extratos de mais de uma conta (${named}); importe o de uma conta por vez; nada foi enviado`,
    },
    { code: 'invalid_file' },
  );
}

/**
 * A CNAB 240 account statement written as OFX to a private temporary file, for the upload: its movements' ids as
 * FITIDs, its closing balance as LEDGERBAL (cnabStatementAsOfx). One account's: importStatement refused others.
 */
async function cnabAsOfxFile(
  path: string,
  parsed: ParsedStatementFile,
): Promise<{
  path: string;
  size: number;
  remove: () => Promise<void>;
  /** the CNAB line an OFX line the server names stands for */
  cnabLine: (ofxLine: number) => number;
}> {
  const { writeFile, mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { basename, join } = await import('node:path');
  const { cnabStatementAsOfx } = await import('../formats/cnab240/statement.js');
  const ofx = cnabStatementAsOfx(parsed);
  if (ofx === null)
    throw severalAccounts(
      path,
      parsed.statements.map((st) => `${st.bankId} ${st.accountId}`),
    );
  // under the file's own name: the server keeps it as the import's file name
  const dir = await mkdtemp(join(tmpdir(), 'condo-extrato-'));
  const out = join(dir, basename(path));
  await writeFile(out, ofx, { mode: 0o600 });
  return {
    path: out,
    size: Buffer.byteLength(ofx),
    remove: () => rm(dir, { recursive: true, force: true }),
    cnabLine: cnabLinesOfOfx(ofx, parsed),
  };
}

/** The account a statement names among the condominium's (app/statements.ts), said as the file names it. */
async function accountOfFile(deps: Deps, path: string, summary: StatementSummary): Promise<number> {
  const account = await deps.app(accountOfStatement, path, summary);
  deps.info(asTheFileNamesIt(path, account), true);
  return account.id;
}

export async function importStatement(
  deps: Deps,
  path: string,
  opts: ImportOptions,
  label: FileLabel = {},
  /** the file as the caller read it already (a file routed by its content) */
  read?: LocalRead,
): Promise<number> {
  let account = opts.account ? intFlag('--account', opts.account) : undefined;
  const local = read ?? (await parseLocally(path, opts, deps.today()));
  const { summary } = local;
  if (summary.errors.length > 0) {
    const [first, ...rest] = summary.errors;
    if (opts.dryRun && deps.format === 'json') printJson(deps, { ...label, ...summary });
    const said = first ? findingOf(first) : '';
    const more = rest.length;
    throw new UsageError(
      {
        en: `${path}: line ${first?.line}: ${english(said)}${more ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : ''}; nothing was sent`,
        pt: `${path}: linha ${first?.line}: ${deps.t(said)}${more ? ` (e mais ${more} ${more === 1 ? 'erro' : 'erros'})` : ''}; nada foi enviado`,
      },
      { code: 'invalid_file' },
    );
  }
  // a CNAB extrato is sent as one account's OFX: one that holds several accounts is refused, dry run or not
  if (summary.format === 'cnab240') {
    const accounts = new Set(summary.statements.map((st) => `${st.bank_id} ${st.account_id}`));
    if (accounts.size > 1) throw severalAccounts(path, [...accounts]);
  }
  if (opts.dryRun) {
    // over many files each line names its file, as the import's own lines do
    if (deps.format === 'json') printJson(deps, { ...label, ...summary });
    else printLocalSummary(deps, path, local, true);
    return 0;
  }
  if (deps.format !== 'json') printLocalSummary(deps, path, local, false);
  account ??= await accountOfFile(deps, path, summary);
  const format = summary.format;
  // The same file, account and format is the same import (a cron re-run replays it); --force or another CSV
  // mapping is another request, so it gets its own key rather than an idempotency conflict.
  const variant = [opts.force ? 'force' : '', opts.csvColumns ?? '', opts.dateFormat ?? ''].join('|');
  const suffix =
    variant === '||' ? '' : `-${createHash('sha256').update(variant).digest('hex').slice(0, 12)}`;
  const key =
    deps.globals.idempotencyKey ??
    `statement-${account}-${format}-${local.sha256 ?? (await sha256File(path))}${suffix}`;
  // the API takes OFX or CSV: a CNAB 240 extrato goes as the OFX it says (cnabStatementAsOfx)
  const sent = local.extrato ? await cnabAsOfxFile(path, local.extrato) : null;
  const bar = progressBar(
    deps.io,
    deps.t({ en: 'upload', pt: 'enviando' }),
    sent?.size ?? local.size,
    Boolean(deps.globals.quiet),
  );
  // a file imported before still gets its rules (a re-run of the night, rules added since): over its lines as
  // they are now, not as the first import left them; a server that cannot say which are still open gets the
  // replay alone, as before, rather than the rules over lines it may have settled
  // `now`: the lines open now, the result itself unless a replay's rules asked the server again
  const {
    result,
    replayed,
    open: now,
  } = await deps
    .app(uploadStatement, account, path, sent, {
      format: format === 'cnab240' ? 'ofx' : format,
      force: Boolean(opts.force),
      csvColumns: opts.csvColumns,
      dateFormat: opts.dateFormat,
      idempotencyKey: key,
      onProgress: (sent) => bar.update(sent),
      linesOpen: Boolean(opts.rules),
    })
    .finally(() => sent?.remove());
  bar.done();
  if (!opts.rules || !now) {
    await printResult(deps, { ...label, ...result, outcome: outcomeOf(ExitCode.ok) }, replayed);
    if (opts.rules)
      deps.info({
        en: 'the rules did not run again: this server does not say which of its lines are still unmatched',
        pt: 'as regras não rodaram de novo: este servidor não diz quais linhas dele ainda estão sem par',
      });
    return 0;
  }
  return importedThenRules(deps, account as number, opts.rules, { ...label, ...now }, replayed);
}

/**
 * `import --rules`: the rules over what the import left unmatched, right after it, in the same result (one JSON
 * document a file for a cron log): each line the rules took under `by_rules`, the rest still unmatched.
 */
async function importedThenRules(
  deps: Deps,
  accountId: number,
  rulesFile: string,
  result: StatementImportResult,
  replayed = false,
): Promise<number> {
  // the rules' run, and the index tables it may read, load only for an import with --rules (#73: a dry run's start)
  const { applyRules, judgedRow, printJudged, rulesRunCode, sayLeftForPerson, warnStaleRules } = await import(
    './rules-run.js'
  );
  const { loadRules } = await import('../app/rules-file.js');
  const { actionText } = await import('../app/reconcile.js');
  const { rules } = await loadRules(rulesFile);
  const { importsKept, ruleLineOf } = await import('../app/movements.js');
  const lines = (result.unmatched_transactions ?? []).flatMap((m) => ruleLineOf(m, accountId) ?? []);
  const run = applyRules(deps, accountId, rules, lines, { explain: true });
  const judged: Judged[] = [];
  for await (const j of run.judged()) if (j.verdict.rule) judged.push(j);
  // the nightly import is where a stale rule is seen first
  // (a server that keeps no imports says nothing of stale rules: the import itself went through)
  await warnStaleRules(
    deps,
    await deps.app(importsKept, { bank_account_id: accountId }),
    accountId,
    deps.today().slice(0, 7),
    rules,
    new Set(judged.map((j) => j.verdict.rule?.id ?? '')),
  );
  const taken = new Set(judged.filter((j) => !j.left && !j.failed).map((j) => j.line.movementId));
  const still = (result.unmatched_transactions ?? []).filter((m) => !taken.has(m.movement_id ?? ''));
  const code = rulesRunCode(run, still.length);
  await printResult(
    deps,
    {
      ...result,
      unmatched: still.length,
      unmatched_transactions: still,
      by_rules: judged.map((j) => judgedRow(j, actionText)),
      outcome: outcomeOf(code),
    },
    replayed,
    true,
  );
  if (deps.format !== 'json' && judged.length > 0) {
    writeLine(
      deps.io.stdout,
      deps.format === 'table'
        ? paint(deps.io, 'bold', `\n${deps.t({ en: 'By the rules:', pt: 'Pelas regras:' })}`)
        : '',
    );
    await printJudged(deps, judged, false);
  }
  sayLeftForPerson(deps, still.length);
  return code;
}

/** Which account a statement goes into, when the file's own bank and account said it. */
export const asTheFileNamesIt = (path: string, account: { id: number; name?: string | null }) => ({
  en: `${path}: into bank account ${account.id} (${account.name ?? ''}), as the file names it`,
  pt: `${path}: na conta bancária ${account.id} (${account.name ?? ''}), como o arquivo indica`,
});

/** The counts' words where a field name is not one (#35's: the lines besides movements, said as lines). */
export const COUNT_WORDS: Readonly<Record<string, Text>> = {
  balance_lines: { en: 'balance lines', pt: 'linhas de saldo' },
  scheduled: { en: 'scheduled', pt: 'agendadas' },
};

export const LINE_COLUMNS: Column<{
  line?: number;
  date: string;
  amount_cents: number;
  memo?: string | null;
  fitid?: string | null;
}>[] = [
  { header: { en: 'LINE', pt: 'LINHA' }, value: (t) => t.line },
  { header: { en: 'DATE', pt: 'DATA' }, value: (t) => t.date, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (t) => t.amount_cents, kind: 'cents' },
  { header: { en: 'MEMO', pt: 'HISTÓRICO' }, value: (t) => t.memo },
  { header: 'FITID', value: (t) => t.fitid },
];
