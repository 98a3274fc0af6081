/**
 * The server's late quotas updated to a day (#69 point 4, `condo debt update`): every invoice due before the day and
 * not paid (the spec's filters: `state=issued`, `due_to`), each updated by the charges file over the index tables at
 * hand (imported, shipped, then the server's), a total per unit. What the memória de cálculo and the agreement
 * (#70) are built on; the same inputs give the same figures.
 */
import { createHash } from 'node:crypto';
import type { Client } from '../client/index.js';
import { type ChargeRules, ChargesError } from '../domain/charges.js';
import { addDays, monthOf } from '../domain/dates.js';
import { type Debt, seriesRead, updateDebt } from '../domain/debt.js';
import { UsageError } from '../domain/errors.js';
import type { IndexSeries, IndexTables } from '../domain/index-series.js';
import { centsOf } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { installmentOf } from './agreement-marker.js';
import { chargesRefusal } from './debt-calc.js';
import { servedTables } from './index-tables.js';
import { type UnitFinder, unitFinder } from './lookups.js';
import { unitName } from './names.js';

export interface QuotaUpdated extends Debt {
  readonly invoice: string;
  readonly due_date: string;
  /** the account it was billed to: an agreement's installments are billed to the newest quota's */
  readonly bank_account_id: number;
  readonly period: string | null;
  readonly notes: string | null;
}

export interface UnitDebt {
  readonly unit_id: number;
  readonly unit_label: string;
  /** the owner as the server names them, and their CPF/CNPJ where it gives one (an agreement names who signs) */
  readonly owner: string | null;
  readonly owner_document: string | null;
  readonly quotas: readonly QuotaUpdated[];
  readonly principal_cents: number;
  readonly correction_cents: number;
  readonly interest_cents: number;
  readonly fine_cents: number;
  readonly total_cents: number;
}

export interface DebtUpdate {
  readonly as_of: string;
  /** the charges file: its path, its SHA-256 (the memória cites it) and its clauses as written */
  readonly rules: { readonly path: string; readonly sha256: string; readonly clauses: readonly string[] };
  readonly units: readonly UnitDebt[];
  readonly totals: Omit<UnitDebt, 'unit_id' | 'unit_label' | 'owner' | 'owner_document' | 'quotas'> & {
    readonly units: number;
    readonly quotas: number;
  };
  /** agreements' installments due before the day and not paid: left to `agreement check`, not updated here */
  readonly agreement_installments_late: number;
  /** every table a figure was read from, and the made-up months any rests on */
  readonly index_sources: readonly string[];
  readonly made_up: readonly string[];
}

export interface DebtUpdateAsked {
  readonly asOf: string;
  /** a unit's label or id; every unit where absent */
  readonly unit?: string | undefined;
  readonly rules: ChargeRules;
  readonly rulesPath: string;
  readonly rulesText: string;
  /** the tables imported and shipped; the server's are read under them */
  readonly local: (served: ReadonlyMap<string, IndexSeries>) => IndexTables;
}

const PARTS = ['principal_cents', 'correction_cents', 'interest_cents', 'fine_cents', 'total_cents'] as const;
const sumOf = (rows: readonly Pick<Debt, (typeof PARTS)[number]>[]) =>
  Object.fromEntries(PARTS.map((k) => [k, rows.reduce((t, r) => t + r[k], 0)])) as Record<
    (typeof PARTS)[number],
    number
  >;

/** The clauses of a charges file as written, comments and blank lines aside: the memória quotes them. */
export const clausesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    .map((l) => l.trimEnd());

/** The server's months a quota due on `due` reads to `asOf`: from the month before its own (the taxa legal's). */
const servedRange = (due: string, asOf: string) => ({
  from: monthOf(addDays(`${monthOf(due)}-01`, -1)),
  to: monthOf(asOf),
});

export async function updateDebts(client: Client, asked: DebtUpdateAsked): Promise<DebtUpdate> {
  return (await debtsOf(client, asked)).update;
}

/** The update, and the unit asked for found by its label (an agreement with nothing to agree names its quotas). */
export async function debtsOf(
  client: Client,
  asked: DebtUpdateAsked,
): Promise<{ update: DebtUpdate; unitId: number | undefined }> {
  const units = await client.units.list();
  const findUnit: UnitFinder = unitFinder(units);
  const unitId =
    asked.unit === undefined
      ? undefined
      : findUnit(asked.unit, (t) => new UsageError({ en: `--unit: ${t.en}`, pt: `--unit: ${t.pt}` }));
  // due before the day: due_to is inclusive
  const invoices = await client.invoices.list(
    { state: 'issued', due_to: addDays(asked.asOf, -1), ...(unitId ? { unit_id: unitId } : {}) },
    { all: true },
  );
  const due = [...invoices].filter((i) => typeof i.due_date === 'string' && i.due_date < asked.asOf);
  // an agreement's installment is the agreement's to watch (agreement check): its charges are not a quota's
  const installments = due.filter((i) => installmentOf(i.notes));
  const late = due
    .filter((i) => !installments.includes(i))
    .map((i) => ({ ...i, unit_id: Number(i.unit_id) }))
    .sort(
      (a, b) =>
        a.unit_id - b.unit_id ||
        String(a.due_date).localeCompare(String(b.due_date)) ||
        String(a.public_id).localeCompare(String(b.public_id)),
    );
  const first = late[0]
    ? late.reduce((m, i) => (String(i.due_date) < m ? String(i.due_date) : m), asked.asOf)
    : asked.asOf;
  // the server's months from the oldest quota's (and the one before, for the taxa legal) to the day's
  const served: ReadonlyMap<string, IndexSeries> =
    late.length === 0
      ? new Map()
      : await servedTables(client, seriesRead(asked.rules), servedRange(first, asked.asOf));
  const tables = asked.local(served);
  const unitsById = new Map(units.map((u) => [u.id, u]));
  const byUnit = new Map<number, QuotaUpdated[]>();
  for (const inv of late) {
    const due = String(inv.due_date);
    const debt = chargesRefusal(
      asked.rulesPath,
      () => updateDebt(centsOf(inv.total), due, asked.asOf, asked.rules, tables),
      { en: `invoice ${inv.public_id} (due ${due})`, pt: `cobrança ${inv.public_id} (vencimento ${due})` },
    );
    const quota: QuotaUpdated = {
      invoice: String(inv.public_id),
      due_date: due,
      bank_account_id: Number(inv.bank_account_id),
      period: typeof inv.period === 'string' ? inv.period : null,
      notes: typeof inv.notes === 'string' ? inv.notes : null,
      ...debt,
    };
    byUnit.set(inv.unit_id, [...(byUnit.get(inv.unit_id) ?? []), quota]);
  }
  const rows: UnitDebt[] = [...byUnit].map(([id, quotas]) => {
    const unit = unitsById.get(id);
    return {
      unit_id: id,
      unit_label: unit ? unitName(unit) : String(id),
      owner: typeof unit?.owner === 'string' ? unit.owner : null,
      owner_document: typeof unit?.owner_document === 'string' ? unit.owner_document : null,
      quotas,
      ...sumOf(quotas),
    };
  });
  const all = rows.flatMap((u) => u.quotas);
  const update: DebtUpdate = {
    as_of: asked.asOf,
    rules: {
      path: asked.rulesPath,
      sha256: createHash('sha256').update(asked.rulesText).digest('hex'),
      clauses: clausesOf(asked.rulesText),
    },
    units: rows,
    totals: { units: rows.length, quotas: all.length, ...sumOf(rows) },
    agreement_installments_late: installments.length,
    index_sources: [...new Set(all.flatMap((q) => q.index_sources))].sort(),
    made_up: [...new Set(all.flatMap((q) => q.made_up))],
  };
  return { update, unitId };
}

/**
 * A late quota's debt on the day it was paid (#70 point 4), for `statements reconcile` to set the amount paid
 * against: the charges file over the tables at hand, the server's read once a range. A month no table has is said,
 * not thrown: the payment is recorded all the same.
 */
export function lateDebtOf(
  client: Client,
  rules: ChargeRules,
  local: (served: ReadonlyMap<string, IndexSeries>) => IndexTables,
): (cents: number, due: string, paidAt: string) => Promise<{ total_cents: number } | { refused: Text }> {
  const read = new Map<string, Promise<IndexTables>>();
  return async (cents, due, paidAt) => {
    const range = servedRange(due, paidAt);
    const key = `${range.from}/${range.to}`;
    if (!read.has(key)) read.set(key, servedTables(client, seriesRead(rules), range).then(local));
    try {
      return {
        total_cents: updateDebt(cents, due, paidAt, rules, (await read.get(key)) as IndexTables).total_cents,
      };
    } catch (e) {
      if (e instanceof ChargesError) return { refused: e.text };
      throw e;
    }
  };
}
