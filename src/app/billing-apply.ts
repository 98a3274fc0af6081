/**
 * A billing plan applied and read back (#67): each unit's invoice created once, its composition as the invoice's
 * items, and, asked, issued. Never twice, also past the 24-hour idempotency window: each invoice carries the
 * month's billing marker first in its notes, and `apply` reads the month's invoices once and creates only what is
 * missing; each create's Idempotency-Key is the plan's and the unit's, so a lost answer is replayed, not repeated.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Client } from '../client/index.js';
import type { Invoice } from '../client/resources/invoices.js';
import { formatMonthBr, lastDayOf } from '../domain/dates.js';
import { CondoError, UsageError, ValidationError } from '../domain/errors.js';
import { centsToDecimal, formatReais } from '../domain/money.js';
import type { InvoiceCreate } from '../domain/request-bodies.js';
import type { Text } from '../domain/text.js';
import { computePlan, PLAN_VERSION, type Plan, type PlanUnit } from './billing-plan.js';
import type { BulkHooks, BulkRecord } from './bulk.js';

/** The month's billing marker, the first line of each invoice's notes: the month and the plan. */
export const markerOf = (plan: Pick<Plan, 'month' | 'inputs_sha256'>): string =>
  `[condo-billing ${plan.month} ${plan.inputs_sha256.slice(0, 8)}]`;

const MARKER = /^\[condo-billing (\d{4}-\d{2}) ([0-9a-f]{8})\]/;

/** The month and plan an invoice's notes name, if it is a billing run's. */
export function markedBy(notes: unknown): { month: string; plan: string } | undefined {
  const m = typeof notes === 'string' ? MARKER.exec(notes) : null;
  return m ? { month: m[1] as string, plan: m[2] as string } : undefined;
}

/** A plan file as `billing plan` wrote it; anything else is refused naming the file. */
export async function readPlan(path: string): Promise<Plan> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(
      e.code === 'ENOENT'
        ? { en: `${path} does not exist`, pt: `${path} não existe` }
        : {
            en: `cannot read ${path} (${e.code ?? e.message})`,
            pt: `não foi possível ler ${path} (${e.code ?? e.message})`,
          },
    );
  });
  let plan: Plan;
  try {
    plan = JSON.parse(text) as Plan;
  } catch {
    throw new UsageError({
      en: `${path}: not a plan file (not JSON)`,
      pt: `${path}: não é um arquivo de plano (não é JSON)`,
    });
  }
  if (plan?.version !== PLAN_VERSION || !Array.isArray(plan.units) || typeof plan.inputs_sha256 !== 'string')
    throw new UsageError({
      en: `${path}: not a plan file of this condo (condo billing plan writes one)`,
      pt: `${path}: não é um arquivo de plano deste condo (condo billing plan grava um)`,
    });
  return plan;
}

/** The month's invoices, each page read once. */
async function monthInvoices(client: Client, month: string): Promise<Invoice[]> {
  return [
    ...(await client.invoices.list({ due_from: `${month}-01`, due_to: lastDayOf(month) }, { all: true })),
  ];
}

/** The month's live invoices of a billing run: this plan's by unit, and another plan's. */
async function billedState(
  client: Client,
  plan: Plan,
): Promise<{ ours: Map<number, Invoice>; others: Invoice[] }> {
  const ours = new Map<number, Invoice>();
  const others: Invoice[] = [];
  for (const inv of await monthInvoices(client, plan.month)) {
    const by = markedBy(inv.notes);
    if (!by || by.month !== plan.month || inv.state === 'canceled') continue;
    if (by.plan === plan.inputs_sha256.slice(0, 8)) ours.set(Number(inv.unit_id), inv);
    else others.push(inv);
  }
  return { ours, others };
}

/** The plan a billing run's invoice names in its marker, where its file is in `dir`; else undefined. */
export async function planOfInvoice(
  inv: Invoice,
  dir: string,
  condominium: string,
): Promise<Plan | undefined> {
  const by = markedBy(inv.notes);
  if (!by) return undefined;
  const file = join(dir, `${by.month}-${condominium}-${by.plan}.plan.json`);
  return readPlan(file).catch(() => undefined);
}

/** The month's live invoices of this plan, by unit (the residents' pages are drawn from them). */
export async function planInvoices(
  client: Client,
  planPath: string,
): Promise<{ plan: Plan; invoices: Map<number, Invoice> }> {
  const plan = await readPlan(planPath);
  return { plan, invoices: (await billedState(client, plan)).ours };
}

/** What applying a plan would do now (#68, the firm's question before it writes): nothing is sent. */
export interface ApplyPreview {
  plan: Plan;
  /** units whose invoice would be created, and their total */
  create: number;
  create_cents: number;
  /** units billed by this plan already */
  already: number;
  /** live invoices of another plan of the month (apply refuses them unless --replace) */
  others: number;
}

export async function previewApply(client: Client, planPath: string): Promise<ApplyPreview> {
  const plan = await readPlan(planPath);
  const { ours, others } = await billedState(client, plan);
  const todo = plan.units.filter((u) => u.total_cents > 0 && !ours.has(u.unit_id));
  return {
    plan,
    create: todo.length,
    create_cents: todo.reduce((a, u) => a + u.total_cents, 0),
    already: plan.units.filter((u) => u.total_cents > 0 && ours.has(u.unit_id)).length,
    others: others.length,
  };
}

type MonthPlans = { month: string; dir: string; condominium: string };

/** The condominium's plan files of the month in `dir`, as `billing plan` named them, the newest first. */
async function monthPlanFiles({ month, dir, condominium }: MonthPlans): Promise<string[]> {
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--plans: cannot read ${dir} (${e.code ?? e.message})`,
      pt: `--plans: não foi possível ler ${dir} (${e.code ?? e.message})`,
    });
  });
  // the slug whole: residencial-bela-vista's plans are not residencial-bela-vista-2's
  const slug = condominium.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = new RegExp(`^${month}-${slug}-[0-9a-f]{8}\\.plan\\.json$`);
  const files = names.filter((n) => own.test(n));
  const dated = await Promise.all(files.map(async (f) => ({ f, at: (await stat(join(dir, f))).mtimeMs })));
  return dated.sort((a, b) => b.at - a.at || (a.f < b.f ? -1 : 1)).map((d) => d.f);
}

const noPlan = ({ month, dir, condominium }: MonthPlans) =>
  new UsageError({
    en: `no plan of ${formatMonthBr(month)} for ${condominium} in ${dir} (condo billing plan writes one; --plans names its folder)`,
    pt: `nenhum plano de ${formatMonthBr(month)} para ${condominium} em ${dir} (condo billing plan grava um; --plans diz a pasta)`,
  });

/** The plan to apply for a month (`billing apply --month`): the condominium's newest plan file of it in `dir`. */
export async function newestPlanOf(req: MonthPlans): Promise<string> {
  const [newest] = await monthPlanFiles(req);
  if (!newest) throw noPlan(req);
  return join(req.dir, newest);
}

export interface ApplyOptions {
  issue: boolean;
  replace: boolean;
  condominium: string;
}

export interface ApplyResult {
  records: BulkRecord[];
  /** invoices of another plan of the month canceled by --replace */
  canceled: number;
  /** units whose invoice of this plan was there before the run: not created again */
  already: number;
  /** invoices created now */
  created: number;
  /** invoices issued now (--issue): those created now and drafts of an earlier run */
  issued: number;
  /** the server refused an invoice's items (a server without condo's extension): the composition is in notes */
  withoutItems: boolean;
}

/** Applies the plan at `planPath`: refuses one whose inputs changed, creates what is missing, issues if asked. */
export async function applyPlan(
  client: Client,
  planPath: string,
  opts: ApplyOptions,
  hooks: BulkHooks,
): Promise<ApplyResult> {
  const plan = await readPlan(planPath);
  if (plan.condominium !== opts.condominium)
    throw new UsageError({
      en: `${planPath}: the plan is ${plan.condominium}'s, the profile's condominium is ${opts.condominium}`,
      pt: `${planPath}: o plano é de ${plan.condominium}, o condomínio do perfil é ${opts.condominium}`,
    });
  await refuseChangedInputs(client, planPath, plan);
  const marker = markerOf(plan);
  const { ours, others } = await billedState(client, plan);
  let canceled = 0;
  if (others.length > 0) {
    if (!opts.replace)
      throw new UsageError({
        en: `${plan.month} is already billed by another plan (${others.length} invoices, plan ${markedBy(others[0]?.notes)?.plan}): --replace cancels them first`,
        pt: `${formatMonthBr(plan.month)} já foi emitido por outro plano (${others.length} cobranças, plano ${markedBy(others[0]?.notes)?.plan}): --replace as cancela antes`,
      });
    canceled = await cancelOthers(client, others);
  }
  // each unit's task: its invoice created where it has none of this plan; with --issue, a draft issued
  const billed = plan.units.filter((u) => u.total_cents > 0);
  const todo = billed.filter((u) => {
    const inv = ours.get(u.unit_id);
    return !inv || (opts.issue && inv.state === 'draft');
  });
  if (opts.issue) await recordApplied(planPath, { issue: true });
  const items = { refused: false };
  const counts = { created: 0, issued: 0 };
  const results = await client.bulk(
    todo,
    async (unit, idempotencyKey) => {
      let inv = ours.get(unit.unit_id);
      if (!inv) {
        inv = await createInvoice(client, plan, marker, unit, { idempotencyKey, items }, hooks.signal);
        counts.created += 1;
      }
      if (opts.issue && inv.state === 'draft') {
        inv = await client.invoices.issue(inv.public_id, {
          idempotencyKey: `billing-issue-${inv.public_id}`,
          ...(hooks.signal ? { signal: hooks.signal } : {}),
        });
        counts.issued += 1;
      }
      return inv;
    },
    { ...hooks, keyOf: (unit) => `billing-${plan.inputs_sha256.slice(0, 16)}-${(unit as PlanUnit).unit_id}` },
  );
  const records: BulkRecord[] = results.map((r, i) => {
    const label = todo[i]?.unit ?? '';
    if (!r.ok)
      return r.notSent
        ? { ok: false, label, error: r.error, notSent: true }
        : { ok: false, label, error: r.error };
    return { ok: true, label, data: r.data };
  });
  return {
    records,
    canceled,
    already: billed.filter((u) => ours.has(u.unit_id)).length,
    created: counts.created,
    issued: counts.issued,
    withoutItems: items.refused,
  };
}

/** The plan made again of what it names; a plan whose inputs changed since is refused. */
async function refuseChangedInputs(client: Client, planPath: string, plan: Plan): Promise<void> {
  const [units, chart] = await Promise.all([client.units.list(), client.chartOfAccounts.list()]);
  const budgetPath = resolve(dirname(planPath), plan.budget_file);
  const again = await computePlan(
    { units: [...units], chart: [...chart] },
    { month: plan.month, budgetPath, condominium: plan.condominium },
    () => dirname(planPath),
  );
  if (again.inputs_sha256 !== plan.inputs_sha256)
    throw new UsageError({
      en: `${planPath}: the budget, its files or the server's units changed since the plan was written: run condo billing plan again`,
      pt: `${planPath}: o orçamento, seus arquivos ou as unidades do servidor mudaram desde que o plano foi gravado: rode condo billing plan de novo`,
    });
}

/** Cancels another plan's invoices of the month; a paid one, or a server without cancel, stops the replace. */
async function cancelOthers(client: Client, others: readonly Invoice[]): Promise<number> {
  const paid = others.filter((inv) => inv.state === 'paid');
  if (paid.length > 0)
    throw new UsageError({
      en: `--replace: ${paid.length} invoices of the earlier plan are paid already (${paid
        .map((i) => i.public_id)
        .slice(0, 3)
        .join(', ')}): nothing was canceled`,
      pt: `--replace: ${paid.length} cobranças do plano anterior já foram pagas (${paid
        .map((i) => i.public_id)
        .slice(0, 3)
        .join(', ')}): nada foi cancelado`,
    });
  let canceled = 0;
  for (const inv of others) {
    try {
      await client.invoices.cancel(inv.public_id, { idempotencyKey: `billing-cancel-${inv.public_id}` });
      canceled += 1;
    } catch (e) {
      if (e instanceof CondoError && (e.status === 404 || e.status === 405) && canceled === 0)
        throw new UsageError({
          en: '--replace: this server cannot cancel an invoice (POST /invoices/{id}/cancel answered 404/405): cancel the earlier ones by hand, then apply',
          pt: '--replace: este servidor não cancela cobranças (POST /invoices/{id}/cancel respondeu 404/405): cancele as anteriores à mão e aplique de novo',
        });
      throw e;
    }
  }
  return canceled;
}

/**
 * A unit's invoice of the plan: the quota as its subtotal, the composition as items and, after the marker, in
 * notes. A server that refuses `items` by name (it has not condo's extension) gets the invoice without them, under
 * a key of its own (the refused answer is kept for the first), and so does every invoice after it in the run.
 */
async function createInvoice(
  client: Client,
  plan: Plan,
  marker: string,
  unit: PlanUnit,
  call: { idempotencyKey: string; items: { refused: boolean } },
  signal: AbortSignal | undefined,
): Promise<Invoice> {
  const byName = new Map(plan.components.map((c) => [c.name, c]));
  const parts = unit.lines.filter((l) => l.cents > 0);
  const composition = parts.map((l) => `${l.component}: ${formatReais(l.cents)}`).join('; ');
  const body: InvoiceCreate = {
    unit_id: unit.unit_id,
    bank_account_id: plan.bank_account_id,
    due_date: plan.due_date,
    subtotal: centsToDecimal(unit.total_cents),
    total: centsToDecimal(unit.total_cents),
    notes: `${marker}\n${composition}`.slice(0, 2000),
  };
  const withItems: InvoiceCreate = {
    ...body,
    items: parts.map((l) => ({
      name: l.component.slice(0, 120),
      chart_of_accounts_id: byName.get(l.component)?.chart_of_accounts_id ?? 0,
      amount: centsToDecimal(l.cents),
    })),
  };
  const send = (b: InvoiceCreate, idempotencyKey: string) =>
    client.invoices.create(b, { idempotencyKey, ...(signal ? { signal } : {}) });
  if (call.items.refused) return send(body, `${call.idempotencyKey}-notes`);
  try {
    return await send(withItems, call.idempotencyKey);
  } catch (e) {
    if (!unknownItems(e)) throw e;
    call.items.refused = true;
    return send(body, `${call.idempotencyKey}-notes`);
  }
}

/**
 * Whether a refusal says the server does not know the `items` field (this sandbox with --spec-only says "is not a
 * known field", as for any field; other servers "unknown", "additional property"…), not that the items are wrong.
 */
const unknownItems = (e: unknown): boolean =>
  e instanceof ValidationError &&
  (e.fields?.items ?? []).some((m) =>
    /not a known field|unknown|not allowed|not permitted|additional|unexpected|unrecognized/i.test(m),
  );

/** Beside the plan, what applying it asked (`--issue`), for `billing verify` to check it. */
const appliedFile = (planPath: string) => planPath.replace(/\.json$/, '.applied.json');

async function recordApplied(planPath: string, applied: { issue: boolean }): Promise<void> {
  await writeFile(appliedFile(planPath), `${JSON.stringify(applied)}\n`);
}

/**
 * The plan a month was billed by, for `billing verify --month`: the plan files of the month and the profile's
 * condominium in `dir` (where `billing plan` wrote them), the one whose marker the month's invoices carry; none
 * carried yet, the newest of them. A marker whose plan file is not there is refused, naming the file to look for.
 */
async function findMonthPlan(invoices: readonly Invoice[], req: MonthPlans): Promise<string> {
  const { month, dir, condominium } = req;
  const files = await monthPlanFiles(req);
  const hashOf = (name: string) => name.slice(-'12345678.plan.json'.length, -'.plan.json'.length);
  const billedBy = new Set(
    invoices
      .filter((inv) => inv.state !== 'canceled')
      .map((inv) => markedBy(inv.notes))
      .filter((by) => by?.month === month)
      .map((by) => by?.plan as string),
  );
  const billed = files.filter((f) => billedBy.has(hashOf(f)));
  const missing = [...billedBy].filter((h) => !files.some((f) => hashOf(f) === h));
  const prefix = `${month}-${condominium}-`;
  if (missing.length > 0 && billed.length === 0)
    throw new UsageError({
      en: `${formatMonthBr(month)} was billed by plan ${missing.join(', ')}, whose file (${prefix}${missing[0]}.plan.json) is not in ${dir}: give it, or --plans its folder`,
      pt: `${formatMonthBr(month)} foi emitido pelo plano ${missing.join(', ')}, cujo arquivo (${prefix}${missing[0]}.plan.json) não está em ${dir}: dê o arquivo, ou --plans a pasta dele`,
    });
  const [chosen] = billed.length > 0 ? billed : files;
  if (!chosen) throw noPlan(req);
  return join(dir, chosen);
}

export interface VerifyProblem {
  unit: string;
  text: Text;
}

export interface Verified {
  plan: Plan;
  planPath: string;
  problems: VerifyProblem[];
  unmarked: Invoice[];
  checked: number;
  /** the plan that bills the month instead of this one (it was replaced), if so: `problems` says it once */
  replacedBy?: string;
}

/**
 * `billing verify`: a plan file named, or the plan the month's invoices carry among `dir`'s (--month), read back
 * against the month's invoices, which are read once.
 */
export async function verifyBilling(
  client: Client,
  req: { planPath?: string | undefined; month?: string | undefined; dir: string; condominium: string },
): Promise<Verified> {
  const { planPath: given, month } = req;
  if (given === undefined && month === undefined)
    throw new UsageError({
      en: 'give the plan file, or --month MM/YYYY (its plan found in --plans)',
      pt: 'dê o arquivo do plano, ou --month MM/AAAA (o plano achado em --plans)',
    });
  let planPath = given as string;
  let plan: Plan;
  let invoices: Invoice[];
  if (given === undefined) {
    invoices = await monthInvoices(client, month as string);
    planPath = await findMonthPlan(invoices, {
      month: month as string,
      dir: req.dir,
      condominium: req.condominium,
    });
    plan = await readPlan(planPath);
  } else {
    plan = await readPlan(given);
    if (month !== undefined && plan.month !== month)
      throw new UsageError({
        en: `${given} is the plan of ${plan.month}, not of --month ${formatMonthBr(month)}`,
        pt: `${given} é o plano de ${plan.month}, não do --month ${formatMonthBr(month)}`,
      });
    invoices = await monthInvoices(client, plan.month);
  }
  return { ...(await verifyAgainst(plan, planPath, invoices)), planPath };
}

/** The month read back against its plan: one invoice a unit, of the planned total, issued if it was asked. */
async function verifyAgainst(
  plan: Plan,
  planPath: string,
  invoices: readonly Invoice[],
): Promise<Omit<Verified, 'planPath'>> {
  const issued = await readFile(appliedFile(planPath), 'utf8')
    .then((t) => (JSON.parse(t) as { issue?: boolean }).issue === true)
    .catch(() => false);
  const hash = plan.inputs_sha256.slice(0, 8);
  const byUnit = new Map<number, Invoice[]>();
  const byOtherPlan = new Map<number, Invoice[]>();
  const unmarked: Invoice[] = [];
  const add = (to: Map<number, Invoice[]>, inv: Invoice) =>
    to.set(Number(inv.unit_id), [...(to.get(Number(inv.unit_id)) ?? []), inv]);
  for (const inv of invoices) {
    if (inv.state === 'canceled') continue;
    const by = markedBy(inv.notes);
    if (!by) unmarked.push(inv);
    else if (by.month === plan.month) add(by.plan === hash ? byUnit : byOtherPlan, inv);
  }
  const problems: VerifyProblem[] = [];
  // this plan's invoices all gone and another's billing the month: it was replaced; the other is the one to read
  const live = [...byOtherPlan.values()].flat();
  if (byUnit.size === 0 && live.length > 0) {
    const other = markedBy(live[0]?.notes)?.plan as string;
    problems.push({
      unit: plan.month,
      text: {
        en: `the month is billed by plan ${other} (${live.length} invoices), not by this one (replaced?): billing verify --month reads the one the invoices carry`,
        pt: `o mês é cobrado pelo plano ${other} (${live.length} cobranças), não por este (substituído?): billing verify --month confere o que as cobranças levam`,
      },
    });
    return {
      plan,
      problems,
      unmarked,
      checked: plan.units.filter((x) => x.total_cents > 0).length,
      replacedBy: other,
    };
  }
  for (const [unitId, also] of byOtherPlan)
    problems.push({
      unit: plan.units.find((u) => u.unit_id === unitId)?.unit ?? String(unitId),
      text: {
        en: `billed by another plan of the month too (${also.map((i) => `${i.public_id}, plan ${markedBy(i.notes)?.plan}`).join('; ')}): billing apply --replace cancels it`,
        pt: `cobrada também por outro plano do mês (${also.map((i) => `${i.public_id}, plano ${markedBy(i.notes)?.plan}`).join('; ')}): billing apply --replace o cancela`,
      },
    });
  for (const u of plan.units.filter((x) => x.total_cents > 0)) {
    const found = byUnit.get(u.unit_id) ?? [];
    const [inv] = found;
    if (!inv) problems.push({ unit: u.unit, text: { en: 'not billed', pt: 'sem cobrança' } });
    else if (found.length > 1)
      problems.push({
        unit: u.unit,
        text: {
          en: `billed ${found.length} times (${found.map((i) => i.public_id).join(', ')})`,
          pt: `cobrada ${found.length} vezes (${found.map((i) => i.public_id).join(', ')})`,
        },
      });
    else if (Math.round(Number(inv.subtotal) * 100) !== u.total_cents)
      problems.push({
        unit: u.unit,
        text: {
          en: `billed ${formatReais(Math.round(Number(inv.subtotal) * 100))}, planned ${formatReais(u.total_cents)}`,
          pt: `cobrada ${formatReais(Math.round(Number(inv.subtotal) * 100))}, planejada ${formatReais(u.total_cents)}`,
        },
      });
    else if (issued && inv.state === 'draft')
      problems.push({
        unit: u.unit,
        text: {
          en: 'not issued (the plan was applied with --issue)',
          pt: 'não emitida (o plano foi aplicado com --issue)',
        },
      });
  }
  return { plan, problems, unmarked, checked: plan.units.filter((x) => x.total_cents > 0).length };
}
