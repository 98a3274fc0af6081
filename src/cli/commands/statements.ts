import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { StatementImportResult, StatementRecord } from '../../client/index.js';
import { accountsNamed } from '../../domain/bank-accounts.js';
import { formatDateBr, lastDayOf } from '../../domain/dates.js';
import { STATEMENT_FILE_LIMIT } from '../../domain/endpoints.js';
import { CondoError, NotFoundError, UsageError } from '../../domain/errors.js';
import { STATEMENT_FORMATS } from '../../domain/ledger.js';
import { formatReais } from '../../domain/money.js';
import type { Rule, RuleAction, RuleLine } from '../../domain/statement-rules.js';
import type { Text } from '../../domain/text.js';
import type { LineCounts, ParsedStatementFile, StatementSummary } from '../../formats/statement/index.js';
import type { Deps } from '../context.js';
import { ExitCode, exitCodeOf, outcomeOf } from '../exit-codes.js';
import { ifServed, viaExtension } from '../extension.js';
import { expandFileArgs, nothingToImport } from '../file-args.js';
import { isCnabStatementFile, wrongKind } from '../file-kind.js';
import { progressBar, sha256File } from '../files.js';
import { enumFlag, intFlag, monthFlag } from '../flags.js';
import { atLine } from '../i18n.js';
import { paint, writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import { monthBr } from '../month-words.js';
import { type Column, fieldColumns, printJson, printList, printRecord, wrapMessage } from '../output.js';
import { eachFile, type FileLabel, fileLead, printLabelTsv } from '../per-file.js';
import type { Judged } from '../reconcile.js';
import { printImportResult } from '../report.js';
import { namer, resolvePublicId } from '../resolve.js';

/**
 * `condo statements import`: for a cron job importing last night's statement. The file is parsed locally first,
 * so a malformed one exits 2 naming the line and nothing is sent; the Idempotency-Key derives from the file's
 * SHA-256, the account and the format, so a re-run is a replay.
 */

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
function statementReadOptions(
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
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile())
    throw new UsageError({
      en: `FILE: ${path} is not a readable file`,
      pt: `FILE: ${path} não é um arquivo legível`,
    });
  // larger than the API takes: said before a byte is read or sent (#53: it parsed 689k lines and uploaded for 34 s
  // first), in MiB as the limit is
  if (info.size > STATEMENT_FILE_LIMIT) {
    const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
    const limit = STATEMENT_FILE_LIMIT / (1024 * 1024);
    throw new UsageError({
      en: `FILE: ${path} has ${mib(info.size)} MiB; a statement import takes at most ${limit} MiB (split it, a month a file)`,
      pt: `FILE: ${path} tem ${mib(info.size).replace('.', ',')} MiB; uma importação de extrato aceita no máximo ${limit} MiB (divida-o, um mês por arquivo)`,
    });
  }
  const wrong = await wrongKind(path, 'statement');
  if (wrong) throw new UsageError(wrong);
  // an extrato's movements are kept (an account's month, a few thousand at most): its upload is made of them
  const extrato = await isCnabStatementFile(path);
  const readOptions = statementReadOptions(opts, today);
  const { lineCounts, parseStatement, summarizeStatement } = await import('../../formats/statement/index.js');
  const hash = createHash('sha256');
  let read = 0;
  async function* hashed(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  const parsed = await parseStatement(hashed(), { ...readOptions, keepTransactions: extrato });
  const whole = read === info.size;
  return {
    summary: summarizeStatement(parsed),
    lines: lineCounts(parsed),
    sha256: whole ? hash.digest('hex') : undefined,
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
  for (const w of s.warnings) deps.warn(atLine(deps.t, w.line, w.message));
}

/** The counts' words where a field name is not one (#35's: the lines besides movements, said as lines). */
const COUNT_WORDS: Readonly<Record<string, Text>> = {
  balance_lines: { en: 'balance lines', pt: 'linhas de saldo' },
  scheduled: { en: 'scheduled', pt: 'agendadas' },
};

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

const LINE_COLUMNS: Column<{
  line?: number;
  date: string;
  amount_cents: number;
  memo?: string | null;
  fitid?: string | null;
}>[] = [
  { header: 'LINE', value: (t) => t.line },
  { header: 'DATE', value: (t) => t.date, kind: 'date' },
  { header: 'AMOUNT', value: (t) => t.amount_cents, kind: 'cents' },
  { header: 'MEMO', value: (t) => t.memo },
  { header: 'FITID', value: (t) => t.fitid },
];

/** The scheduled entries, then the unmatched movements, each under its heading. */
async function printListsAfter(
  deps: Deps,
  scheduled: NonNullable<StatementImportResult['scheduled_transactions']>,
  unmatched: NonNullable<StatementImportResult['unmatched_transactions']>,
): Promise<void> {
  writeLine(
    deps.io.stdout,
    deps.format === 'table'
      ? paint(deps.io, 'bold', `\n${deps.t('Scheduled (not imported until a later file has them done):')}`)
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
    deps.format === 'table' ? paint(deps.io, 'bold', `\n${deps.t('Unmatched:')}`) : '',
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
  const { cnabStatementAsOfx } = await import('../../formats/cnab240/statement.js');
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

/**
 * The account a statement names (OFX BANKID/BRANCHID/ACCTID, a CSV layout's bank and account columns), among the
 * condominium's: with or without check digits and leading zeros. None, or more than one, is a usage error naming
 * what the file says and the accounts there are.
 */
async function accountOfFile(deps: Deps, path: string, summary: StatementSummary): Promise<number> {
  const accounts = [...(await (await deps.client()).bankAccounts.list())].map((a) => ({
    id: a.id,
    name: String(a.name ?? ''),
    bank_code: String(a.bank_code ?? ''),
    agency: String(a.agency ?? ''),
    account_number: String(a.account_number ?? ''),
  }));
  const named = summary.statements.filter((st) => st.account_id);
  const matches = accountsNamed(accounts, named);
  const [only] = matches;
  if (matches.length === 1 && only) {
    deps.info(asTheFileNamesIt(path, only), true);
    return only.id;
  }
  const says = accountsTheFileNames(named);
  const list = (of: typeof accounts) =>
    of.map((a) => `${a.id} ${a.name} (${a.bank_code} ag ${a.agency} cc ${a.account_number})`).join('; ');
  throw new UsageError(
    matches.length === 0
      ? {
          en: `${path}: the file ${says.en}, none of this condominium's accounts: ${list(accounts)}; give --account`,
          pt: `${path}: o arquivo ${says.pt}, nenhuma das contas deste condomínio: ${list(accounts)}; dê --account`,
        }
      : {
          en: `${path}: the file ${says.en}, which fits ${matches.length} accounts: ${list(matches)}; give --account`,
          pt: `${path}: o arquivo ${says.pt}, que serve para ${matches.length} contas: ${list(matches)}; dê --account`,
        },
  );
}

/** What a statement says of its account(s), for a refusal that names them. */
export function accountsTheFileNames(
  named: readonly { bank_id?: string | null; account_id?: string | null }[],
): Text {
  const each = (bank: string, account: string) =>
    named.map((st) => `${bank} ${st.bank_id ?? '?'} ${account} ${st.account_id}`).join(', ');
  return named.length === 0
    ? { en: 'names no account', pt: 'não indica conta' }
    : { en: `names ${each('bank', 'account')}`, pt: `indica ${each('banco', 'conta')}` };
}

/**
 * Each file in turn, one result (or one error line naming the file) each; the exit code is the worst one. A
 * cron job hands it a folder's files: `condo statements import /srv/extratos/*.ofx`.
 */
export async function importStatements(deps: Deps, given: string[], opts: ImportOptions): Promise<number> {
  const paths = await expandFileArgs(given, opts);
  if (paths.length === 0) return nothingToImport(deps, given);
  return eachFile(deps, paths, (path, label) => importStatement(deps, path, opts, label));
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
    if (opts.dryRun && deps.format === 'json') printJson(deps, summary);
    const message = first?.message ?? '';
    const more = rest.length;
    throw new UsageError(
      {
        en: `${path}: line ${first?.line}: ${message}${more ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : ''}; nothing was sent`,
        pt: `${path}: linha ${first?.line}: ${deps.t(message)}${more ? ` (e mais ${more} ${more === 1 ? 'erro' : 'erros'})` : ''}; nada foi enviado`,
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
    if (deps.format === 'json') printJson(deps, summary);
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
  const client = await deps.client();
  // the API takes OFX or CSV: a CNAB 240 extrato goes as the OFX it says (cnabStatementAsOfx)
  const sent = local.extrato ? await cnabAsOfxFile(path, local.extrato) : null;
  const bar = progressBar(deps.io, deps.t('upload'), sent?.size ?? local.size, Boolean(deps.globals.quiet));
  const { result, replayed } = await client.statements
    .import(account as number, sent?.path ?? path, {
      format: format === 'cnab240' ? 'ofx' : format,
      force: Boolean(opts.force),
      ...(opts.csvColumns ? { csvColumns: opts.csvColumns } : {}),
      ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
      idempotencyKey: key,
      onProgress: (sent) => bar.update(sent),
    })
    .catch((error: unknown) => {
      // the API's advice names its form field; the person at the keyboard has a flag
      if (error instanceof CondoError && error.code === 'account_mismatch')
        error.message = error.message.replace(/send force=true/, 'add --force');
      // the server counted the lines of the OFX it was sent: the person has the CNAB file
      if (error instanceof CondoError && sent) {
        const atCnab = (text: string) =>
          text.replace(/\bline (\d+)/g, (_, n) => `line ${sent.cnabLine(Number(n))}`);
        error.message = atCnab(error.message);
        for (const list of Object.values(error.fields ?? {}))
          list.forEach((text, i) => {
            list[i] = atCnab(text);
          });
      }
      throw error;
    })
    .finally(() => sent?.remove());
  bar.done();
  // the server counted the lines of the OFX it was sent: a person looks for them in the CNAB file
  if (sent) for (const m of result.unmatched_transactions ?? []) if (m.line) m.line = sent.cnabLine(m.line);
  // a file imported before still gets its rules (a re-run of the night, rules added since): over its lines as
  // they are now, not as the first import left them (the earlier run may have settled some); a server that cannot
  // say which are still open gets the replay alone, as before, rather than the rules over lines it may have settled
  const now = opts.rules && replayed ? await linesOpenNow(client, result) : result;
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

/** A replayed import's result with its lines still unmatched now; null where the server does not list imports. */
async function linesOpenNow(
  client: Awaited<ReturnType<Deps['client']>>,
  result: StatementImportResult,
): Promise<StatementImportResult | null> {
  const id = result.statement_id;
  const detail = id ? await ifServed(() => client.statements.get(String(id)), undefined) : undefined;
  if (!detail) return null;
  // as an import's answer lists them (a memo or FITID it has none of is left out, not null)
  const still = (detail.unmatched_transactions ?? []).map(({ memo, fitid, ...m }) => ({
    ...m,
    ...(memo === null ? {} : { memo }),
    ...(fitid === null ? {} : { fitid }),
  }));
  return { ...result, unmatched: detail.unmatched ?? still.length, unmatched_transactions: still };
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
  const { loadRules } = await import('../rules-file.js');
  const { actionText } = await import('../reconcile.js');
  const { rules } = await loadRules(rulesFile);
  const { importsKept, ruleLineOf } = await import('../../app/movements.js');
  const lines = (result.unmatched_transactions ?? []).flatMap((m) => ruleLineOf(m, accountId) ?? []);
  const run = applyRules(deps, accountId, rules, lines, { explain: true });
  const judged: Judged[] = [];
  for await (const j of run.judged()) if (j.verdict.rule) judged.push(j);
  // the nightly import is where a stale rule is seen first
  // (a server that keeps no imports says nothing of stale rules: the import itself went through)
  const client = await deps.client();
  await warnStaleRules(
    deps,
    await importsKept(client, { bank_account_id: accountId }),
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
      deps.format === 'table' ? paint(deps.io, 'bold', `\n${deps.t('By the rules:')}`) : '',
    );
    await printJudged(deps, judged, false);
  }
  sayLeftForPerson(deps, still.length);
  return code;
}

const STATEMENTS_EXTENSION = {
  action: { en: 'list statement imports', pt: 'listar importações de extrato' },
  verb: 'statements list|show',
};

/** The statement imports that ran, newest first: when, which file, what was new, matched and left unmatched. */
export async function listStatements(deps: Deps, opts: PagingFlags & { account?: string }): Promise<number> {
  const filters = opts.account ? { bank_account_id: intFlag('--account', opts.account) } : {};
  const client = await deps.client();
  await showList(deps, opts, STATEMENT_COLUMNS, (o) =>
    viaExtension(STATEMENTS_EXTENSION, () => client.statements.list(filters, o)),
  );
  return 0;
}

const STATEMENT_COLUMNS: Column<StatementRecord>[] = [
  { header: 'ID', value: (r) => r.statement_id },
  // at 80 columns (#53): the period and what matched stay; the file, the repeats, when and the account go first
  { header: 'IMPORTED', value: (r) => r.imported_at, kind: 'instant', drop: 3 },
  { header: 'ACCOUNT', value: (r) => r.bank_account_id, drop: 4 },
  {
    header: 'PERIOD',
    value: (r) => (r.period ? `${formatDateBr(r.period.start)}–${formatDateBr(r.period.end)}` : ''),
    // two dates: never cut
    fixed: true,
  },
  { header: 'NEW', value: (r) => r.imported },
  { header: 'DUPLICATES', value: (r) => r.duplicates, drop: 2 },
  { header: 'MATCHED', value: (r) => r.reconciled },
  {
    header: 'UNMATCHED',
    value: (r) => r.unmatched,
    style: (r) => ((r.unmatched ?? 0) > 0 ? 'yellow' : undefined),
  },
  { header: 'FILE', value: (r) => r.file_name, drop: 1 },
];

/** Which account a statement goes into, when the file's own bank and account said it. */
export const asTheFileNamesIt = (path: string, account: { id: number; name?: string | null }) => ({
  en: `${path}: into bank account ${account.id} (${account.name ?? ''}), as the file names it`,
  pt: `${path}: na conta bancária ${account.id} (${account.name ?? ''}), como o arquivo indica`,
});

/** One import, and the movements it brought that are still unmatched: what someone must look at by hand. */
export async function showStatement(deps: Deps, idArg: string): Promise<number> {
  const id = await resolvePublicId(deps, 'ID', idArg, 'statement');
  const client = await deps.client();
  const s = await client.statements.get(id).catch((error: unknown) => {
    if (error instanceof NotFoundError)
      throw new NotFoundError({
        en: `no statement import ${id} (or this server keeps none: statements show is an extension of the condo sandbox)`,
        pt: `não há importação de extrato ${id} (ou este servidor não guarda nenhuma: statements show é uma extensão do sandbox do condo)`,
      });
    throw error;
  });
  if (deps.format === 'json') {
    printJson(deps, s);
    return 0;
  }
  const { unmatched_transactions: unmatched = [], unmatched_truncated: _t, ...record } = s;
  if (deps.format !== 'table') {
    printRecord(deps, record, fieldColumns(record, {}));
  } else {
    const names = namer(deps);
    const account = await names.bankAccount(s.bank_account_id);
    printRecord(deps, s, [
      { header: 'Statement import', value: (r) => r.statement_id },
      { header: 'Imported', value: (r) => r.imported_at, kind: 'instant' },
      { header: 'Bank account', value: () => account },
      { header: 'File', value: (r) => `${r.file_name ?? '(no name)'} (${r.format ?? ''})` },
      {
        // the statement's days ("Competência" is a tax guide's or the ledger's month)
        header: { en: 'Period', pt: 'Período' },
        value: (r) =>
          r.period
            ? {
                en: `${formatDateBr(r.period.start)} to ${formatDateBr(r.period.end)}`,
                pt: `${formatDateBr(r.period.start)} a ${formatDateBr(r.period.end)}`,
              }
            : '',
      },
      {
        header: 'Transactions',
        value: (r) => ({
          en: `${r.transactions}: ${r.imported} new, ${r.duplicates} already imported, ${r.reconciled} matched`,
          pt: `${r.transactions}: ${r.imported} novas, ${r.duplicates} já importadas, ${r.reconciled} conciliadas`,
        }),
      },
      {
        header: 'Unmatched now',
        value: () => String(unmatched.length),
        style: () => (unmatched.length ? 'yellow' : undefined),
      },
    ]);
  }
  if (unmatched.length === 0) return 0;
  writeLine(deps.io.stdout);
  await printList(deps, unmatched, [
    { header: 'LINE', value: (m) => m.line },
    { header: 'DATE', value: (m) => m.date, kind: 'date' },
    { header: 'AMOUNT', value: (m) => m.amount_cents, kind: 'cents' },
    { header: 'MEMO', value: (m) => [m.name, m.memo].filter(Boolean).join(' · ') },
    { header: 'FITID', value: (m) => m.fitid, drop: 1 },
  ]);
  if (s.unmatched_truncated) deps.warn('more unmatched movements than listed');
  return 0;
}

export interface ReconcileOptions {
  rules?: string;
  explain?: boolean;
  dryRun?: boolean;
  month?: string;
  format?: string;
  csvColumns?: string;
  dateFormat?: string;
}

/** The rules file: --rules, else CONDO_RULES, else the profile's `rules` (condo config set rules FILE). */
async function rulesPath(deps: Deps, flag: string | undefined): Promise<string> {
  if (flag) return flag;
  if (deps.io.env.CONDO_RULES) return deps.io.env.CONDO_RULES;
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  const fromProfile = (await deps.config()).setting(profileName, 'rules');
  if (fromProfile) return fromProfile;
  throw new UsageError({
    en: '--rules: name the reconciliation rules file (or CONDO_RULES, or condo config set rules FILE)',
    pt: '--rules: indique o arquivo de regras de conciliação (ou CONDO_RULES, ou condo config set rules FILE)',
  });
}

/**
 * `condo statements reconcile ACCOUNT|FILE --rules R [--explain] [--dry-run]` (#35 point 2): the rules over the
 * lines nobody matched. On a statement FILE with --dry-run it works offline, with no server: a rules change is
 * reviewed before it is merged.
 */
export async function reconcileStatements(
  deps: Deps,
  target: string,
  opts: ReconcileOptions,
): Promise<number> {
  const { loadRules } = await import('../rules-file.js');
  const { rules } = await loadRules(await rulesPath(deps, opts.rules));
  const isFile = (await stat(target).catch(() => undefined))?.isFile() ?? false;
  if (!isFile) return reconcileAccount(deps, target, rules, opts);
  if (!opts.dryRun)
    throw new UsageError({
      en: `${target} is a file: --dry-run shows what the rules make of it offline; to act, import it with --rules`,
      pt: `${target} é um arquivo: --dry-run mostra o que as regras fazem dele sem servidor; para agir, importe-o com --rules`,
    });
  const { readFileLines, judgedDry } = await import('../reconcile.js');
  const { judge } = await import('../../domain/statement-rules.js');
  const parseOptions = { ...statementReadOptions(opts), today: deps.today() };
  const explain = Boolean(opts.explain);
  const left = await printReconciliation(
    deps,
    rules,
    (each) =>
      readFileLines(target, parseOptions, (line) => each(judgedDry(line, judge(rules, line, explain)))),
    opts,
    target,
    (n) => rulesRunCode(NO_FAILURES, n),
  );
  // as the run would end: 1 when it would leave lines for a person
  sayLeftForPerson(deps, left);
  return rulesRunCode(NO_FAILURES, left);
}

/** The month's unmatched lines of a bank account, and the rules' actions done through the API (unless --dry-run). */
async function reconcileAccount(
  deps: Deps,
  target: string,
  rules: Rule[],
  opts: ReconcileOptions,
): Promise<number> {
  if (!/^\d+$/.test(target))
    throw new UsageError({
      en: `ACCOUNT: "${target}" is neither a bank account's id nor a statement file`,
      pt: `ACCOUNT: "${target}" não é o id de uma conta bancária nem um arquivo de extrato`,
    });
  const accountId = Number(target);
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const client = await deps.client();
  // the account's imports, read once: its lines of the month, and how far back its statements go
  const imports = await accountImports(deps, accountId);
  const { unmatchedMovements } = await import('../../app/movements.js');
  const lines = await unmatchedMovements(client, imports, { from: `${month}-01`, to: lastDayOf(month) });
  const run = applyRules(deps, accountId, rules, lines, opts);
  const matched = new Set<string>();
  const source = `${deps.t({ en: 'account', pt: 'conta' })} ${accountId} ${deps.t({ en: month, pt: monthBr(month) })}`;
  const left = await printReconciliation(
    deps,
    rules,
    async (each) => {
      for await (const j of run.judged()) {
        if (j.verdict.rule) matched.add(j.verdict.rule.id);
        each(j);
      }
    },
    opts,
    source,
    (n) => rulesRunCode(run, n),
  );
  await warnStaleRules(deps, imports, accountId, month, rules, matched);
  sayLeftForPerson(deps, left);
  return rulesRunCode(run, left);
}

/** A bank account's statement imports (an extension of condo's sandbox: said plainly where a server has none). */
async function accountImports(deps: Deps, accountId: number): Promise<StatementRecord[]> {
  const client = await deps.client();
  return viaExtension(STATEMENTS_EXTENSION, async () => [
    ...(await client.statements.list({ bank_account_id: accountId }, { all: true })),
  ]);
}

/** A rule that has matched nothing for a quarter: the bank changed its words, or the rule is dead. */
async function warnStaleRules(
  deps: Deps,
  imports: readonly StatementRecord[],
  accountId: number,
  month: string,
  rules: Rule[],
  matched: ReadonlySet<string>,
): Promise<void> {
  const { unusedRules } = await import('../reconcile.js');
  const stale = await unusedRules(await deps.client(), imports, accountId, month, rules, matched);
  for (const rule of stale.rules)
    deps.warn({
      en: `rule ${rule.id} (line ${rule.line}) has matched nothing since ${stale.since}: fix it or remove it`,
      pt: `a regra ${rule.id} (linha ${rule.line}) não casa com nada desde ${formatDateBr(stale.since)}: corrija-a ou remova-a`,
    });
}

/**
 * The rules over lines a server keeps: each line's verdict and, unless a dry run, the action done (an entry, an
 * invoice settled), a line the rule cannot act on left for a person, a refusal counted as a failure.
 */
function applyRules(
  deps: Deps,
  accountId: number,
  rules: Rule[],
  lines: readonly RuleLine[],
  opts: { explain?: boolean | undefined; dryRun?: boolean | undefined },
): { judged(): AsyncGenerator<Judged>; failures(): number; worstFailure(): number } {
  let failures = 0;
  let worst = 0;
  async function* judged(): AsyncGenerator<Judged> {
    const { judge } = await import('../../domain/statement-rules.js');
    const { judgedDry, LeftForPerson, RuleActions } = await import('../reconcile.js');
    const actions = new RuleActions(await deps.client(), accountId);
    // every chart account and supplier the rules name, found before anything is done
    await actions.check(rules);
    for (const line of lines) {
      const verdict = judge(rules, line, Boolean(opts.explain));
      if (!verdict.rule || opts.dryRun) {
        yield judgedDry(line, verdict);
        continue;
      }
      try {
        yield { line, verdict, done: await actions.apply(verdict.rule, line) };
      } catch (e) {
        if (e instanceof LeftForPerson) {
          // the rule matched but cannot act on this line: a person looks at it (not a failure of the run)
          yield { line, verdict, done: e.text ?? { en: e.message, pt: e.message }, left: true };
          continue;
        }
        if (!(e instanceof CondoError)) throw e;
        failures++;
        worst = Math.max(worst, exitCodeOf(e));
        // the server's own words, field by field where it gave them
        const fields = Object.entries(e.fields ?? {})
          .map(([field, why]) => `${field}: ${why.join('; ')}`)
          .join('; ');
        deps.warn({
          en: `line ${line.line} (${line.memo ?? ''}): rule ${verdict.rule.id}: ${e.text?.en ?? e.message}${fields ? ` (${fields})` : ''}`,
          pt: `linha ${line.line} (${line.memo ?? ''}): regra ${verdict.rule.id}: ${e.text?.pt ?? deps.t(e.message)}${fields ? ` (${deps.t(fields)})` : ''}`,
        });
        yield { line, verdict, done: { en: 'not done', pt: 'não feito' }, failed: true };
      }
    }
  }
  return { judged, failures: () => failures, worstFailure: () => worst };
}

/**
 * A rules run's exit code (#50, the one table): a refused action's own code; else 1 when lines are left for a
 * person (no rule matched them, or the rule that did could not act); else 0.
 */
function rulesRunCode(run: { failures(): number; worstFailure(): number }, left: number): number {
  if (run.failures() > 0) return run.worstFailure();
  return left > 0 ? ExitCode.attention : ExitCode.ok;
}

/** A dry run calls nothing, so nothing fails. */
const NO_FAILURES = { failures: () => 0, worstFailure: () => 0 };

/** How many lines a rules run left for a person, on stderr (the table or JSON on stdout lists them). */
function sayLeftForPerson(deps: Deps, left: number): void {
  if (left > 0)
    deps.warn({
      en: `${left} ${left === 1 ? 'line is' : 'lines are'} left for a person`,
      pt: `${left} ${left === 1 ? 'linha fica' : 'linhas ficam'} para uma pessoa`,
    });
}

/** A judged line as JSON shows it. */
function judgedRow({ line, verdict, done, left, failed }: Judged, actionText: (a: RuleAction) => Text) {
  return {
    line: line.line,
    date: line.date,
    amount_cents: line.amountCents,
    memo: line.memo,
    fitid: line.fitid,
    rule: verdict.rule?.id ?? null,
    action: verdict.rule ? actionText(verdict.rule.action).en : null,
    closest: verdict.closest?.rule.id ?? null,
    failed: verdict.closest?.failed ?? null,
    ...(done ? { done: done.en, outcome: failed ? 'failed' : left ? 'left_for_a_person' : 'done' } : {}),
  };
}

/** Each line with its rule (or the closest and why not), and what was done. */
async function printJudged(deps: Deps, judged: readonly Judged[], dryRun: boolean): Promise<void> {
  const { verdictText } = await import('../reconcile.js');
  await printList(deps, judged, [
    { header: 'LINE', value: (j) => j.line.line },
    { header: 'DATE', value: (j) => j.line.date, kind: 'date' },
    { header: 'AMOUNT', value: (j) => j.line.amountCents, kind: 'cents' },
    { header: 'MEMO', value: (j) => j.line.memo ?? j.line.name, drop: 1 },
    {
      header: { en: 'RULE', pt: 'REGRA' },
      value: (j) => verdictText(j.verdict, deps.t),
      wrap: true,
      style: (j) => (j.failed ? 'red' : j.verdict.rule && !j.left ? 'green' : 'yellow'),
    },
    ...(dryRun && !judged.some((j) => j.left)
      ? []
      : [
          {
            // a dry run says only what would be left for a person, and why; a run, what came of each line (a
            // line left for a person is not labelled done, #53)
            header: dryRun ? { en: 'NOTE', pt: 'NOTA' } : { en: 'RESULT', pt: 'RESULTADO' },
            value: (j: Judged) => j.done ?? null,
            wrap: true,
          },
        ]),
  ]);
}

/** Each line's verdict (with --explain), or per rule the lines it takes and their total; then a count. */
async function printReconciliation(
  deps: Deps,
  rules: Rule[],
  /** hands each judged line to `each`, in order */
  feed: (each: (j: Judged) => void) => Promise<void>,
  opts: ReconcileOptions,
  source: string,
  /** the run's exit code from the lines it leaves for a person (#50's table) */
  codeOf: (left: number) => number,
): Promise<number> {
  const { Tally, actionText } = await import('../reconcile.js');
  const tally = new Tally(rules);
  const judged: Judged[] = [];
  let done = 0;
  let left = 0;
  await feed((item) => {
    tally.add(item.line, item.verdict);
    if (item.done && !item.left && !item.failed) done++;
    if (item.left) left++;
    if (opts.explain) judged.push(item);
  });
  const none = tally.rows().at(-1)?.lines ?? 0;
  // --json says how the run ends, as every run's result does (#53): a person needed is not a failed call
  const ending = {
    outcome: outcomeOf(codeOf(none + left)),
    left_for_a_person: none + left,
    ...(opts.dryRun ? { dry_run: true } : {}),
  };
  if (opts.explain) {
    if (deps.format === 'json')
      printJson(deps, { ...ending, lines: judged.map((j) => judgedRow(j, actionText)) });
    else await printJudged(deps, judged, Boolean(opts.dryRun));
  } else {
    const rows = tally.rows().filter((r) => r.rule || r.lines > 0);
    if (deps.format === 'json')
      printJson(deps, {
        ...ending,
        rules: rows.map((r) => ({
          rule: r.rule?.id ?? null,
          lines: r.lines,
          total_cents: r.totalCents,
          action: r.rule ? actionText(r.rule.action).en : null,
        })),
      });
    else
      await printList(deps, rows, [
        {
          header: { en: 'RULE', pt: 'REGRA' },
          value: (r) => r.rule?.id ?? deps.t({ en: '(none)', pt: '(nenhuma)' }),
        },
        { header: { en: 'LINES', pt: 'LINHAS' }, value: (r) => r.lines },
        { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
        {
          header: { en: 'ACTION', pt: 'AÇÃO' },
          value: (r) =>
            r.rule ? actionText(r.rule.action) : { en: 'left for a person', pt: 'fica para uma pessoa' },
          wrap: 'cell',
        },
      ]);
  }
  const all = tally.rows().reduce((n, r) => n + r.lines, 0);
  const matched = all - none;
  deps.info(
    // every line counted once (#53): matched, without a rule, and of the matched those a rule could not act on
    opts.dryRun
      ? {
          en: `${source}: ${matched} of ${all} lines matched a rule; ${none} without a rule; ${left} would be left for a person (dry run: nothing was done)`,
          pt: `${source}: ${matched} de ${all} linhas casaram com uma regra; ${none} sem regra; ${left} ${left === 1 ? 'ficaria' : 'ficariam'} para uma pessoa (simulação: nada foi feito)`,
        }
      : {
          en: `${source}: ${matched} of ${all} lines matched a rule: ${done} done, ${left} left for a person; ${none} without a rule`,
          pt: `${source}: ${matched} de ${all} linhas casaram com uma regra: ${done} ${done === 1 ? 'feita' : 'feitas'}, ${left} ${left === 1 ? 'fica' : 'ficam'} para uma pessoa; ${none} sem regra`,
        },
    true,
  );
  // for a person: the lines no rule matched, and those whose rule could not act
  return none + left;
}
