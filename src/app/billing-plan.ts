/**
 * The month's billing plan (#67, emissão da cota condominial): every unit's quota from the approved budget, each
 * component split at its own total by largest remainder (domain/apportion.ts), so the units add up to it to the
 * cent. The plan is a file, `AAAA-MM-<slug>-<hash8>.plan.json`: the same inputs give the same bytes, and its hash
 * names the inputs it was made of, for `billing apply` to refuse a plan whose inputs changed since.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Client } from '../client/index.js';
import {
  atOneScale,
  type Decimal,
  decimalOfNumber,
  decimalText,
  parseDecimal,
  percentOfCents,
  productCents,
  splitCents,
} from '../domain/apportion.js';
import { type Budget, BudgetError, compileBudget, type SplitRule } from '../domain/budget.js';
import { nextBusinessDay, notBusinessDay } from '../domain/business-days.js';
import { daysInMonth } from '../domain/dates.js';
import { UsageError } from '../domain/errors.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { historyWarnings } from './billing-history.js';
import { DEFAULT_BUDGET } from './budget-place.js';
import { csvRows } from './csv-rows.js';
import { findChartAccount, type UnitFinder, unitFinder } from './lookups.js';
import { unitName } from './names.js';
import { lineRefusal, yamlTree } from './yaml-tree.js';

export const PLAN_VERSION = 1;

/** What the plan reads from the server. */
export interface PlanServer {
  units: readonly {
    id: number;
    label?: unknown;
    block?: unknown;
    number?: unknown;
    ideal_fraction?: unknown;
  }[];
  chart: readonly { id: number; code?: unknown; type?: unknown; state?: unknown }[];
  /** the condominium's bank accounts, where read: the budget's conta_bancaria is checked against them */
  bankAccounts?: readonly { id: number }[];
}

export interface PlanLine {
  component: string;
  cents: number;
  /** the unit's reading (m³) where the component is split by readings, as its file wrote it */
  reading?: string;
}

export interface PlanUnit {
  unit_id: number;
  /** its fraction as the split read it (the server's ideal fraction, or the budget's file) */
  fraction?: string;
  unit: string;
  lines: PlanLine[];
  total_cents: number;
}

export interface Plan {
  version: number;
  condominium: string;
  month: string;
  due_date: string;
  bank_account_id: number;
  inputs_sha256: string;
  /** the budget it was made of, from the plan file's folder (billing apply reads it again) */
  budget_file: string;
  fractions: { source: string; sum: string; factor: string | null };
  components: {
    name: string;
    account_code: string;
    chart_of_accounts_id: number;
    total_cents: number;
    split: string;
    /** units given a cent more than their share rounded to the nearest cent: the cent the rounding left over */
    cent_more: string[];
    /** units given a cent less: the cent the rounding lacked */
    cent_less: string[];
    /** how many units shared it */
    units?: number;
    /** the group it was split among (rateio: grupo) */
    group?: string;
    /** a percentage of another component (`5` of `Despesas ordinárias`) */
    percent?: string;
    of?: string;
    /** reais per unit read (rateio by readings with preco) */
    price?: string;
  }[];
  units: PlanUnit[];
  total_cents: number;
  exempt: { unit: string; source: string }[];
  warnings: Text[];
}

export interface PlanRequest {
  month: string;
  budgetPath: string;
  /** where the budget's path came from, as a refusal names it (--budget, the profile's budget, the firm's budgets) */
  budgetFrom?: string | undefined;
  condominium: string;
  /** a folder (the file named by the plan) or a file; the working folder when absent */
  out?: string | undefined;
}

/** `billing plan` over a server: what the plan reads of it (units, chart, bank accounts), then planBilling. */
export async function planMonth(client: Client, req: PlanRequest): Promise<{ plan: Plan; file: string }> {
  const [units, chart, bankAccounts] = await Promise.all([
    client.units.list(),
    client.chartOfAccounts.list(),
    client.bankAccounts.list(),
  ]);
  return planBilling({ units: [...units], chart: [...chart], bankAccounts: [...bankAccounts] }, req);
}

/** Reads the budget and the files it names, plans the month, writes the plan file; returns the plan and its path. */
export async function planBilling(
  server: PlanServer,
  req: PlanRequest,
): Promise<{ plan: Plan; file: string }> {
  const name = (p: Plan) => `${p.month}-${p.condominium}-${p.inputs_sha256.slice(0, 8)}.plan.json`;
  const out = req.out ?? '.';
  // the plan names its budget from where the plan is, so a folder moved whole still finds it
  const fileOf = (p: Plan) => (out.endsWith('.json') ? out : join(out, name(p)));
  const plan = await computePlan(server, req, (p) => dirname(fileOf(p)));
  const file = fileOf(plan);
  plan.warnings.push(...(await historyWarnings(dirname(file), plan)));
  // a folder named for the plans (`-O planos/`) is made when it is not there yet
  await mkdir(dirname(file), { recursive: true })
    .then(() => writeFile(file, `${JSON.stringify(plan, null, 2)}\n`))
    .catch((e: NodeJS.ErrnoException) => {
      throw new UsageError({
        en: `-O: cannot write ${file} (${e.code ?? e.message})`,
        pt: `-O: não foi possível gravar ${file} (${e.code ?? e.message})`,
      });
    });
  return { plan, file };
}

/** A budget file read and compiled; a bad value is refused naming the file and its line. */
export async function loadBudget(
  path: string,
  from: string,
): Promise<{ budget: Budget; budgetText: string; lineOf: (path: string) => number }> {
  const budgetText = await readText(path, from);
  const { tree, lineOf } = await yamlTree(path, budgetText);
  try {
    return { budget: compileBudget(tree, lineOf), budgetText, lineOf };
  } catch (e) {
    if (e instanceof BudgetError) throw lineRefusal(path, e.line, e.text);
    throw e;
  }
}

/** The plan of the budget at `req.budgetPath` over what the server lists, written nowhere. */
export async function computePlan(
  server: PlanServer,
  req: Omit<PlanRequest, 'out'>,
  planDir: (p: Plan) => string,
): Promise<Plan> {
  const { budget, budgetText, lineOf } = await loadBudget(req.budgetPath, req.budgetFrom ?? '--budget');
  // a bank account that is not the condominium's would fail every unit's invoice at apply: refused here, at its line
  if (server.bankAccounts && !server.bankAccounts.some((a) => a.id === budget.bankAccount))
    throw lineRefusal(req.budgetPath, lineOf('conta_bancaria'), {
      en: `conta_bancaria: the condominium has no bank account ${budget.bankAccount} (see condo bank-accounts list)`,
      pt: `conta_bancaria: o condomínio não tem a conta bancária ${budget.bankAccount} (veja condo bank-accounts list)`,
    });
  if (budget.condominium !== req.condominium)
    throw lineRefusal(req.budgetPath, lineOf('condominio'), {
      en: `condominio: the budget is ${budget.condominium}'s, the profile's condominium is ${req.condominium}`,
      pt: `condominio: o orçamento é de ${budget.condominium}, o condomínio do perfil é ${req.condominium}`,
    });
  const near = (file: string) => resolve(dirname(req.budgetPath), file);
  const files = new Map<string, string>();
  const read = async (file: string) => {
    const path = near(file);
    const text = files.get(path) ?? (await readText(path, `${req.budgetPath}: ${file}`));
    files.set(path, text);
    return { path, text };
  };
  const fractionsFile = budget.fractionsFile ? await read(budget.fractionsFile) : undefined;
  const readings = new Map<string, { path: string; text: string }>();
  for (const c of [...budget.components, ...budget.extras])
    if (c.split.kind === 'leitura') readings.set(c.split.file, await read(c.split.file));
  const units = [...server.units].sort((a, b) => a.id - b.id);
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        version: PLAN_VERSION,
        month: req.month,
        budget: budgetText,
        files: [...files].sort(([a], [b]) => a.localeCompare(b)).map(([p, t]) => [basename(p), t]),
        units: units.map((u) => [u.id, unitName(u), u.ideal_fraction]),
        chart: server.chart.map((a) => [a.id, a.code, a.type, a.state]),
      }),
    )
    .digest('hex');
  const plan = buildPlan({
    budget,
    budgetPath: req.budgetPath,
    lineOf,
    month: req.month,
    units,
    chart: server.chart,
    fractionsFile,
    readings,
    hash,
  });
  plan.budget_file = relative(planDir(plan), resolve(req.budgetPath)).split(sep).join('/');
  return plan;
}

async function readText(path: string, what: string): Promise<string> {
  return readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    // no budget named anywhere and none here: say where a budget is looked for
    if (e.code === 'ENOENT' && what === DEFAULT_BUDGET)
      throw new UsageError({
        en: `no budget: give --budget FILE, or condo config set budget FILE (or --firm budgets DIR), or write ${path} here`,
        pt: `nenhum orçamento: dê --budget ARQUIVO, ou condo config set budget ARQUIVO (ou --firm budgets PASTA), ou grave ${path} aqui`,
      });
    throw new UsageError(
      e.code === 'ENOENT'
        ? { en: `${what}: ${path} does not exist`, pt: `${what}: ${path} não existe` }
        : {
            en: `${what}: cannot read ${path} (${e.code ?? e.message})`,
            pt: `${what}: não foi possível ler ${path} (${e.code ?? e.message})`,
          },
    );
  });
}

interface Inputs {
  budget: Budget;
  budgetPath: string;
  lineOf: (path: string) => number;
  month: string;
  units: PlanServer['units'];
  chart: PlanServer['chart'];
  fractionsFile: { path: string; text: string } | undefined;
  readings: ReadonlyMap<string, { path: string; text: string }>;
  hash: string;
}

/** The plan of `inputs`: pure, given what was read. */
export function buildPlan(inputs: Inputs): Plan {
  const { budget, budgetPath, month } = inputs;
  const atBudget = (line: number, text: Text) => lineRefusal(budgetPath, line, text);
  const units = inputs.units.map((u) => ({ id: u.id, label: unitName(u) }));
  const unitOf = unitFinder(units);
  const fraction = fractionsOf(inputs, units, unitOf);
  const scaled = atOneScale(units.map((u) => fraction.get(u.id) as Decimal));
  const sum = { units: scaled.units.reduce((a, b) => a + b, 0n), scale: scaled.scale };
  const one = 10n ** BigInt(scaled.scale);
  if (sum.units !== one && !budget.normalize)
    throw atBudget(inputs.lineOf(budget.fractionsFile ? 'fracoes' : 'condominio'), {
      en: `the fractions add up to ${decimalText(sum)}, not 1 (normalizar: sim takes them by their sum)`,
      pt: `as frações somam ${decimalText(sum)}, não 1 (normalizar: sim as toma pela soma)`,
    });
  const weightOf = new Map(units.map((u, i) => [u.id, scaled.units[i] as bigint]));
  const exempt = new Set(budget.exempt.map((e) => unitOf(e.unit, (t) => atBudget(e.line, t))));
  // an account the budget names: one of the chart's, active, of the kind its place asks
  const accountOf = (code: string, line: number, type: 'revenue' | 'expense') => {
    const account = findChartAccount(inputs.chart, code, (t) => atBudget(line, t));
    if (account.type !== type || account.state !== 'active')
      throw atBudget(
        line,
        type === 'revenue'
          ? {
              en: `account ${code} is not an active revenue account`,
              pt: `a conta ${code} não é uma conta de receita ativa`,
            }
          : {
              en: `account ${code} is not an active expense account`,
              pt: `a conta ${code} não é uma conta de despesa ativa`,
            },
      );
    return account.id;
  };
  const chartId = (code: string, line: number) => accountOf(code, line, 'revenue');
  // the expense forecast's accounts too: a typo would leave a line of the report at zero
  for (const x of budget.expenses) accountOf(x.account, x.line, 'expense');
  const members = (rule: SplitRule, line: number): number[] => {
    const all = units.map((u) => u.id);
    const chosen =
      rule.kind === 'unidades'
        ? rule.units.map((n) => unitOf(n, (t) => atBudget(line, t)))
        : rule.kind === 'grupo'
          ? (() => {
              const g = budget.groups.get(rule.group);
              const out = new Set(
                (g?.except ?? []).map((n) => unitOf(n, (t) => atBudget(g?.line ?? line, t))),
              );
              return all.filter((id) => !out.has(id));
            })()
          : all;
    return chosen.filter((id) => !exempt.has(id));
  };
  const readingsFor = (rule: SplitRule, ids: number[], line: number): Decimal[] | undefined => {
    if (rule.kind !== 'leitura') return undefined;
    const file = inputs.readings.get(rule.file);
    if (!file) throw atBudget(line, { en: `${rule.file} was not read`, pt: `${rule.file} não foi lido` });
    return readingsOf(file, ids, units, unitOf);
  };
  const weights = (rule: SplitRule, ids: number[], read: Decimal[] | undefined): bigint[] => {
    if (read) return atOneScale(read).units;
    if (rule.kind === 'igual') return ids.map(() => 1n);
    return ids.map((id) => weightOf.get(id) as bigint);
  };
  const parts = monthParts(budget, month);
  const lines = new Map<number, PlanLine[]>(units.map((u) => [u.id, []]));
  const components: Plan['components'] = [];
  for (const p of parts) {
    const ids = members(p.split, p.line);
    if (ids.length === 0)
      throw atBudget(p.line, {
        en: `${p.name}: no unit is left to split it among`,
        pt: `${p.name}: não sobra unidade para ratear`,
      });
    const read = readingsFor(p.split, ids, p.line);
    if (read && !p.price && read.every((r) => r.units === 0n))
      throw atBudget(p.line, {
        en: `${p.name}: every reading is 0: nothing to split ${formatReais(p.cents)} by`,
        pt: `${p.name}: todas as leituras são 0: nada por que ratear ${formatReais(p.cents)}`,
      });
    // a price per m³: each unit's reading times it, the total their sum; else the total split by the weights
    const price = p.price;
    const priced = price && read ? read.map((r) => productCents(r, price)) : undefined;
    if (priced) p.cents = priced.reduce((a, b) => a + b, 0);
    const split = priced
      ? { cents: priced, againstNearest: priced.map(() => 0) }
      : splitCents(p.cents, weights(p.split, ids, read));
    const against = (side: -1 | 1) =>
      ids
        .filter((_, i) => split.againstNearest[i] === side)
        .map((id) => units.find((u) => u.id === id)?.label ?? String(id));
    for (const [i, id] of ids.entries())
      lines.get(id)?.push({
        component: p.name,
        cents: split.cents[i] as number,
        ...(read ? { reading: decimalText(read[i] as Decimal, '.') } : {}),
      });
    components.push({
      name: p.name,
      account_code: p.account,
      chart_of_accounts_id: chartId(p.account, p.line),
      total_cents: p.cents,
      split: p.split.kind,
      cent_more: against(1),
      cent_less: against(-1),
      // what a resident's page says the part is of (#68): how many shared it, a percentage's base, a price
      units: ids.length,
      ...(p.split.kind === 'grupo' ? { group: p.split.group } : {}),
      ...(p.percent ? { percent: decimalText(p.percent.percent, '.'), of: p.percent.of } : {}),
      ...(p.price ? { price: decimalText(p.price, '.') } : {}),
    });
  }
  const planUnits = units.map((u) => {
    const own = lines.get(u.id) ?? [];
    return {
      unit_id: u.id,
      unit: u.label,
      fraction: decimalText(fraction.get(u.id) as Decimal, '.'),
      lines: own,
      total_cents: own.reduce((a, l) => a + l.cents, 0),
    };
  });
  const factor = sum.units === one ? null : (Number(one) / Number(sum.units)).toFixed(6).replace('.', ',');
  return {
    version: PLAN_VERSION,
    condominium: budget.condominium,
    month,
    due_date: dueDate(month, budget.dueDay),
    bank_account_id: budget.bankAccount,
    inputs_sha256: inputs.hash,
    budget_file: '',
    fractions: {
      source: inputs.fractionsFile ? basename(inputs.fractionsFile.path) : 'server',
      sum: decimalText(sum),
      factor,
    },
    components,
    units: planUnits,
    total_cents: planUnits.reduce((a, u) => a + u.total_cents, 0),
    exempt: budget.exempt.map((e) => ({ unit: e.unit, source: e.source })),
    warnings: [],
  };
}

/** What the month bills: the budget's components (a percentage worked out), then the extras' installments due in it. */
function monthParts(budget: Budget, month: string) {
  const parts = budget.components.map((c) => ({
    name: c.name,
    line: c.line,
    account: c.account,
    split: c.split,
    cents: 'cents' in c.amount ? c.amount.cents : 0,
    price: 'perReading' in c.amount ? c.amount.perReading : undefined,
    percent: 'percent' in c.amount ? c.amount : undefined,
  }));
  for (const [i, c] of budget.components.entries())
    if ('percent' in c.amount) {
      const { percent, of } = c.amount;
      (parts[i] as (typeof parts)[number]).cents = percentOfCents(
        parts.find((o) => o.name === of)?.cents ?? 0,
        percent,
      );
    }
  for (const x of budget.extras) {
    const k = monthsFrom(x.first, month);
    if (k < 0 || k >= x.installments) continue;
    const cents = splitCents(
      x.cents,
      Array.from({ length: x.installments }, () => 1n),
    ).cents[k] as number;
    parts.push({
      name: x.installments > 1 ? `${x.name} (${k + 1}/${x.installments})` : x.name,
      line: x.line,
      account: x.account ?? (budget.components[0]?.account as string),
      split: x.split,
      cents,
      price: undefined,
      percent: undefined,
    });
  }
  return parts;
}

type Unit = { id: number; label: string };

/** Each unit's fraction: the budget's file, else the server's ideal fractions; a unit without one is refused. */
function fractionsOf(inputs: Inputs, units: readonly Unit[], unitOf: UnitFinder): Map<number, Decimal> {
  const atBudget = (line: number, text: Text) => lineRefusal(inputs.budgetPath, line, text);
  const fraction = new Map<number, Decimal>();
  if (inputs.fractionsFile) {
    const { path, text } = inputs.fractionsFile;
    for (const row of csvRows(path, text, ['unidade', 'fracao'])) {
      const at = (t: Text) => lineRefusal(path, row.line, t);
      const id = unitOf(row.values[0] ?? '', at);
      const d = parseDecimal(row.values[1] ?? '');
      if (!d)
        throw at({
          en: `"${row.values[1]}" is not a fraction (0,0417)`,
          pt: `"${row.values[1]}" não é uma fração (0,0417)`,
        });
      if (fraction.has(id))
        throw at({ en: `"${row.values[0]}" is given twice`, pt: `"${row.values[0]}" aparece duas vezes` });
      fraction.set(id, d);
    }
  } else
    for (const u of inputs.units) {
      const d = typeof u.ideal_fraction === 'number' ? decimalOfNumber(u.ideal_fraction) : undefined;
      if (d && d.units > 0n) fraction.set(u.id, d);
    }
  for (const u of units)
    if (!fraction.has(u.id))
      throw (
        inputs.fractionsFile
          ? (t: Text) => lineRefusal(inputs.fractionsFile?.path ?? '', 1, t)
          : (t: Text) => atBudget(1, t)
      )({
        en: `unit ${u.label} (${u.id}) has no fraction${inputs.fractionsFile ? ' in this file' : ' on the server: name a fracoes file'}`,
        pt: `a unidade ${u.label} (${u.id}) não tem fração${inputs.fractionsFile ? ' neste arquivo' : ' no servidor: indique um arquivo em fracoes'}`,
      });
  return fraction;
}

/** The readings of a file (`unidade,leitura`) of `ids`, in their order; a bad or missing reading is refused. */
function readingsOf(
  file: { path: string; text: string },
  ids: readonly number[],
  units: readonly Unit[],
  unitOf: UnitFinder,
): Decimal[] {
  const read = new Map<number, Decimal>();
  for (const row of csvRows(file.path, file.text, ['unidade', 'leitura'])) {
    const at = (t: Text) => lineRefusal(file.path, row.line, t);
    const d = parseDecimal(row.values[1] ?? '');
    if (!d)
      throw at({
        en: `"${row.values[1]}" is not a reading (a number, not negative)`,
        pt: `"${row.values[1]}" não é uma leitura (um número, não negativo)`,
      });
    read.set(unitOf(row.values[0] ?? '', at), d);
  }
  const missing = ids.find((id) => !read.has(id));
  if (missing !== undefined)
    throw lineRefusal(file.path, 1, {
      en: `unit ${units.find((u) => u.id === missing)?.label} has no reading`,
      pt: `a unidade ${units.find((u) => u.id === missing)?.label} não tem leitura`,
    });
  return ids.map((id) => read.get(id) as Decimal);
}

/** The due day of the month (the month's last where it has fewer days), moved to the next business day. */
export function dueDate(month: string, day: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = `${month}-${String(Math.min(day, daysInMonth(y, m))).padStart(2, '0')}`;
  return notBusinessDay(date) ? nextBusinessDay(date) : date;
}

const monthsFrom = (from: string, to: string): number => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};
