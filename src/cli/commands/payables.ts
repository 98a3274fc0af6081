import {
  actOnPayables,
  alreadyAsAsked,
  bankOfBatch,
  changePayable,
  enterPayable,
  enterPayables,
  type ManyAction,
  payableDetail,
  payablesPage,
  settledByTheBank,
  stateAfter,
} from '../../app/payables.js';
import { nextSteps, settled } from '../../app/rejections.js';
import type { BulkResult, Payable, PayableDetail } from '../../client/types.js';
import { formatDateBr, formatInstantBr as timestamp } from '../../domain/dates.js';
import { digitsOnly } from '../../domain/digits.js';
import { CondoError, UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import {
  displayState,
  FORMAS_PAGAMENTO,
  PAYABLE_STATES,
  payableTotalCents,
  reviewBoleto,
} from '../../domain/payables.js';
import type { PayableCreate } from '../../domain/request-bodies.js';
import type { Text } from '../../domain/text.js';
import { describeTribute } from '../../domain/tributes.js';
import { explainReturnCode } from '../../formats/cnab240/explain.js';
import { toSeuNumero } from '../../formats/cnab240/seu-numero.js';
import { errorWords } from '../api-errors.js';
import { bodiesFromFile, createFromFile, readBodies, refuseFlagsWithFile, validated } from '../bodies.js';
import { PAYABLE_FIELDS } from '../body-fields.js';
import { confirmed } from '../confirm.js';
import type { BoundUseCase, Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { bodyFromFlags, promptMissing } from '../fields.js';
import { readIdArgs } from '../files.js';
import { dateFlag, enumFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { limitOf, type PagingFlags, showList } from '../lists.js';
import {
  type Column,
  fieldColumns,
  narration,
  printJson,
  printList,
  printRecord,
  writeDone,
} from '../output.js';
import {
  checkBoleto,
  enteredAs,
  enteredBefore,
  flagName,
  type PayableFlags,
  pickers,
  sayWarnings,
  tributeFromFlags,
  warnDoc,
  warnFarDue,
  warnFarDues,
} from '../payable-entry.js';
import { printSteps, SETTLED_HEADING } from '../rejections.js';
import {
  folded,
  namer,
  resolvePayableId,
  resolvePayableIds,
  resolveSupplierId,
  withNamedIds,
} from '../resolve.js';
import { payableStateColumn } from '../states.js';
import { finishBulk, type SentRecord, stoppable } from '../stoppable.js';

/** Payables (contas a pagar): the bills the condominium pays, remitted to the bank in CNAB 240 batches. */

/** The payable fields that are money (integer cents on the wire). */
const PAYABLE_MONEY = ['amount', 'fine_amount', 'interest_amount', 'discount_amount', 'paid_amount'] as const;

const LIST_COLUMNS: Column<Payable>[] = [
  { header: 'ID', value: (p) => p.public_id },
  // a firm's table at 80 columns (a CONDOMINIUM column, a state as long as "marcado p/ remessa") keeps the payee
  { ...payableStateColumn(), drop: 'last' },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (p) => p.due_date, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount, kind: 'cents' },
  // at 80 columns the method goes after the description, so the list stays a table (the id, state, due date and
  // amount, whole, leave the payee 15 columns) rather than a card for each payable
  { header: { en: 'METHOD', pt: 'FORMA' }, value: (p) => p.forma_pagamento, words: true, drop: 2 },
  { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee_name },
  { header: { en: 'DESCRIPTION', pt: 'DESCRIÇÃO' }, value: (p) => p.description, drop: 1 },
];

export interface ListOptions extends PagingFlags {
  state?: string;
  supplier?: string;
  dueFrom?: string;
  dueTo?: string;
  rejected?: boolean;
  search?: string;
  method?: string;
}

/** `--search`: the description, the payee or the document contains the text (accents and case aside). */
function searchFilter(text: string): (p: Payable) => boolean {
  const wanted = folded(text.trim());
  const digits = /^[\d\s.\-/]+$/.test(text) ? digitsOnly(text) : '';
  return (p) =>
    [p.description, p.payee_name, p.document_number].some(
      (v) => typeof v === 'string' && folded(v).includes(wanted),
    ) ||
    (digits !== '' && digitsOnly(p.document_number).includes(digits));
}

export async function payablesList(deps: Deps, opts: ListOptions): Promise<number> {
  const today = deps.today();
  if (opts.rejected && opts.state)
    throw new UsageError({
      en: '--rejected and --state: give one (a rejected payable is a pending one the bank refused)',
      pt: '--rejected e --state: dê um só (uma conta rejeitada é uma pendente que o banco recusou)',
    });
  if (opts.search !== undefined && !opts.search.trim())
    throw new UsageError({ en: '--search: give some text', pt: '--search: dê algum texto' });
  if (opts.state?.trim().toLowerCase() === 'rejected')
    throw new UsageError({
      en: '--state: "rejected" is not a state of the API (a rejected payable is a pending one the bank refused): use --rejected',
      pt: '--state: "rejected" não é um estado da API (uma conta rejeitada é uma pendente que o banco recusou): use --rejected',
    });
  const filters = {
    ...(opts.rejected ? { state: 'pending' } : {}),
    ...(opts.state ? { state: enumFlag('--state', opts.state, PAYABLE_STATES) } : {}),
    ...(opts.supplier ? { supplier_id: await resolveSupplierId(deps, '--supplier', opts.supplier) } : {}),
    ...(opts.dueFrom ? { due_from: dateFlag('--due-from', opts.dueFrom, today) } : {}),
    ...(opts.dueTo ? { due_to: dateFlag('--due-to', opts.dueTo, today) } : {}),
  };
  // The API filters by state, supplier and due date; rejected, method and the text search are ours, over every page.
  const methods = opts.method?.split(',').map((m) => enumFlag('--method', m.trim(), FORMAS_PAGAMENTO));
  const local = [
    ...(opts.rejected ? [(p: Payable) => displayState(p) === 'rejected'] : []),
    ...(methods ? [(p: Payable) => methods.includes(p.forma_pagamento as (typeof methods)[number])] : []),
    ...(opts.search ? [searchFilter(opts.search)] : []),
  ];
  if (local.length === 0) {
    await showList(deps, opts, LIST_COLUMNS, (o) => deps.app(payablesPage, filters, o));
    return 0;
  }
  const limit = limitOf(opts);
  const rows = [...(await deps.app(payablesPage, filters, { all: true }))]
    .filter((p) => local.every((keep) => keep(p)))
    .slice(0, limit);
  await printList(deps, rows, LIST_COLUMNS);
  return 0;
}

const money = (v: number | null | undefined) => (typeof v === 'number' && v !== 0 ? formatReais(v) : '');

const HISTORY_WORDS: Readonly<Record<string, Text | string>> = {
  scheduled: { en: 'scheduled by the bank', pt: 'agendado pelo banco' },
  // the API's own words (i18n-pt.ts says them)
  paid: 'paid',
  rejected: 'rejected',
  canceled: { en: 'batch canceled', pt: 'lote cancelado' },
};

/**
 * The detail view for support staff: amounts in reais, state (`rejected` when the bank refused it), dates,
 * names next to ids, every batch it went through with what the bank said, and what to do next when rejected.
 * ID may be a unique start of the id or the seu número the bank quotes.
 */
export async function showPayable(deps: Deps, idArg: string): Promise<number> {
  const id = await resolvePayableId(deps, 'ID', idArg);
  const p = await deps.app(payableDetail, id);
  if (deps.format !== 'table') {
    if (deps.format === 'json') printJson(deps, p);
    else {
      const { batch_history: _history, ...record } = p;
      printRecord(deps, record, fieldColumns(record, { cents: PAYABLE_MONEY }));
    }
    return 0;
  }
  const names = await namer(deps);
  const [supplier, chartAccount] = await Promise.all([
    p.supplier_id ? names.supplier(p.supplier_id) : '',
    names.chartAccount(p.chart_of_accounts_id),
  ]);
  const total = payableTotalCents(p);
  const history = p.batch_history ?? [];
  const returnBank = p.last_return?.code
    ? await deps.app(bankOfBatch, history.at(-1)?.batch_id ?? p.batch_id)
    : undefined;
  const fields: Column<PayableDetail>[] = [
    { header: { en: 'Payable', pt: 'Conta a pagar' }, value: (r) => r.public_id },
    payableStateColumn({ en: 'State', pt: 'Estado' }),
    { header: { en: 'Description', pt: 'Descrição' }, value: (r) => r.description },
    // the payee is the supplier's name unless the payable says otherwise: one line then
    {
      header: { en: 'Payee', pt: 'Favorecido' },
      value: (r) => (supplier.startsWith(`${r.payee_name ?? ''} (`) ? '' : r.payee_name),
    },
    { header: { en: 'Supplier', pt: 'Fornecedor' }, value: () => supplier },
    { header: { en: 'Method', pt: 'Forma' }, value: (r) => r.forma_pagamento, words: true },
    { header: { en: 'Amount', pt: 'Valor' }, value: (r) => r.amount, kind: 'cents' },
    { header: { en: 'Fine', pt: 'Multa' }, value: (r) => money(r.fine_amount) },
    { header: { en: 'Interest', pt: 'Juros' }, value: (r) => money(r.interest_amount) },
    { header: { en: 'Discount', pt: 'Desconto' }, value: (r) => money(r.discount_amount) },
    { header: { en: 'Total due', pt: 'Total a pagar' }, value: () => total, kind: 'cents' },
    { header: { en: 'Due date', pt: 'Vencimento' }, value: (r) => r.due_date, kind: 'date' },
    { header: { en: 'Issue date', pt: 'Emissão' }, value: (r) => r.issue_date, kind: 'date' },
    { header: { en: 'Document', pt: 'Documento' }, value: (r) => r.document_number },
    {
      header: { en: 'Tax guide', pt: 'Guia de tributo' },
      value: (r) => (r.tribute ? describeTribute(r.tribute) : ''),
    },
    { header: { en: 'Chart account', pt: 'Conta contábil' }, value: () => chartAccount },
    { header: 'Seu número', value: (r) => toSeuNumero(r.public_id) },
    { header: { en: 'Batch', pt: 'Lote' }, value: (r) => r.batch_id },
    {
      header: { en: 'Paid', pt: 'Pago' },
      value: (r) => (r.paid_at ? `${formatReais(r.paid_amount ?? 0)} on ${formatDateBr(r.paid_at)}` : ''),
    },
    {
      header: { en: 'Last return', pt: 'Último retorno' },
      value: (r) =>
        r.last_return
          ? `${r.last_return.code} ${r.last_return.message} (${timestamp(r.last_return.at)})`
          : '',
      style: (r) => (displayState(r) === 'rejected' ? 'red' : undefined),
    },
    {
      // what the bank's code asks of the reader (cnab explain); a rejection's next steps follow the record
      header: { en: 'What it means', pt: 'O que significa' },
      value: (r) => {
        const code = r.last_return?.code;
        if (!code || displayState(r) === 'rejected') return '';
        return explainReturnCode(code, returnBank).next;
      },
    },
    { header: { en: 'Notes', pt: 'Observações' }, value: (r) => r.notes },
    { header: { en: 'Created', pt: 'Criado em' }, value: (r) => r.created_at, kind: 'instant' },
    { header: { en: 'Updated', pt: 'Atualizado em' }, value: (r) => r.updated_at, kind: 'instant' },
  ];
  printRecord(
    { ...deps, format: 'table' },
    p,
    fields.filter((f) => {
      const v = f.value(p);
      return v !== '' && v !== null && v !== undefined;
    }),
  );
  if (history.length > 0) {
    writeLine(deps.io.stdout);
    await printList(deps, history, [
      { header: { en: 'BATCH', pt: 'LOTE' }, value: (b) => b.batch_id },
      {
        header: { en: 'PAYMENT DATE', pt: 'DATA DE PAGAMENTO' },
        value: (b) => b.data_pagamento,
        kind: 'date',
      },
      {
        header: { en: 'OUTCOME', pt: 'RESULTADO' },
        words: true,
        value: (b) =>
          b.outcome
            ? HISTORY_WORDS[b.outcome]
            : { en: 'sent, no return yet', pt: 'enviado, sem retorno ainda' },
        style: (b) => (b.outcome === 'rejected' ? 'red' : b.outcome === 'paid' ? 'green' : undefined),
      },
      {
        header: { en: "BANK'S WORD", pt: 'O QUE O BANCO DISSE' },
        value: (b) => (b.last_return ? `${b.last_return.code} ${b.last_return.message}` : ''),
        wrap: true,
      },
    ]);
  }
  if (displayState(p) === 'rejected') {
    writeLine(deps.io.stdout);
    writeLine(
      deps.io.stdout,
      deps.t(
        settled(p, returnBank)
          ? SETTLED_HEADING
          : {
              en: 'next: correct what the bank names, then mark it again:',
              pt: 'próximo passo: corrija o que o banco apontou e marque-a de novo:',
            },
      ),
    );
    printSteps(deps, nextSteps(p, returnBank));
  }
  return 0;
}

export async function createPayables(deps: Deps, flags: PayableFlags): Promise<number> {
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags });
    const path = flags.fromFile;
    const { bodies, single } = await bodiesFromFile(path, 'PayableCreate', 'payables');
    for (const [i, body] of bodies.entries()) {
      checkBoleto(deps, body, (field) => (single ? `${path}: ${field}` : `${path}[${i}].${field}`));
      warnDoc(deps, body, single ? `${path}: forma_pagamento` : `${path}[${i}].forma_pagamento`);
    }
    warnFarDues(deps, bodies, (i) => (single ? `${path}: due_date` : `${path}[${i}].due_date`));
    for (const [i, before] of (await enteredBefore(deps, bodies)).entries())
      if (before) {
        const said = enteredAs(before, deps.t, 'told', { entry: (k) => `${path}[${k}]` });
        const where = single ? path : `${path}[${i}]`;
        deps.warn({ en: `${where}: ${said.en}`, pt: `${where}: ${said.pt}` });
      }
    const createMany: BoundUseCase<typeof enterPayables> = async (items, opts) => {
      const results = await deps.app(enterPayables, items, opts);
      for (const r of results) if (r.ok) sayWarnings(deps, r.data);
      return results;
    };
    return createFromFile(deps, path, bodies, createMany, (p) => p.public_id);
  }
  // --supplier takes a name too, as everywhere support types one
  const body = bodyFromFlags(
    PAYABLE_FIELDS,
    await withNamedIds(deps, flags),
    deps.today(),
  ) as Partial<PayableCreate>;
  const tribute = tributeFromFlags(deps, flags);
  if (tribute) body.tribute = tribute;
  // A boleto knows its own due date: --due may be left out (once its digits are known to be right).
  if (body.due_date === undefined && body.forma_pagamento === 'boleto' && body.document_number) {
    const review = reviewBoleto({ ...body, amount: body.amount ?? 0 } as PayableCreate, deps.today());
    if (review.fields.document_number) checkBoleto(deps, { ...body, amount: 0 } as PayableCreate, flagName);
    if (review.dueDate) body.due_date = review.dueDate;
  }
  const asked = await promptMissing(
    deps,
    PAYABLE_FIELDS,
    body,
    pickers(deps),
    (await import('../../domain/request-bodies.js')).PayableCreate,
  );
  const payload = await validated('PayableCreate', body, flagName);
  checkBoleto(deps, payload, flagName);
  warnDoc(deps, payload, flagName('forma_pagamento'));
  warnFarDue(deps, payload, flagName('due_date'));
  // what was answered, read back before it is entered (#66): a person who was asked confirms
  if (asked && !(await confirmEntry(deps, payload))) {
    deps.info({ en: 'nothing created', pt: 'nada criado' });
    return ExitCode.refused;
  }
  const [before] = await enteredBefore(deps, [payload]);
  const ask = before ? await deps.prompter() : null;
  if (before && ask && !(await ask.confirm(enteredAs(before, deps.t, 'ask'), false))) {
    deps.info({ en: 'nothing created', pt: 'nada criado' });
    return ExitCode.refused;
  }
  const created = await deps.app(enterPayable, payload);
  sayWarnings(deps, created);
  // without a person to ask, the bill is entered as told, and the warning says how to take it back
  if (before && !ask) deps.warn(enteredAs(before, deps.t, 'told', { created: created.public_id }));
  if (deps.format === 'json') printJson(deps, created);
  else if (deps.format === 'table') {
    writeDone(deps, {
      en: `created payable ${created.public_id} (${formatReais(created.amount ?? 0)}, ${created.state ?? ''})`,
      pt: `conta a pagar ${created.public_id} criada (${formatReais(created.amount ?? 0)}, ${deps.t(created.state ?? '')})`,
    });
  } else writeLine(deps.io.stdout, created.public_id);
  return 0;
}

/** The payable as it will be entered, and the question whether to enter it. */
async function confirmEntry(deps: Deps, p: PayableCreate): Promise<boolean> {
  const ask = await deps.prompter();
  if (!ask) return true;
  const names = await namer(deps);
  const [payee, chart] = await Promise.all([
    p.supplier_id ? names.supplier(p.supplier_id) : (p.payee_name ?? ''),
    names.chartAccount(p.chart_of_accounts_id),
  ]);
  printRecord(narration(deps.io, deps.t), p, [
    { header: { en: 'Payee', pt: 'Favorecido' }, value: () => payee },
    { header: { en: 'Chart account', pt: 'Conta contábil' }, value: () => chart },
    { header: { en: 'Method', pt: 'Forma' }, value: (x) => x.forma_pagamento, words: true },
    { header: { en: 'Amount', pt: 'Valor' }, value: (x) => x.amount, kind: 'cents' },
    { header: { en: 'Due date', pt: 'Vencimento' }, value: (x) => x.due_date, kind: 'date' },
    { header: { en: 'Description', pt: 'Descrição' }, value: (x) => x.description },
  ]);
  return ask.confirm({ en: 'Create this payable?', pt: 'Criar esta conta a pagar?' }, true);
}

export async function payablesUpdate(deps: Deps, idArg: string, flags: PayableFlags): Promise<number> {
  let body: unknown;
  if (flags.fromFile) {
    const { bodies, single } = await readBodies(flags.fromFile, 'payable fields');
    if (!single)
      throw new UsageError({
        en: '--from-file: update takes one JSON object',
        pt: '--from-file: a alteração recebe um objeto JSON',
      });
    body = bodies[0];
  } else {
    const { supplier, chartAccount, ...allowed } = flags;
    if (supplier !== undefined || chartAccount !== undefined) {
      throw new UsageError({
        en: `${supplier !== undefined ? '--supplier' : '--chart-account'} cannot be changed on a payable`,
        pt: `${supplier !== undefined ? '--supplier' : '--chart-account'} não pode ser alterado numa conta a pagar`,
      });
    }
    body = bodyFromFlags(PAYABLE_FIELDS, allowed, deps.today());
    const tribute = tributeFromFlags(deps, flags);
    if (tribute) (body as Record<string, unknown>).tribute = tribute;
  }
  if (Object.keys(body as object).length === 0)
    throw new UsageError({
      en: 'nothing to update: give at least one field flag',
      pt: 'nada a alterar: dê pelo menos uma opção de campo',
    });
  const payload = await validated('PayableUpdate', body, flagName);
  warnDoc(deps, payload, flagName('forma_pagamento'));
  warnFarDue(deps, payload, flagName('due_date'));
  const id = await resolvePayableId(deps, 'ID', idArg);
  const updated = await deps.app(changePayable, id, payload);
  sayWarnings(deps, updated);
  // a boleto's barcode changed to one another payable has: the same bill twice
  if (payload.document_number && updated.forma_pagamento === 'boleto') {
    const [before] = await enteredBefore(deps, [updated]);
    const others = before?.payables.filter((p) => p.public_id !== updated.public_id) ?? [];
    if (others.length > 0) deps.warn(enteredAs({ payables: others, entry: null }, deps.t, 'told'));
  }
  if (deps.format === 'json') printJson(deps, updated);
  else if (deps.format === 'table')
    writeDone(deps, {
      en: `updated payable ${updated.public_id}`,
      pt: `conta a pagar ${updated.public_id} alterada`,
    });
  else writeLine(deps.io.stdout, updated.public_id);
  return 0;
}

export async function actOnMany(
  deps: Deps,
  action: ManyAction,
  verb: string,
  idArgs: string[],
  opts: { yes?: boolean; force?: boolean } = {},
): Promise<number> {
  let ids = [...new Set(await resolvePayableIds(deps, await readIdArgs(deps.io, idArgs)))];
  if (action === 'deleteMany') {
    const [one, target] = [ids.length === 1, await deps.target()];
    const question = {
      en: `Delete ${one ? `payable ${ids[0]}` : `${ids.length} payables`}? This cannot be undone. In ${target}`,
      pt: `Excluir ${one ? `a conta ${ids[0]}` : `${ids.length} contas`}? Isso não pode ser desfeito. Em ${target}`,
    };
    if (
      !(await confirmed(deps, {
        yes: opts.yes,
        question,
        verb: { en: 'delete', pt: 'excluir' },
        past: { en: 'deleted', pt: 'excluído' },
      }))
    )
      return ExitCode.refused;
  }
  const refused = action === 'markMany' && !opts.force ? await deps.app(settledByTheBank, ids) : new Map();
  ids = ids.filter((id) => !refused.has(id));
  // every id refused here: nothing left to send (a call with no id would fail on its own)
  const { result, stopped } =
    ids.length > 0
      ? await stoppable(
          (signals): Promise<BulkResult<'id', Payable | null>[]> =>
            deps.app(actOnPayables, action, ids, signals),
        )
      : { result: [], stopped: false as const };
  const already = await alreadyAsAskedOf(deps, action, result);
  return finishBulk(
    deps,
    verb,
    [
      ...[...refused].map(([label, error]) => ({ ok: false as const, error, label })),
      ...result.map((r): SentRecord => {
        if (r.ok) return { ok: true, data: r.data, label: r.id };
        if (already.has(r.id)) return { ok: true, already: true, label: r.id };
        return r.notSent
          ? { ok: false, error: r.error, label: r.id, notSent: true }
          : { ok: false, error: r.error, label: r.id };
      }),
    ],
    stopped,
  );
}

/** The refused ids already where the action leads (app/payables.ts), or none where that cannot be looked at. */
async function alreadyAsAskedOf(
  deps: Deps,
  action: ManyAction,
  results: readonly { id: string; ok: boolean; error?: CondoError }[],
): Promise<Set<string>> {
  try {
    return (await deps.app(alreadyAsAsked, action, results)).done;
  } catch (error) {
    // the run's own report matters more than this look: its refusals stay failures, and the look is said
    if (!(error instanceof CondoError)) throw error;
    // only a mark or an unmark looks (a delete leads to no state)
    const target = stateAfter(action) ?? '';
    deps.warn({
      en: `could not check whether the refused payables were already ${target} (${error.message}): counted as failures`,
      pt: `não foi possível conferir se as contas recusadas já estavam em ${target} (${errorWords(deps.t, error)}): contadas como falhas`,
    });
    return new Set();
  }
}
