import { readCnabFileInHalves } from '../../app/cnab-halves.js';
import { expandFileArgs } from '../../app/file-args.js';
import { isCnabStatementFile } from '../../app/file-kind.js';
import { readCnabFile, requireCnabFile } from '../../app/files.js';
import { formatDateBr } from '../../domain/dates.js';
import { NotFoundError, UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import type { Text } from '../../domain/text.js';
import type { OccurrenceClass } from '../../formats/cnab240/bank-occurrences.js';
import type { CollectionSummary, CollectionTally } from '../../formats/cnab240/collection.js';
import type { CnabDiff, PairFinding, PaymentPair } from '../../formats/cnab240/diff.js';
import type { ReturnCodeExplanation } from '../../formats/cnab240/explain.js';
import type { CnabFile, CnabItem } from '../../formats/cnab240/index.js';
import { collectionSummaryLines } from '../cnab-collection.js';
import { columnsFor } from '../cnab-columns.js';
import { lintOne } from '../cnab-lint.js';
import { type ReturnTally, summaryLines } from '../cnab-summary.js';
import { type Deps, said } from '../context.js';
import { setAside } from '../files.js';
import { bankCodeFlag } from '../flags.js';
import { atLine, type Translate } from '../i18n.js';
import { delimitedItems, InspectItems, type SecondHalfItems, startInspectHalf } from '../inspect-items.js';
import { paint, printable, shellWord, writeLine } from '../io.js';
import {
  type Column,
  jsonElements,
  narration,
  printJson,
  printJsonAround,
  printList,
  printRecord,
  wrapMessage,
} from '../output.js';
import { eachFile, type FileLabel } from '../per-file.js';

/** `condo cnab inspect`: a CNAB 240 file read offline, for a person checking a .rem/.ret by eye, or as JSON. */

/** The JSON contract of `cnab inspect --json` (the reader's summary; items included for scripts). */
export function inspectJson(file: CnabFile) {
  return {
    bank_code: file.bank_code,
    bank_name: file.bank_name,
    direction: file.direction,
    service: file.service,
    dialect: file.dialect,
    dialect_name: file.dialect_name,
    layout_version: file.layout_version,
    company: file.company,
    file_sequence: file.file_sequence,
    generated_at: file.generated_at,
    lines: file.lines,
    truncated: file.truncated,
    batches: file.batches,
    details: file.details,
    total_amount_cents: file.total_amount_cents,
    items: file.items,
    warnings: file.warnings,
    errors: file.errors,
  };
}

/** Rows streamed as the file was read: nothing is left to send after the summary. */
const ALREADY_OUT = { sendTo: async () => {} };

/** `condo cnab inspect FILE...`: each file (patterns expanded) read and reported in turn; the worst exit code. */
export async function inspect(deps: Deps, given: string[]): Promise<number> {
  return eachFile(deps, await expandFileArgs(given), (path, label) => inspectOne(deps, path, label), true);
}

/** One file's report; one of several (`label.file`) names its file in its JSON. */
async function inspectOne(deps: Deps, path: string, label: FileLabel): Promise<number> {
  await requireCnabFile(path);
  if (await isCnabStatementFile(path)) return inspectStatement(deps, path, label);
  // A file of a million lines is never held in memory. Rows for a script (tsv, csv, the items of the JSON) are
  // written aside as the one read goes, and follow the summary, which is known only at the end; a table keeps its
  // first TABLE_ITEMS items. The first item says which columns (a DDA file's boletos or payments).
  // tsv and csv to a stdout of its own (a file, `| cut`) need no aside: the summary is stderr's, read apart, so the
  // rows go straight out as they are read (#73: the round trip through a temporary file), and `| head` ends the
  // read at once. On a terminal, or with `2>&1`, the summary still comes first.
  const delimited = deps.format === 'tsv' || deps.format === 'csv';
  const streamed = delimited && Boolean(deps.io.stdoutApart?.());
  const aside = deps.format === 'table' || streamed ? undefined : setAside();
  // where a script's rows go as they are read: aside, straight out, or nowhere (a table)
  const rowsOut = aside?.out ?? (streamed ? deps.io.stdout : undefined);
  const items = new InspectItems(
    rowsOut === undefined
      ? undefined
      : deps.format === 'json'
        ? () => jsonElements(deps, rowsOut)
        : delimitedItems({ ...deps, io: { ...deps.io, stdout: rowsOut } }),
  );
  // a big file's second half is listed on a worker thread (#73), its rows set aside to follow the first half's
  let secondRows: ReturnType<typeof setAside> | undefined;
  try {
    const { file, second } = await readCnabFileInHalves<SecondHalfItems>(path, {
      onItem: items.add,
      startSecondHalf:
        delimited && twoThreads(deps, path)
          ? (job) => {
              secondRows = setAside();
              const listing = {
                format: deps.format as 'tsv' | 'csv',
                excel: Boolean(deps.excel),
                header: deps.header,
                lang: deps.t.lang,
                rowsPath: secondRows.path,
              };
              return startInspectHalf({ job, listing });
            }
          : undefined,
      fits: (sent) => items.fits(sent),
      debug: deps.debug,
    });
    items.end();
    if (second) items.absorb(second);
    const fit = file.errors.length === 0 && !file.truncated;
    if (deps.format === 'json' && aside) {
      const json = { ...inspectJson(file), ...collectionOf(file, items.titles) };
      await printJsonAround(deps, { ...label, ...json }, 'items', {
        count: items.count,
        sendTo: aside.sendTo,
      });
      return fit ? 0 : 1;
    }
    const secondOut = second ? secondRows : undefined;
    if (streamed && secondOut) await secondOut.sendTo(deps.io.stdout);
    await report(
      deps,
      path,
      file,
      aside
        ? {
            sendTo: async (target) => {
              await aside.sendTo(target);
              await secondOut?.sendTo(target);
            },
          }
        : streamed
          ? ALREADY_OUT
          : { shown: items.shown, of: items.count },
      items.outcomes,
      collectionOf(file, items.titles).collection,
    );
    return fit ? 0 : 1;
  } finally {
    aside?.remove();
    secondRows?.remove();
  }
}

/**
 * Whether a big file may be read on two threads: unless CONDO_THREADS=1 says one, and outside the single
 * executable (its worker would need a bundle of its own); --debug says which kept it to one.
 */
function twoThreads(deps: Deps, path: string): boolean {
  const one =
    deps.io.env.CONDO_THREADS === '1'
      ? 'CONDO_THREADS=1'
      : globalThis.condoSea
        ? 'the single executable'
        : null;
  if (one) deps.debug?.(`${path}: read on one thread (${one})`);
  return one === null;
}

/**
 * An account statement (extrato para conciliação) named as such: its account, its opening and closing balances,
 * and its movements; `statements import` reads the same file. Exit 1 when it cannot be read whole.
 */
async function inspectStatement(deps: Deps, path: string, label: FileLabel): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const { parseStatement } = await import('../../formats/statement/index.js');
  const { BANK_NAMES } = await import('../../formats/cnab240/codes.js');
  const { OPENING_BALANCE } = await import('../../formats/cnab240/statement.js');
  // the lote header's opening balance (none when that header's could not be read)
  const openingOf = (s: (typeof parsed.statements)[number]) =>
    s.balanceLines.find((b) => b.memo === OPENING_BALANCE);
  const parsed = await parseStatement(await readFile(path), { format: 'cnab240' });
  const movements = parsed.statements.flatMap((s) =>
    s.transactions.map((m) => ({
      line: m.line,
      date: m.date,
      amount_cents: m.amountCents,
      history: m.memo,
      document: m.checkNumber,
      id: m.id,
    })),
  );
  const fit = parsed.errors.length === 0 ? 0 : 1;
  if (deps.format === 'json') {
    printJson(deps, {
      ...label,
      kind: 'account_statement',
      statements: parsed.statements.map((s) => ({
        bank_code: s.bankId,
        account: s.accountId,
        opening_balance: ((o) => (o ? { date: o.date, cents: o.amountCents } : null))(openingOf(s)),
        closing_balance:
          s.ledgerBalanceCents === null ? null : { date: s.ledgerBalanceDate, cents: s.ledgerBalanceCents },
        movements: s.transactionCount,
        net_amount_cents: s.netAmountCents,
      })),
      movements,
      warnings: parsed.warnings,
      errors: parsed.errors,
    });
    return fit;
  }
  const { io, t } = deps;
  if (deps.format === 'table') {
    writeLine(io.stdout, paint(io, 'bold', path));
    for (const s of parsed.statements) {
      const opening = openingOf(s);
      const balance = (date: string | null | undefined, cents: number | null | undefined) =>
        cents === null || cents === undefined
          ? '?'
          : `${formatReais(cents)} ${t({ en: 'on', pt: 'em' })} ${formatDateBr(date ?? '')}`;
      for (const line of [
        `${t({ en: 'bank', pt: 'banco' })} ${s.bankId ?? '?'} ${BANK_NAMES[s.bankId ?? ''] ?? ''} · ${t({ en: 'account statement', pt: 'extrato de conta' })} · ${t({ en: 'account', pt: 'conta' })} ${s.accountId ?? '?'}`,
        // one balance a line: both on one ran past 80 columns
        `${t({ en: 'opening balance', pt: 'saldo inicial' })} ${balance(opening?.date, opening?.amountCents)}`,
        `${t({ en: 'closing balance', pt: 'saldo final' })} ${balance(s.ledgerBalanceDate, s.ledgerBalanceCents)}`,
        `${s.transactionCount} ${t(s.transactionCount === 1 ? { en: 'movement, net', pt: 'lançamento, líquido' } : { en: 'movements, net', pt: 'lançamentos, líquido' })} ${formatReais(s.netAmountCents)}`,
      ])
        writeLine(io.stdout, printable(`  ${line}`));
    }
    writeLine(io.stdout);
  }
  await printList(deps, movements, [
    { header: { en: 'LINE', pt: 'LINHA' }, value: (m) => m.line },
    { header: { en: 'DATE', pt: 'DATA' }, value: (m) => m.date, kind: 'date' },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (m) => m.amount_cents, kind: 'cents' },
    { header: { en: 'HISTORY', pt: 'HISTÓRICO' }, value: (m) => m.history, wrap: true },
    { header: { en: 'DOCUMENT', pt: 'DOCUMENTO' }, value: (m) => m.document, fixed: true },
  ]);
  for (const w of parsed.warnings) deps.warn(said(atLine(t, w.line, w)));
  for (const e of parsed.errors)
    writeLine(
      io.stderr,
      paint(io, 'red', `${t({ en: 'error:', pt: 'erro:' })} ${printable(atLine(t, e.line, e))}`),
    );
  return fit;
}

/** The summary, the lotes and the items (set aside while reading, or the first of them kept), then what the reader found. */
/** A collection return's summary by movement, for its --json and its screen; nothing for any other file. */
const collectionOf = (file: CnabFile, titles: CollectionTally): { collection?: CollectionSummary } =>
  file.service === 'collection' && file.direction === 'retorno' ? { collection: titles.result() } : {};

export async function report(
  deps: Deps,
  path: string,
  file: CnabFile,
  /** the rows for a script, sent after the summary (set aside, or already out); or a table's first items */
  items: Pick<ReturnType<typeof setAside>, 'sendTo'> | { shown: CnabItem[]; of: number },
  outcomes?: ReturnTally,
  collection?: CollectionSummary,
): Promise<void> {
  const { io } = deps;
  // -o tsv|csv is one table on stdout, the items (#53: `cut -f1` sees data only); the summary and the lotes are
  // the terminal's, and a script's stderr
  const table = deps.format === 'table';
  const about = table ? io.stdout : io.stderr;
  const bold = (t: string) => paint(io, 'bold', t);
  writeLine(about, bold(`${path}`));
  const t = deps.t;
  const lines = summaryLines(file, outcomes, t);
  // a collection return: its titles by movement in place of one count and total that mixed them all
  if (collection)
    lines.splice(-1, 1, ...collectionSummaryLines(file.details, file.total_amount_cents, collection, t));
  // on a terminal each line wrapped at its width, its continuation indented (#66: the NSA's words ran past 80)
  for (const line of lines) writeLine(about, wrapMessage(io, printable(`  ${line}`), about));
  writeLine(about);
  await printList(table ? deps : narration(io, t), file.batches, [
    { header: 'LOTE', value: (b) => b.number },
    { header: { en: 'LINE', pt: 'LINHA' }, value: (b) => b.line },
    { header: 'FORMA', value: (b) => [b.forma, b.forma_name].filter(Boolean).join(' ') },
    {
      header: { en: 'SERVICE', pt: 'SERVIÇO' },
      value: (b) => [b.service, b.service_name].filter(Boolean).join(' '),
    },
    { header: { en: 'COUNT', pt: 'QTD' }, value: (b) => b.details },
    { header: 'TOTAL', value: (b) => b.total_amount_cents, kind: 'cents' },
  ]);
  writeLine(about);
  if ('sendTo' in items) await items.sendTo(io.stdout);
  else {
    await printList(deps, items.shown, columnsFor(items.shown[0], deps.t));
    if (items.of > items.shown.length)
      writeLine(
        io.stderr,
        paint(
          io,
          'yellow',
          t({
            en: `Showing ${items.shown.length} of ${items.of}: -o tsv, -o csv or --json for every one`,
            pt: `Mostrando ${items.shown.length} de ${items.of}: -o tsv, -o csv ou --json para todos`,
          }),
        ),
      );
  }
  for (const w of file.warnings) deps.warn(said(atLine(t, w.line, w)));
  const error = (text: string) =>
    writeLine(io.stderr, paint(io, 'red', `${t({ en: 'error:', pt: 'erro:' })} ${printable(text)}`));
  for (const e of file.errors) error(atLine(t, e.line, e));
  if (file.truncated)
    error(
      t({
        en: `${path} is incomplete (a trailer is missing): do not send it`,
        pt: `${path} está incompleto (falta um trailer): não o envie`,
      }),
    );
}

const CLASS_NAMES: Readonly<Record<OccurrenceClass, Text>> = {
  paid: { en: 'paid', pt: 'pago' },
  scheduled: { en: 'scheduled', pt: 'agendado' },
  'rejected-to-correct': {
    en: 'rejected: correct and send again',
    pt: 'recusado: corrigir e enviar de novo',
  },
  'settled-do-not-pay-again': {
    en: 'settled already: do not pay again',
    pt: 'já liquidado: não pagar de novo',
  },
  'check-the-statement': {
    en: 'held by the bank: check the statement',
    pt: 'retido pelo banco: conferir o extrato',
  },
  info: { en: 'remark', pt: 'aviso' },
};

/** `condo cnab explain CODE`: a return code's meaning at a bank, FEBRABAN's where it differs, and what to do. */
export async function explain(
  deps: Deps,
  code: string,
  opts: { bank?: string | undefined },
): Promise<number> {
  // the tables load with the verb that reads them (batches.ts imports this module for its files)
  const { explainReturnCode, returnCode } = await import('../../formats/cnab240/explain.js');
  const wanted = returnCode(code);
  if (!wanted)
    throw new UsageError({
      en: `CODE: "${code}" is not a return code (two letters or digits, as 00, BD or AE)`,
      pt: `CODE: "${code}" não é um código de retorno (duas letras ou dígitos, como 00, BD ou AE)`,
    });
  const bank = opts.bank === undefined ? null : bankCodeFlag(opts.bank);
  const e = explainReturnCode(wanted, bank);
  if (e.source === 'none') {
    const whose = bank ? ` nor ${e.bank_name ?? `bank ${bank}`}'s own` : '';
    const whosePt = bank ? ` nem na do ${e.bank_name ?? `banco ${bank}`}` : '';
    throw new NotFoundError({
      en: `${wanted} is not in FEBRABAN's table of payment return codes (G059)${whose}: ask the bank what it means`,
      pt: `${wanted} não está na tabela de ocorrências de pagamento da FEBRABAN (G059)${whosePt}: pergunte ao banco o que significa`,
    });
  }
  if (deps.format === 'json') {
    printJson(deps, { ...e, next: e.next.en });
    return 0;
  }
  const fields: Column<ReturnCodeExplanation>[] = [
    { header: { en: 'CODE', pt: 'CÓDIGO' }, value: (x) => x.code },
    {
      header: { en: 'BANK', pt: 'BANCO' },
      value: (x) =>
        !x.bank_code
          ? 'FEBRABAN'
          : x.bank_name
            ? `${x.bank_code} ${x.bank_name}`
            : {
                en: `${x.bank_code} (a bank condo does not know: FEBRABAN's meaning)`,
                pt: `${x.bank_code} (banco que o condo não conhece: o significado da FEBRABAN)`,
              },
    },
    { header: { en: 'MEANING', pt: 'SIGNIFICADO' }, value: (x) => x.meaning },
    ...(e.febraban_meaning
      ? [
          {
            header: { en: 'AT FEBRABAN', pt: 'NA FEBRABAN' },
            value: (x: ReturnCodeExplanation) => x.febraban_meaning,
          },
        ]
      : []),
    { header: { en: 'CLASS', pt: 'CLASSE' }, value: (x) => CLASS_NAMES[x.class] },
    { header: { en: 'NEXT', pt: 'PRÓXIMO PASSO' }, value: (x) => x.next },
  ];
  printRecord(deps, e, fields);
  return 0;
}

const FINDING_NAMES: Readonly<Record<PairFinding, Text>> = {
  'no-answer': { en: 'no answer', pt: 'sem resposta' },
  'no-payment': { en: 'answer with no payment', pt: 'resposta sem pagamento' },
  'amount-changed': { en: 'amount changed', pt: 'valor alterado' },
  'date-moved': { en: 'date moved', pt: 'data alterada' },
};

/** Reads a file `cnab diff` was given, checking it is the direction the argument names. */
async function readDirection(
  t: Translate,
  path: string,
  argument: string,
  direction: 'remessa' | 'retorno',
): Promise<CnabFile> {
  const file = await readCnabFile(path);
  if (file.direction !== direction)
    throw new UsageError({
      en: `${argument}: ${path} is a ${file.direction === 'retorno' ? 'return' : file.direction === 'remessa' ? 'remittance' : 'file of neither kind'} (its header says ${file.direction}), not a ${direction === 'remessa' ? 'remittance' : 'return'}`,
      pt: `${argument}: ${path} é ${file.direction === 'retorno' ? 'um retorno' : file.direction === 'remessa' ? 'uma remessa' : 'um arquivo de outro tipo'} (o header diz ${file.direction}), não ${direction === 'remessa' ? 'uma remessa' : 'um retorno'}`,
    });
  if (file.errors.length > 0 || file.truncated) {
    const first = file.errors[0];
    throw new UsageError({
      en: `${argument}: ${path} cannot be read whole${first ? `: line ${first.line}: ${first.message}` : ' (a trailer is missing)'}; condo cnab inspect ${path} says more`,
      pt: `${argument}: ${path} não pode ser lido inteiro${first ? `: ${atLine(t, first.line, first)}` : ' (falta um trailer)'}; condo cnab inspect ${path} diz mais`,
    });
  }
  return file;
}

/** `condo cnab diff REMITTANCE RETURN`: each payment and its answer, offline; exit 1 when anything is amiss. */
export async function cnabDiff(deps: Deps, remittancePath: string, returnPath: string): Promise<number> {
  const remittance = await readDirection(deps.t, remittancePath, 'REMITTANCE', 'remessa');
  const ret = await readDirection(deps.t, returnPath, 'RETURN', 'retorno');
  const { diffCnab } = await import('../../formats/cnab240/diff.js');
  const diff = diffCnab(remittance, ret);
  const amiss = diff.no_answer + diff.no_payment + diff.amount_changed + diff.date_moved;
  if (deps.format === 'json') {
    printJson(deps, { remittance: remittancePath, return: returnPath, ...diffJson(diff) });
    return amiss > 0 ? 1 : 0;
  }
  const t = deps.t;
  const counts = t({
    en: `${diff.pairs.length - diff.no_payment} payments, ${diff.paired} answered; ${diff.no_answer} without an answer, ${diff.no_payment} answers with no payment, ${diff.amount_changed} amounts changed, ${diff.date_moved} dates moved`,
    pt: `${diff.pairs.length - diff.no_payment} pagamentos, ${diff.paired} respondidos; ${diff.no_answer} sem resposta, ${diff.no_payment} respostas sem pagamento, ${diff.amount_changed} valores alterados, ${diff.date_moved} datas alteradas`,
  });
  if (deps.format === 'table') {
    writeLine(deps.io.stdout, paint(deps.io, 'bold', `${remittancePath} → ${returnPath}`));
    // broken at spaces on a terminal (at 80 columns it split "valo/res")
    writeLine(deps.io.stdout, wrapMessage(deps.io, printable(`  ${counts}`), deps.io.stdout));
    writeLine(deps.io.stdout);
  } else deps.info(said(counts), true);
  const item = (p: PaymentPair) => p.payment ?? p.answer;
  await printList(deps, diff.pairs, [
    { header: { en: 'SEU NÚMERO', pt: 'SEU NÚMERO' }, value: (p) => p.key, fixed: true },
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => item(p)?.payee_name },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.payment?.amount_cents, kind: 'cents' },
    { header: { en: 'DATE', pt: 'DATA' }, value: (p) => p.payment?.date, kind: 'date' },
    {
      header: { en: 'ANSWER', pt: 'RESPOSTA' },
      value: (p) => p.answer?.occurrences.map((o) => `${o.code} ${o.message}`).join('; '),
    },
    {
      // what the bank paid (a boleto's segment J says it as its amount); nothing for a refusal
      header: { en: 'PAID', pt: 'PAGO' },
      value: (p) =>
        p.answer?.status === 'paid' ? (p.answer.paid_amount_cents ?? p.answer.amount_cents) : null,
      kind: 'cents',
    },
    {
      header: { en: 'ON', pt: 'EM' },
      value: (p) =>
        p.answer && p.answer.status !== 'rejected' ? (p.answer.paid_date ?? p.answer.date) : null,
      kind: 'date',
    },
    {
      header: { en: 'FINDINGS', pt: 'ACHADOS' },
      value: (p) => ({
        en: p.findings.map((f) => FINDING_NAMES[f].en).join(', '),
        pt: p.findings.map((f) => FINDING_NAMES[f].pt).join(', '),
      }),
      style: (p) => (p.findings.length > 0 ? 'red' : undefined),
    },
  ]);
  return amiss > 0 ? 1 : 0;
}

/** The JSON contract of `cnab diff --json`: the counts, then each pair with what the two files say. */
function diffJson(diff: CnabDiff) {
  const side = (i: CnabItem | null) =>
    i && {
      line: i.line,
      batch: i.batch,
      segment: i.segment,
      payee_name: i.payee_name,
      amount_cents: i.amount_cents,
      paid_amount_cents: i.paid_amount_cents,
      date: i.date,
      paid_date: i.paid_date,
      occurrences: i.occurrences,
    };
  return {
    paired: diff.paired,
    no_answer: diff.no_answer,
    no_payment: diff.no_payment,
    amount_changed: diff.amount_changed,
    date_moved: diff.date_moved,
    pairs: diff.pairs.map((p) => ({
      key: p.key,
      findings: p.findings,
      outcome: p.outcome,
      payment: side(p.payment),
      answer: side(p.answer),
    })),
  };
}

/**
 * `condo cnab lint FILE...`: each file (patterns expanded, as a day's DDA or a folder of remittances) against its
 * bank's rules, one report per file; the worst exit code.
 */
export async function lint(
  deps: Deps,
  given: string[],
  opts: { bank?: string | undefined },
): Promise<number> {
  const bank = opts.bank === undefined ? undefined : bankCodeFlag(opts.bank);
  let unchecked = false;
  const code = await eachFile(
    deps,
    await expandFileArgs(given),
    async (path, label) => {
      const { code, remessaUnchecked } = await lintOne(deps, path, bank, label);
      unchecked ||= remessaUnchecked;
      return code;
    },
    true,
  );
  // "0 errors" offline says nothing of what only the server knows: said once, so nobody reads it as checked, with
  // the flag that would check it when a profile is at hand (lint stays offline unless asked: cron and CI lint so)
  // (#66) the current profile is named too: lint does not reach for it unasked, which "--profile sandbox" alone did
  // not say to a person whose profile sandbox already was
  if (unchecked) {
    const current = (await deps.config()).currentProfile();
    const again = `condo --profile ${current} cnab lint ${given.map(shellWord).join(' ')}`;
    deps.info(
      current
        ? {
            en: `checked offline: the paying account and the file sequence (NSA) are not checked against the condominium's unless a profile is named, the current one too: ${again}`,
            pt: `conferido offline: a conta pagadora e o número sequencial (NSA) só são conferidos com os do condomínio quando um perfil é nomeado, mesmo o atual: ${again}`,
          }
        : {
            en: "checked offline: the paying account and the file sequence (NSA) are not checked against the condominium's without a profile (condo auth login makes one)",
            pt: 'conferido offline: a conta pagadora e o número sequencial (NSA) não são conferidos com os do condomínio sem um perfil (condo auth login cria um)',
          },
      true,
    );
  }
  return code;
}
