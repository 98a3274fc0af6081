/** `condo debt …`: a late quota updated, every line of the calculation (app/debt-calc.ts decides). */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { calcDebt } from '../../app/debt-calc.js';
import { memoriaOf } from '../../app/debt-memoria.js';
import { type DebtUpdate, type QuotaUpdated, type UnitDebt, updateDebts } from '../../app/debt-update.js';
import type { ChargeRules } from '../../domain/charges.js';
import { formatDateBr } from '../../domain/dates.js';
import type { Debt, DebtLine } from '../../domain/debt.js';
import { UsageError } from '../../domain/errors.js';
import { monthRuns } from '../../domain/index-series.js';
import type { Deps } from '../context.js';
import { NO_PROGRESS, writeAtomically } from '../files.js';
import { dateFlag, reaisFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { type Column, printJson, printList } from '../output.js';
import { chargesPlaceOf } from '../profile-settings.js';
import { chargesAtHand, localTables } from '../tables-at-hand.js';

const STEPS = {
  principal: { en: 'principal', pt: 'principal' },
  correction: { en: 'correction', pt: 'correção' },
  interest: { en: 'interest', pt: 'juros' },
  fine: { en: 'fine', pt: 'multa' },
  total: { en: 'total', pt: 'total' },
} as const;

export async function debtCalc(
  deps: Deps,
  opts: {
    amount?: string | undefined;
    due?: string | undefined;
    asOf?: string | undefined;
    rules?: string | undefined;
  },
): Promise<number> {
  const need = (flag: string, v: string | undefined) => {
    if (v === undefined) throw new UsageError({ en: `${flag} is required`, pt: `${flag} é obrigatório` });
    return v;
  };
  const cents = reaisFlag('--amount', need('--amount', opts.amount));
  const due = dateFlag('--due', need('--due', opts.due), deps.today());
  const asOf = dateFlag('--as-of', need('--as-of', opts.asOf), deps.today());
  if (asOf < due)
    throw new UsageError({
      en: `--as-of ${asOf} is before --due ${due}: nothing is late yet`,
      pt: `--as-of ${asOf} é antes de --due ${due}: nada está atrasado ainda`,
    });
  const rulesPath = await chargesPlaceOf(deps, opts.rules);
  const debt = await calcDebt({ cents, due, asOf, rulesPath }, await localTables(deps));
  if (deps.format === 'json') {
    printJson(deps, debt);
    return 0;
  }
  const columns: Column<DebtLine>[] = [
    { header: { en: 'STEP', pt: 'ETAPA' }, value: (l) => deps.t(STEPS[l.step]) },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (l) => l.cents, kind: 'cents' },
    { header: { en: 'HOW', pt: 'COMO' }, value: (l) => l.detail, wrap: 'cell' },
  ];
  await printList(deps, [...debt.lines], columns);
  sayWhereFrom(deps, debt.rules, debt);
  return 0;
}

/** Under a calculation: the rules file and the tables its figures came from, and any month the sandbox made up. */
export function sayWhereFrom(deps: Deps, rules: string, debt: Pick<Debt, 'index_sources' | 'made_up'>): void {
  const tables = debt.index_sources.length > 0 ? debt.index_sources.join('; ') : null;
  deps.info(
    {
      en: `rules ${rules}; tables: ${tables ?? 'none read'}`,
      pt: `regras ${rules}; tabelas: ${tables ?? 'nenhuma lida'}`,
    },
    true,
  );
  if (debt.made_up.length > 0)
    deps.warn({
      en: `rests on values the sandbox made up (${monthRuns(debt.made_up).join(', ')}): not an official figure`,
      pt: `apoia-se em valores inventados pelo sandbox (${monthRuns(debt.made_up).join(', ')}): não é um valor oficial`,
    });
}

export interface DebtUpdateOptions {
  unit?: string | undefined;
  asOf?: string | undefined;
  rules?: string | undefined;
  pdf?: string | undefined;
}

/** A quota's row as a table and a spreadsheet show it: the unit's label beside the quota's figures. */
type QuotaRow = QuotaUpdated & { unit_label: string };

export async function debtUpdate(deps: Deps, opts: DebtUpdateOptions): Promise<number> {
  const asOf = opts.asOf ? dateFlag('--as-of', opts.asOf, deps.today()) : deps.today();
  const charges = await chargesAtHand(deps, opts.rules);
  const update = await deps.app(updateDebts, { asOf, unit: opts.unit, ...charges });
  const firm = deps.collect !== undefined;
  if (opts.pdf) await writeMemoria(deps, update, charges.rules, opts.pdf, firm);
  if (firm || deps.format === 'json') {
    // a firm's run: a row a unit, its quotas inside (--json), the profile's column beside
    if (firm) await printList(deps, [...update.units], unitColumns());
    else printJson(deps, update);
    saySources(deps, update);
    return 0;
  }
  const rows: QuotaRow[] = update.units.flatMap((u) =>
    u.quotas.map((q) => ({ ...q, unit_label: u.unit_label })),
  );
  const quotaColumns: Column<QuotaRow>[] = [
    { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit_label },
    { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (r) => r.due_date, kind: 'date' },
    ...amountColumns<QuotaRow>(),
    { header: { en: 'INVOICE', pt: 'COBRANÇA' }, value: (r) => r.invoice, drop: 1, fixed: true },
  ];
  if (deps.format !== 'table') {
    await printList(deps, rows, quotaColumns);
    saySources(deps, update);
    return 0;
  }
  // on a terminal: the quotas, then a unit a row with its total, amounts in reais without the sign (80 columns)
  if (update.units.length === 0) {
    deps.info({ en: `nothing late on ${formatDateBr(asOf)}`, pt: `nada em atraso em ${formatDateBr(asOf)}` });
    return 0;
  }
  await printList(deps, rows, quotaColumns.map(plain));
  writeLine(deps.io.stdout, '');
  await printList(
    deps,
    [
      ...update.units,
      { ...update.totals, unit_label: 'TOTAL', unit_id: 0, owner: null, owner_document: null, quotas: [] },
    ],
    [
      { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit_label },
      {
        header: { en: 'QUOTAS', pt: 'COTAS' },
        value: (r) => (r.unit_id === 0 ? update.totals.quotas : r.quotas.length),
      },
      ...amountColumns<UnitDebt>().map(plain),
    ],
  );
  deps.info({
    en: `amounts in R$, updated to ${formatDateBr(asOf)}`,
    pt: `valores em R$, atualizados até ${formatDateBr(asOf)}`,
  });
  saySources(deps, update);
  return 0;
}

/** A money column without the R$ (the table's line says it once). */
const plain = <T>(c: Column<T>): Column<T> => (c.kind === 'cents' ? { ...c, kind: 'figure' } : c);

function amountColumns<
  T extends Pick<
    QuotaUpdated,
    'principal_cents' | 'correction_cents' | 'interest_cents' | 'fine_cents' | 'total_cents'
  >,
>(): Column<T>[] {
  return [
    {
      header: 'PRINCIPAL',
      value: (r) => r.principal_cents,
      kind: 'cents',
      sum: true,
    },
    {
      header: { en: 'CORRECTION', pt: 'CORREÇÃO' },
      value: (r) => r.correction_cents,
      kind: 'cents',
      sum: true,
    },
    { header: { en: 'INTEREST', pt: 'JUROS' }, value: (r) => r.interest_cents, kind: 'cents', sum: true },
    { header: { en: 'FINE', pt: 'MULTA' }, value: (r) => r.fine_cents, kind: 'cents', sum: true },
    { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents', sum: true },
  ];
}

const unitColumns = (): Column<UnitDebt>[] => [
  { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit_label },
  { header: { en: 'QUOTAS', pt: 'COTAS' }, value: (r) => r.quotas.length, sum: true },
  ...amountColumns<UnitDebt>(),
];

function saySources(deps: Deps, update: DebtUpdate): void {
  if (update.agreement_installments_late > 0)
    deps.warn({
      en: `${update.agreement_installments_late} installment(s) of agreements are late and not counted here: ${deps.command('condo agreement check')}`,
      pt: `${update.agreement_installments_late} parcela(s) de acordos em atraso, não contadas aqui: ${deps.command('condo agreement check')}`,
    });
  sayWhereFrom(deps, `${update.rules.path} (sha256 ${update.rules.sha256.slice(0, 12)}…)`, update);
}

/** The memória de cálculo: `file`, or over many profiles a folder with `<as-of>-<slug>-memoria.pdf` a condominium. */
async function writeMemoria(deps: Deps, update: DebtUpdate, rules: ChargeRules, pdf: string, firm: boolean) {
  const creds = await deps.credentials();
  const profile = creds.profileName ? (await deps.config()).profile(creds.profileName) : undefined;
  const file = firm ? join(pdf, `${update.as_of}-${creds.condominium}-memoria.pdf`) : pdf;
  const { memoriaPdf } = await import('../debt-pdf.js');
  await mkdir(dirname(file), { recursive: true });
  const memoria = memoriaOf(update, rules, profile?.condominium_name ?? creds.condominium);
  await writeAtomically(await memoriaPdf(memoria), file, NO_PROGRESS, true, undefined, '--pdf');
  deps.info(
    { en: `memória de cálculo written to ${file}`, pt: `memória de cálculo gravada em ${file}` },
    true,
  );
}
