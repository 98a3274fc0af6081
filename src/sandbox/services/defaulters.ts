/**
 * Delinquency (inadimplência): per unit, the invoices that were issued, unpaid and past due on `as_of` (an
 * invoice paid after `as_of` still counts, so a past snapshot reads as it was then), and the monetary indexes
 * the service knows.
 *
 * Filters apply per unit: `min_overdue_days` keeps the units whose oldest open invoice is at least that many
 * days late; `min_amount` (cents) those owing at least that much in total.
 */
import { daysBetween, type IsoDate, todayIn } from '../../domain/dates.js';
import type { Tx } from '../db/tx.js';
import type { Invoice, Unit } from '../model.js';

export interface DefaulterRow {
  unit: Unit;
  invoices: number;
  total_outstanding_cents: number;
  oldest_due_date: IsoDate;
  days_overdue: number;
}

export interface DefaulterFilters {
  as_of: IsoDate;
  min_overdue_days?: number | undefined;
  min_amount_cents?: number | undefined;
}

/** Issued by `asOf`, due before it, and not paid by then (canceled and draft invoices never count). */
export function outstandingOn(inv: Invoice, asOf: IsoDate): boolean {
  if (inv.due_date >= asOf || inv.issued_at === null) return false;
  if (todayIn(new Date(inv.issued_at)) > asOf) return false;
  if (inv.state === 'issued') return true;
  // settled by an agreement (#70): owed until the day it was made
  if (inv.state === 'renegotiated')
    return inv.renegotiated_at != null && todayIn(new Date(inv.renegotiated_at)) > asOf;
  return inv.state === 'paid' && inv.paid_at !== null && inv.paid_at > asOf;
}

export function defaulters(tx: Tx, f: DefaulterFilters): DefaulterRow[] {
  // SQL narrows to the invoices that can be outstanding; outstandingOn decides (the issue day is in São Paulo)
  const candidates = tx.invoices.find(
    tx.invoices
      .where()
      .lt('due_date', f.as_of)
      .ne('issued_at', null)
      .sql(
        "(state = 'issued' OR (state = 'paid' AND paid_at > ?) OR (state = 'renegotiated' AND renegotiated_at > ?))",
        f.as_of,
        f.as_of,
      ),
  );
  const byUnit = new Map<number, Invoice[]>();
  for (const inv of candidates) {
    if (!outstandingOn(inv, f.as_of)) continue;
    const list = byUnit.get(inv.unit_id);
    if (list) list.push(inv);
    else byUnit.set(inv.unit_id, [inv]);
  }
  const rows: DefaulterRow[] = [];
  for (const unit of tx.units.find(tx.units.where().in('id', [...byUnit.keys()]), { orderBy: ['id'] })) {
    const open = byUnit.get(unit.id);
    if (!open) continue;
    const oldest = open.reduce((d, i) => (i.due_date < d ? i.due_date : d), open[0]!.due_date);
    rows.push({
      unit,
      invoices: open.length,
      total_outstanding_cents: open.reduce((t, i) => t + i.total_cents, 0),
      oldest_due_date: oldest,
      days_overdue: daysBetween(oldest, f.as_of),
    });
  }
  return rows
    .filter(
      (r) =>
        (f.min_overdue_days === undefined || r.days_overdue >= f.min_overdue_days) &&
        (f.min_amount_cents === undefined || r.total_outstanding_cents >= f.min_amount_cents),
    )
    .sort(
      (a, b) =>
        b.total_outstanding_cents - a.total_outstanding_cents ||
        b.days_overdue - a.days_overdue ||
        a.unit.id - b.unit.id,
    );
}

export interface MonetaryIndex {
  code: string;
  name: string;
  source: string;
  periodicity: 'monthly';
}

/** The indexes a condominium's debts are corrected by (correção monetária). */
export const MONETARY_INDEXES: readonly MonetaryIndex[] = [
  {
    code: 'IPCA',
    name: 'Índice Nacional de Preços ao Consumidor Amplo',
    source: 'IBGE',
    periodicity: 'monthly',
  },
  { code: 'IGPM', name: 'Índice Geral de Preços do Mercado', source: 'FGV', periodicity: 'monthly' },
  { code: 'INPC', name: 'Índice Nacional de Preços ao Consumidor', source: 'IBGE', periodicity: 'monthly' },
  { code: 'INCC', name: 'Índice Nacional de Custo da Construção', source: 'FGV', periodicity: 'monthly' },
  {
    code: 'TJSP',
    name: 'Tabela Prática para Cálculo de Atualização Monetária do TJSP',
    source: 'Tribunal de Justiça de São Paulo',
    periodicity: 'monthly',
  },
];
