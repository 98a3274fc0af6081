import { boletoPayablesOf, type DdaFileOptions, readDdaFiles } from '../../app/dda-files.js';
import { formatDateBr } from '../../domain/dates.js';
import {
  type DdaBoletoFinding,
  type DdaChange,
  type DdaPayable,
  type DdaPayableFinding,
  type DdaReview,
  reviewDda,
} from '../../domain/dda.js';
import { UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import { latestChartAccount } from '../../domain/payables.js';
import type { Text } from '../../domain/text.js';
import type { Deps } from '../context.js';
import { findingSayer, type Translate } from '../i18n.js';
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

export interface DdaImportOptions extends DdaCheckOptions {
  dryRun?: boolean;
  chartAccount?: string;
  applyChanges?: boolean;
  createSuppliers?: boolean;
}

/** A boleto's line in the output: what it is and what was done with it. */
interface BoletoLine {
  status: string;
  file: string;
  line: number;
  barcode: string;
  beneficiary_name: string | null;
  beneficiary_document: string | null;
  due_date: string | null;
  amount_cents: number;
  payable_id: string | null;
  /** What the person should know: the English for a script, the person's language on a screen. */
  note: Text;
}

/** The files beside what the server has: refused when a file is another company's DDA. */
async function review(deps: Deps, read: Awaited<ReturnType<typeof readDdaFiles>>) {
  const client = await deps.client();
  const [condominium, suppliers, payables] = await Promise.all([
    client.condominiums.get(),
    client.suppliers.list(),
    client.payables.list({}, { all: true }),
  ]);
  for (const { path, document } of read.companies)
    if (document !== condominium.document)
      throw new UsageError({
        en: `${path}: this DDA is for CNPJ ${document ?? '?'}, not ${condominium.name}'s (${condominium.document}); nothing was done`,
        pt: `${path}: este DDA é do CNPJ ${document ?? '?'}, não do ${condominium.name} (${condominium.document}); nada foi feito`,
      });
  const byDocument = new Map(suppliers.flatMap((s) => (s.document ? [[s.document, s.id] as const] : [])));
  const found = reviewDda(read.boletos, boletoPayablesOf(payables, suppliers), byDocument);
  const nameOf = new Map(suppliers.map((x) => [x.id, x.name]));
  return { ...read, found, payables, nameOf };
}

/** What changed, as `due 08/12/2026 → 13/12/2026; amount R$ 1,00 → R$ 2,00`. */
function changesText(changes: readonly DdaChange[]): Text {
  const say = (c: DdaChange, pt: boolean) => {
    if (c.field === 'due_date')
      return `${pt ? 'vencimento' : 'due'} ${formatDateBr(c.payable)} → ${formatDateBr(c.dda)}`;
    const word = c.field === 'amount' ? (pt ? 'valor' : 'amount') : pt ? 'desconto' : 'discount';
    return `${word} ${formatReais(c.payable)} → ${formatReais(c.dda)}`;
  };
  return {
    en: changes.map((c) => say(c, false)).join('; '),
    pt: changes.map((c) => say(c, true)).join('; '),
  };
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

const NO_NOTE: Text = { en: '', pt: '' };

function lineOf(f: DdaBoletoFinding, status: string, note: Text = NO_NOTE, payableId?: string): BoletoLine {
  return {
    status,
    file: f.boleto.file,
    line: f.boleto.line,
    barcode: f.boleto.barcode,
    beneficiary_name: f.boleto.beneficiary_name,
    beneficiary_document: f.boleto.beneficiary_document,
    due_date: f.boleto.due_date,
    amount_cents: f.boleto.amount_cents,
    payable_id: payableId ?? f.payable?.public_id ?? null,
    note,
  };
}

/** A finding as `dda check` says it: nothing is done. */
function checkLine(f: DdaBoletoFinding, t: Translate): BoletoLine {
  switch (f.status) {
    case 'entered':
      return f.twins.length > 0 ? lineOf(f, 'entered twice', twinsText(f.twins, t)) : lineOf(f, 'entered');
    case 'changed': {
      const changes = changesText(f.changes);
      if (f.twins.length === 0) return lineOf(f, 'changed', changes);
      const twins = twinsText(f.twins, t);
      return lineOf(f, 'changed', { en: `${changes.en}; ${twins.en}`, pt: `${changes.pt}; ${twins.pt}` });
    }
    case 'not_entered':
      return lineOf(f, 'not entered', { en: 'condo dda import enters it', pt: 'condo dda import o lança' });
    case 'unknown_beneficiary':
      return lineOf(f, 'unknown beneficiary', {
        en: 'no supplier has this CPF/CNPJ',
        pt: 'nenhum fornecedor tem este CPF/CNPJ',
      });
  }
}

/** A boleto's line that says it was entered before these files were read. */
const ENTERED_BEFORE = new Set(['entered', 'entered twice', 'changed']);

/** The other payables of a bill entered twice, and what to do: one of them would be paid twice. */
function twinsText(twins: readonly DdaPayable[], t: Translate): Text {
  // a script reads the API's state; a person the state in their language (t is theirs)
  const ids = (say: (state: string) => string) =>
    twins.map((p) => `${p.public_id} (${say(p.state)})`).join(', ');
  return {
    en: `also entered as ${ids((state) => state)}: the same bill twice; delete the one not to pay`,
    pt: `também lançado como ${ids(t)}: a mesma conta duas vezes; apague a que não será paga`,
  };
}

/**
 * What needs a person: a boleto not entered, changed or entered twice, a beneficiary nobody knows, a payable DDA
 * does not list.
 */
const NEEDS_PERSON = new Set(['changed', 'entered twice', 'not entered', 'unknown beneficiary']);
const needsPerson = (lines: readonly BoletoLine[], notInDda: readonly DdaPayableFinding[]) =>
  notInDda.length > 0 || lines.some((l) => NEEDS_PERSON.has(l.status));

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
  deps.info(summary.join(', '));
  if (!applied && lines.some((l) => l.status === 'changed')) deps.info(APPLY_CHANGES, true);
  return attention ? 1 : 0;
}

/** `condo dda check FILE...`: the three checks, nothing written; exit 1 when something needs a person. */
export async function checkDda(deps: Deps, given: string[], opts: DdaCheckOptions): Promise<number> {
  // the files first: a cron night with none (--allow-empty) asks the server nothing
  const read = await readDdaFiles(given, opts, findingSayer(deps.t));
  if (read.paths.length === 0) return nothingToImport(deps, given, { en: 'check', pt: 'conferir' });
  const { found } = await review(deps, read);
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
  const { found, payables, nameOf } = await review(deps, read);
  const client = await deps.client();
  const chartAccount =
    opts.chartAccount !== undefined ? await expenseAccount(deps, opts.chartAccount) : undefined;
  const lines: BoletoLine[] = [];
  let wrote = 0;
  // --create-suppliers: a beneficiary nobody knew becomes a supplier, once however many boletos name it
  const newSuppliers = new Map<string, number>();
  for (const finding of found.boletos) {
    let f = finding;
    const document = f.boleto.beneficiary_document;
    if (f.status === 'unknown_beneficiary' && opts.createSuppliers && document) {
      if (chartAccount === undefined) {
        lines.push(
          lineOf(f, 'unknown beneficiary', {
            en: 'a new supplier has no payable to take its chart account from: give --chart-account',
            pt: 'um fornecedor novo não tem conta de onde tirar a conta contábil: dê --chart-account',
          }),
        );
        continue;
      }
      if (opts.dryRun) {
        lines.push(lineOf(f, 'would create', { en: 'and its supplier', pt: 'e o fornecedor dele' }));
        continue;
      }
      let supplierId = newSuppliers.get(document);
      if (supplierId === undefined) {
        const supplier = await client.suppliers.create(
          { name: (f.boleto.beneficiary_name ?? document).slice(0, 120), document },
          { idempotencyKey: `dda-supplier-${document}` },
        );
        supplierId = supplier.id;
        newSuppliers.set(document, supplierId);
        wrote++;
      }
      // its beneficiary is a supplier now: the boleto is one not entered yet
      f = { ...f, status: 'not_entered', supplier_id: supplierId };
    }
    if (f.status === 'not_entered') {
      const account = chartAccount ?? latestChartAccount(payables, f.supplier_id);
      if (account === undefined) {
        lines.push(
          lineOf(f, 'not entered', {
            en: 'no chart account: give --chart-account',
            pt: 'sem conta contábil: dê --chart-account',
          }),
        );
        continue;
      }
      if (opts.dryRun) {
        lines.push(lineOf(f, 'would create'));
        continue;
      }
      const b = f.boleto;
      const created = await client.payables.create(
        {
          supplier_id: f.supplier_id,
          chart_of_accounts_id: account,
          amount: b.amount_cents,
          forma_pagamento: 'boleto',
          due_date: b.due_date ?? deps.today(),
          document_number: b.barcode,
          // the supplier's own name (the file's is upper case and cut at 30 characters) and the slip's number
          description:
            [nameOf.get(f.supplier_id ?? 0) ?? b.beneficiary_name, b.document_number]
              .filter(Boolean)
              .join(' ')
              .slice(0, 255) || 'DDA',
          notes: `DDA ${b.file}, linha ${b.line}${b.terms ? `: ${b.terms}` : ''}`.slice(0, 2000),
        },
        { idempotencyKey: `dda-${b.barcode}` },
      );
      wrote++;
      const isNew = document !== null && newSuppliers.has(document);
      lines.push(
        lineOf(
          f,
          'created',
          isNew ? { en: 'and its supplier', pt: 'e o fornecedor dele' } : NO_NOTE,
          created.public_id,
        ),
      );
      continue;
    }
    if (f.status === 'changed' && opts.applyChanges && f.payable) {
      const line = await applyChange(deps, f, f.payable, Boolean(opts.dryRun));
      if (line.status === 'updated') wrote++;
      lines.push(line);
      continue;
    }
    lines.push(checkLine(f, deps.t));
  }
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

/**
 * --chart-account, checked before anything is written (a dry run too): an active expense account, as the server
 * will want it. Its id, or its code, or a name (resolve.ts).
 */
async function expenseAccount(deps: Deps, given: string): Promise<number> {
  const id = await resolveChartAccountId(deps, '--chart-account', given);
  const client = await deps.client();
  const account = (await client.chartOfAccounts.list()).find((a) => a.id === id);
  if (account && (account.type !== 'expense' || account.state !== 'active')) {
    const which = `${account.code} ${account.name} (${account.id})`;
    throw new UsageError({
      en: `--chart-account: ${which} is not an active expense account (condo ledger chart --type expense --state active lists them); nothing was done`,
      pt: `--chart-account: ${which} não é uma conta de despesa ativa (condo ledger chart --type expense --state active lista as que são); nada foi feito`,
    });
  }
  return id;
}

/** --apply-changes: a pending payable takes the DDA's amount, due date or discount; another is listed. */
async function applyChange(
  deps: Deps,
  f: DdaBoletoFinding,
  p: DdaPayable,
  dryRun: boolean,
): Promise<BoletoLine> {
  const what = changesText(f.changes);
  if (p.state !== 'pending') {
    const unmark = deps.command(`condo payables unmark ${p.public_id}`);
    return lineOf(f, 'changed', {
      en: `${what.en}; ${p.state}: ${unmark} first`,
      pt: `${what.pt}; ${deps.t(p.state)}: antes, ${unmark}`,
    });
  }
  if (dryRun) return lineOf(f, 'would update', what);
  const body = Object.fromEntries(f.changes.map((c) => [c.field, c.dda]));
  const client = await deps.client();
  await client.payables.update(p.public_id, body);
  return lineOf(f, 'updated', what);
}
