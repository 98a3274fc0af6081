/**
 * Agreements (#70, acordos): a unit's updated debt (app/debt-update.ts) split into installments that add up three
 * ways (domain/agreement.ts), each a valid invoice; applied once (a marker first in each installment's notes, an
 * Idempotency-Key of the agreement and the installment), the quotas it settled named in the notes and given the
 * sandbox's `renegotiated` state; then read back and watched (list, check).
 */
import { createHash } from 'node:crypto';
import type { Client, Unit } from '../client/index.js';
import type { Invoice } from '../client/resources/invoices.js';
import {
  controlledSplit,
  entryPays,
  minusParts,
  type Parts,
  partsTotal,
  type QuotaParts,
  zeroParts,
} from '../domain/agreement.js';
import { type Decimal, decimalText } from '../domain/apportion.js';
import { nextBusinessDay, nonBusinessDayText } from '../domain/business-days.js';
import { daysBetween, formatDateBr } from '../domain/dates.js';
import { NotFoundError, UsageError } from '../domain/errors.js';
import { installmentDueDate } from '../domain/installments.js';
import { centsOf, centsToDecimal, formatReais } from '../domain/money.js';
import type { InvoiceCreate } from '../domain/request-bodies.js';
import type { Text } from '../domain/text.js';
import { agreementMarker, installmentOf, settledBy } from './agreement-marker.js';
import { type DebtUpdate, type DebtUpdateAsked, debtsOf, type UnitDebt } from './debt-update.js';
import { unitFinder } from './lookups.js';
import { unitName } from './names.js';

/** A fee on the debt (`--fee honorarios=10%`): its name, and a percentage of the updated debt or an amount. */
export type Fee = { name: string; percent: Decimal } | { name: string; cents: number };

export interface AgreementAsked extends Omit<DebtUpdateAsked, 'unit'> {
  readonly unit: string;
  readonly installments: number;
  readonly firstDue: string;
  readonly entryCents?: number | undefined;
  readonly fee?: Fee | undefined;
  readonly today: string;
}

export interface Installment {
  /** 0 for the entry, then 1..N */
  readonly number: number;
  readonly due_date: string;
  readonly parts: Parts;
  readonly total_cents: number;
}

export interface Proposal {
  readonly id: string;
  readonly unit_id: number;
  readonly unit_label: string;
  readonly as_of: string;
  readonly debt: UnitDebt;
  readonly fee: { readonly name: string; readonly cents: number; readonly basis: string } | null;
  /** the debt's columns with the fee: what the installments add up to, column by column */
  readonly columns: Parts;
  readonly total_cents: number;
  readonly installments: readonly Installment[];
  readonly bank_account_id: number;
  readonly rules: UnitDebtRules;
  readonly warnings: readonly Text[];
}

type UnitDebtRules = DebtUpdate['rules'];

/** Nothing late to agree on: the unit owes nothing, or an agreement settled it already (a re-run). */
export class NothingToAgree extends Error {
  constructor(
    readonly unit: string,
    readonly agreements: readonly string[],
  ) {
    super(`${unit} owes nothing`);
  }
}

export async function proposeAgreement(client: Client, asked: AgreementAsked): Promise<Proposal> {
  const { update, unitId } = await debtsOf(client, asked);
  const debt = update.units[0];
  if (!debt) {
    // a re-run of an agreement applied: its quotas are renegotiated, and it says which
    const settled = await client.invoices.list({ unit_id: unitId, state: 'renegotiated' }, { all: true });
    throw new NothingToAgree(asked.unit, [
      ...new Set(settled.map((i) => String(i.agreement ?? '')).filter(Boolean)),
    ]);
  }
  const base: Parts = {
    principal: debt.principal_cents,
    correction: debt.correction_cents,
    fine: debt.fine_cents,
    interest: debt.interest_cents,
    fees: 0,
  };
  const fee = feeOf(asked.fee, debt.total_cents);
  const columns = { ...base, fees: fee?.cents ?? 0 };
  const entry = asked.entryCents ?? 0;
  if (entry >= partsTotal(columns))
    throw new UsageError({
      en: `--entry: ${formatReais(entry)} pays the whole debt (${formatReais(partsTotal(columns))}): no installments left`,
      pt: `--entry: ${formatReais(entry)} paga a dívida toda (${formatReais(partsTotal(columns))}): não sobram parcelas`,
    });
  const quotas: QuotaParts[] = debt.quotas.map((q) => ({
    id: q.invoice,
    due_date: q.due_date,
    parts: {
      principal: q.principal_cents,
      correction: q.correction_cents,
      fine: q.fine_cents,
      interest: q.interest_cents,
    },
  }));
  const paid = entry > 0 ? entryPays(quotas, entry).paid : zeroParts();
  const rows = controlledSplit(minusParts(columns, paid), asked.installments);
  // with an entry, it is due on the first day and the installments a month apart after it
  const shift = entry > 0 ? 1 : 0;
  const installments: Installment[] = [
    ...(entry > 0 ? [{ number: 0, due_date: asked.firstDue, parts: paid, total_cents: entry }] : []),
    ...rows.map((parts, i) => ({
      number: i + 1,
      due_date: installmentDueDate(asked.firstDue, i + shift),
      parts,
      total_cents: partsTotal(parts),
    })),
  ];
  const id = `AC-${createHash('sha256')
    .update(JSON.stringify([debt.unit_id, debt.quotas.map((q) => q.invoice), asked.asOf, installments]))
    .digest('hex')
    .slice(0, 8)}`;
  return {
    id,
    unit_id: debt.unit_id,
    unit_label: debt.unit_label,
    as_of: asked.asOf,
    debt,
    fee,
    columns,
    total_cents: partsTotal(columns),
    installments,
    bank_account_id: debt.quotas.at(-1)?.bank_account_id as number,
    rules: update.rules,
    warnings: dueWarnings(asked.firstDue, asked.today),
  };
}

function feeOf(fee: Fee | undefined, debtCents: number): Proposal['fee'] {
  if (!fee) return null;
  if ('cents' in fee) return { name: fee.name, cents: fee.cents, basis: formatReais(fee.cents) };
  const { units, scale } = fee.percent;
  const den = 100n * 10n ** BigInt(scale);
  const cents = Number((BigInt(debtCents) * units * 2n + den) / (2n * den));
  return { name: fee.name, cents, basis: `${decimalText(fee.percent)}% de ${formatReais(debtCents)}` };
}

/** A first due date in the past, or not a business day, is said (the agreement is still proposed). */
function dueWarnings(firstDue: string, today: string): Text[] {
  const out: Text[] = [];
  if (firstDue < today)
    out.push({
      en: `--first-due ${formatDateBr(firstDue)} is in the past (today is ${formatDateBr(today)})`,
      pt: `--first-due ${formatDateBr(firstDue)} já passou (hoje é ${formatDateBr(today)})`,
    });
  const why = nonBusinessDayText(firstDue);
  const next = formatDateBr(nextBusinessDay(firstDue));
  if (why)
    out.push({
      en: `--first-due ${formatDateBr(firstDue)} is not a business day (${why.en}): a boleto due then is paid on ${next} without charges`,
      pt: `--first-due ${formatDateBr(firstDue)} não é dia útil (${why.pt}): um boleto com esse vencimento é pago em ${next} sem encargos`,
    });
  return out;
}

/** An installment's number in its marker (n of count): counted from 1, the entry first where there is one. */
const installmentNumber = (p: Proposal, inst: Installment) =>
  p.installments[0]?.number === 0 ? inst.number + 1 : inst.number;

/** An installment as the invoice that bills it: fees in the subtotal, a negative correction as a discount. */
export function installmentInvoice(p: Proposal, inst: Installment): InvoiceCreate {
  const count = p.installments.length;
  const n = installmentNumber(p, inst);
  const { principal, correction, fine, interest, fees } = inst.parts;
  const lines = [
    agreementMarker(p.id, n, count),
    `${inst.number === 0 ? 'Entrada' : `Parcela ${inst.number}`} do acordo ${p.id} da unidade ${p.unit_label}, débito atualizado até ${formatDateBr(p.as_of)}`,
    `cotas: ${p.debt.quotas.map((q) => q.invoice).join(', ')}`,
    ...(fees > 0 && p.fee ? [`${p.fee.name}: ${formatReais(fees)} no subtotal`] : []),
  ];
  return {
    unit_id: p.unit_id,
    bank_account_id: p.bank_account_id,
    due_date: inst.due_date,
    subtotal: centsToDecimal(principal + fees),
    fine_amount: centsToDecimal(fine),
    interest_amount: centsToDecimal(interest),
    monetary_correction_amount: centsToDecimal(Math.max(0, correction)),
    discount_amount: centsToDecimal(Math.max(0, -correction)),
    total: centsToDecimal(inst.total_cents),
    notes: lines.join('\n').slice(0, 2000),
  };
}

export interface AppliedAgreement {
  readonly id: string;
  /** the installments' invoices, by number */
  readonly invoices: readonly {
    readonly number: number;
    readonly invoice: string;
    readonly created: boolean;
  }[];
  readonly renegotiated: readonly string[];
  /** what the server could not record (no renegotiated state there): the quotas stay as they were */
  readonly not_recorded: readonly string[];
}

/**
 * Creates and issues the installments once: those of this agreement already on the server are not created again,
 * a draft left by a run that stopped is issued; then each settled quota is renegotiated.
 */
export async function applyAgreement(client: Client, p: Proposal): Promise<AppliedAgreement> {
  const existing = new Map<number, Invoice>();
  const quotas = new Set(p.debt.quotas.map((q) => q.invoice));
  for (const inv of await client.invoices.list({ unit_id: p.unit_id }, { all: true })) {
    const of = installmentOf(inv.notes);
    if (!of || inv.state === 'canceled') continue;
    if (of.id === p.id) existing.set(of.number, inv);
    // another agreement over these quotas (a run of another day stopped midway): never a second one
    else if (settledBy(inv.notes).some((q) => quotas.has(q))) {
      const day = /até (\d{2}\/\d{2}\/\d{4})/.exec(String(inv.notes))?.[1] ?? '?';
      throw new UsageError({
        en: `these quotas are already in agreement ${of.id} (updated to ${day}): run it again with --as-of ${day} to complete it, or see condo agreement show ${of.id}`,
        pt: `estas cotas já estão no acordo ${of.id} (atualizado até ${day}): rode de novo com --as-of ${day} para completá-lo, ou veja condo agreement show ${of.id}`,
      });
    }
  }
  const invoices: { number: number; invoice: string; created: boolean }[] = [];
  for (const inst of p.installments) {
    const n = installmentNumber(p, inst);
    let inv = existing.get(n);
    const created = !inv;
    inv ??= await client.invoices.create(installmentInvoice(p, inst), { idempotencyKey: `${p.id}-${n}` });
    if (inv.state === 'draft')
      inv = await client.invoices.issue(inv.public_id, { idempotencyKey: `${p.id}-${n}-issue` });
    invoices.push({ number: n, invoice: inv.public_id, created });
  }
  const renegotiated: string[] = [];
  const notRecorded: string[] = [];
  for (const q of p.debt.quotas) {
    const done = await client.invoices
      .renegotiate(q.invoice, { agreement: p.id }, { idempotencyKey: `${p.id}-${q.invoice}` })
      .then(
        () => true,
        (e: unknown) => {
          if (e instanceof NotFoundError || (e as { status?: number }).status === 405) return false;
          throw e;
        },
      );
    (done ? renegotiated : notRecorded).push(q.invoice);
  }
  return { id: p.id, invoices, renegotiated, not_recorded: notRecorded };
}

export interface AgreementState {
  readonly id: string;
  readonly unit_id: number;
  readonly unit_label: string;
  readonly installments: readonly {
    readonly number: number;
    readonly count: number;
    readonly invoice: string;
    readonly due_date: string;
    readonly total_cents: number;
    readonly state: string;
    readonly paid_at: string | null;
    /** days past due, unpaid; 0 when paid or not due */
    readonly days_late: number;
  }[];
  readonly settled: readonly string[];
  readonly paid_cents: number;
  readonly open_cents: number;
}

/** Every agreement the server's invoices carry (their markers), read back, as of `today`; one unit's (label or id). */
export async function agreementsOf(client: Client, today: string, unit?: string): Promise<AgreementState[]> {
  // the units are read once: for the one asked, then for every agreement's label
  let units: readonly Unit[] | undefined;
  let unitId: number | undefined;
  if (unit !== undefined) {
    units = await client.units.list();
    unitId = unitFinder(units)(unit, (t) => new UsageError({ en: `--unit: ${t.en}`, pt: `--unit: ${t.pt}` }));
  }
  const byId = new Map<
    string,
    { unit_id: number; rows: AgreementState['installments'][number][]; settled: string[] }
  >();
  for (const inv of await client.invoices.list(unitId ? { unit_id: unitId } : {}, { all: true })) {
    const of = installmentOf(inv.notes);
    if (!of || inv.state === 'canceled') continue;
    const a = byId.get(of.id) ?? { unit_id: Number(inv.unit_id), rows: [], settled: settledBy(inv.notes) };
    const due = String(inv.due_date);
    a.rows.push({
      number: of.number,
      count: of.count,
      invoice: String(inv.public_id),
      due_date: due,
      total_cents: centsOf(inv.total),
      state: String(inv.state),
      paid_at: typeof inv.paid_at === 'string' ? inv.paid_at : null,
      days_late: inv.state === 'issued' && due < today ? daysBetween(due, today) : 0,
    });
    byId.set(of.id, a);
  }
  if (byId.size > 0) units ??= await client.units.list();
  const labels = new Map((units ?? []).map((u) => [u.id, unitName(u)]));
  return [...byId].map(([id, a]) => {
    const rows = a.rows.sort((x, y) => x.number - y.number);
    const paid = rows.filter((r) => r.state === 'paid').reduce((t, r) => t + r.total_cents, 0);
    return {
      id,
      unit_id: a.unit_id,
      unit_label: labels.get(a.unit_id) ?? String(a.unit_id),
      installments: rows,
      settled: a.settled,
      paid_cents: paid,
      open_cents: rows.reduce((t, r) => t + r.total_cents, 0) - paid,
    };
  });
}
