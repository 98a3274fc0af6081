/**
 * `dda check` and `dda import` (#33) as the product decides them: the bank's DDA files beside the boleto payables
 * the API keeps (refused when a file is another company's), what each boleto is (domain/dda.ts), and, importing,
 * each one no payable has entered once, by its barcode, whichever file and bank lists it again. The lines say what
 * each boleto is and what was done, in both languages; the CLI draws them.
 */
import type { Client } from '../client/index.js';
import { formatDateBr } from '../domain/dates.js';
import {
  type DdaBoletoFinding,
  type DdaChange,
  type DdaPayable,
  type DdaPayableFinding,
  type DdaReview,
  reviewDda,
} from '../domain/dda.js';
import { UsageError } from '../domain/errors.js';
import { formatReais } from '../domain/money.js';
import { latestChartAccount } from '../domain/payables.js';
import type { Text } from '../domain/text.js';
import { boletoPayablesOf, type readDdaFiles } from './dda-files.js';

/** The DDA files as read (dda-files.ts). */
export type DdaFiles = Awaited<ReturnType<typeof readDdaFiles>>;

/** An API state in the person's language (a script reads the English key). */
export type StateWord = (state: string) => string;

/** What a line's words need from the face: the person's state words, a command as they paste it, and today. */
export interface LineWords {
  state: StateWord;
  command: (line: string) => string;
  today: string;
}

/** A boleto's line in the output: what it is and what was done with it. */
export interface BoletoLine {
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
export async function reviewDdaFiles(client: Client, read: DdaFiles) {
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

const NO_NOTE: Text = { en: '', pt: '' };

export function lineOf(
  f: DdaBoletoFinding,
  status: string,
  note: Text = NO_NOTE,
  payableId?: string,
): BoletoLine {
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
export function checkLine(f: DdaBoletoFinding, t: StateWord): BoletoLine {
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
export const ENTERED_BEFORE = new Set(['entered', 'entered twice', 'changed']);

/** The other payables of a bill entered twice, and what to do: one of them would be paid twice. */
function twinsText(twins: readonly DdaPayable[], t: StateWord): Text {
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
export const needsPerson = (lines: readonly BoletoLine[], notInDda: readonly DdaPayableFinding[]) =>
  notInDda.length > 0 || lines.some((l) => NEEDS_PERSON.has(l.status));

/**
 * `dda import`: each boleto no payable has becomes a pending boleto payable of its beneficiary's supplier (the
 * chart account: `chartAccount`, else the supplier's latest payable's). A boleto is created once, under an
 * idempotency key of its barcode, so a re-run or a retry after a crash enters nothing twice; with
 * `createSuppliers` a beneficiary nobody knew becomes a supplier, once however many boletos name it. `wrote`
 * counts what went to the server.
 */
export async function importDdaFiles(
  client: Client,
  read: DdaFiles,
  opts: {
    dryRun: boolean;
    chartAccount: number | undefined;
    applyChanges: boolean;
    createSuppliers: boolean;
  },
  say: LineWords,
): Promise<{ lines: BoletoLine[]; wrote: number; found: DdaReview }> {
  const { found, payables, nameOf } = await reviewDdaFiles(client, read);
  const chartAccount =
    opts.chartAccount === undefined ? undefined : await activeExpenseAccount(client, opts.chartAccount);
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
          due_date: b.due_date ?? say.today,
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
      const line = await applyChange(client, say, f, f.payable, Boolean(opts.dryRun));
      if (line.status === 'updated') wrote++;
      lines.push(line);
      continue;
    }
    lines.push(checkLine(f, say.state));
  }
  return { lines, wrote, found };
}

/**
 * The chart account a DDA's boletos go to, checked before anything is written (a dry run too): an active expense
 * account, as the server will want it.
 */
export async function activeExpenseAccount(client: Client, id: number): Promise<number> {
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
  client: Client,
  say: LineWords,
  f: DdaBoletoFinding,
  p: DdaPayable,
  dryRun: boolean,
): Promise<BoletoLine> {
  const what = changesText(f.changes);
  if (p.state !== 'pending') {
    const unmark = say.command(`condo payables unmark ${p.public_id}`);
    return lineOf(f, 'changed', {
      en: `${what.en}; ${p.state}: ${unmark} first`,
      pt: `${what.pt}; ${say.state(p.state)}: antes, ${unmark}`,
    });
  }
  if (dryRun) return lineOf(f, 'would update', what);
  const body = Object.fromEntries(f.changes.map((c) => [c.field, c.dda]));
  await client.payables.update(p.public_id, body);
  return lineOf(f, 'updated', what);
}
