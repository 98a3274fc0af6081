/**
 * A collection return told by movement (#71): what each title's movement (T 16-17) means, what a liquidation paid
 * and credited (segment U, layouts/febraban.ts), and the file's summary by movement kind. The movement codes are
 * FEBRABAN's table G059 ("Código de Movimento Retorno", Layout Padrão 240 posições V08.6); the banks whose
 * collection manuals layouts/cobranca.ts cites (Banco do Brasil, Santander, Caixa, Itaú, Bradesco, Sicredi,
 * Sicoob) number these movements as G059 does.
 */
import type { ReturnOccurrence } from './codes.js';

export const MOVEMENT_KINDS = [
  'registered',
  'refused',
  'paid',
  'paid_after_write_off',
  'written_off',
  'due_date_changed',
  'tariff',
  'other',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** G059's codes by what they mean for the title (the others are instructions confirmed: `other`). */
const KIND_OF: Readonly<Record<string, MovementKind>> = {
  '02': 'registered',
  '03': 'refused',
  '26': 'refused',
  '30': 'refused',
  '06': 'paid',
  '15': 'paid',
  '45': 'paid',
  '17': 'paid_after_write_off',
  '09': 'written_off',
  '25': 'written_off',
  '14': 'due_date_changed',
  '28': 'tariff',
};

export const movementKind = (code: string): MovementKind => KIND_OF[code] ?? 'other';

/** A liquidation's title paid: money came in. */
export const isLiquidation = (kind: MovementKind | null | undefined) =>
  kind === 'paid' || kind === 'paid_after_write_off';

/** What segment U (and T's tariff) say of a title's money, in cents; a field the bank leaves zero is 0. */
export interface CollectionSettlement {
  charges_cents: number;
  discount_cents: number;
  rebate_cents: number;
  iof_cents: number;
  net_credit_cents: number;
  other_expenses_cents: number;
  other_credits_cents: number;
  tariff_cents: number;
}

export const emptySettlement = (): CollectionSettlement => ({
  charges_cents: 0,
  discount_cents: 0,
  rebate_cents: 0,
  iof_cents: 0,
  net_credit_cents: 0,
  other_expenses_cents: 0,
  other_credits_cents: 0,
  tariff_cents: 0,
});

/** The refusal's reasons of a refused title, in the words the occurrences carry. */
export const refusalReasons = (occurrences: readonly ReturnOccurrence[]) =>
  occurrences.slice(1).map((o) => o.code);

/** A title as the summary counts it. */
export interface CountedTitle {
  movement_kind?: MovementKind | null | undefined;
  face_value_cents: number | null;
  paid_amount_cents: number | null;
  credit_date?: string | null | undefined;
  settlement?: CollectionSettlement | undefined;
}

export interface CollectionSummary {
  /** per movement kind: how many titles and their face value */
  movements: { kind: MovementKind; count: number; face_value_cents: number }[];
  /** the liquidations: what was paid, the charges, discounts, abatimentos and tariffs, the net, each credit day */
  liquidations: {
    count: number;
    paid_cents: number;
    charges_cents: number;
    discount_cents: number;
    rebate_cents: number;
    tariff_cents: number;
    net_credit_cents: number;
    credit_dates: { date: string; net_credit_cents: number }[];
  };
  /** tariffs of titles that were not liquidations (a registration's, a write-off's) */
  other_tariffs_cents: number;
}

/** The summary of a collection return, added to as its titles are read. */
export class CollectionTally {
  private readonly kinds = new Map<MovementKind, { count: number; face_value_cents: number }>();
  private readonly byCredit = new Map<string, number>();
  private readonly paid = { count: 0, paid: 0, charges: 0, discount: 0, rebate: 0, tariff: 0, net: 0 };
  private otherTariffs = 0;

  add(t: CountedTitle): void {
    const kind = t.movement_kind ?? 'other';
    const k = this.kinds.get(kind) ?? { count: 0, face_value_cents: 0 };
    k.count++;
    k.face_value_cents += t.face_value_cents ?? 0;
    this.kinds.set(kind, k);
    const s = t.settlement ?? emptySettlement();
    if (!isLiquidation(kind)) {
      this.otherTariffs += s.tariff_cents;
      return;
    }
    const p = this.paid;
    p.count++;
    p.paid += t.paid_amount_cents ?? 0;
    p.charges += s.charges_cents;
    p.discount += s.discount_cents;
    p.rebate += s.rebate_cents;
    p.tariff += s.tariff_cents;
    p.net += s.net_credit_cents;
    if (t.credit_date)
      this.byCredit.set(t.credit_date, (this.byCredit.get(t.credit_date) ?? 0) + s.net_credit_cents);
  }

  /** Another tally's titles (a file's second half, tallied apart) added to these: its `result()`. */
  absorb(other: CollectionSummary): void {
    for (const m of other.movements) {
      const k = this.kinds.get(m.kind) ?? { count: 0, face_value_cents: 0 };
      k.count += m.count;
      k.face_value_cents += m.face_value_cents;
      this.kinds.set(m.kind, k);
    }
    const p = this.paid;
    const l = other.liquidations;
    p.count += l.count;
    p.paid += l.paid_cents;
    p.charges += l.charges_cents;
    p.discount += l.discount_cents;
    p.rebate += l.rebate_cents;
    p.tariff += l.tariff_cents;
    p.net += l.net_credit_cents;
    for (const { date, net_credit_cents } of l.credit_dates)
      this.byCredit.set(date, (this.byCredit.get(date) ?? 0) + net_credit_cents);
    this.otherTariffs += other.other_tariffs_cents;
  }

  result(): CollectionSummary {
    const p = this.paid;
    return {
      movements: MOVEMENT_KINDS.flatMap((kind) => {
        const k = this.kinds.get(kind);
        return k ? [{ kind, ...k }] : [];
      }),
      liquidations: {
        count: p.count,
        paid_cents: p.paid,
        charges_cents: p.charges,
        discount_cents: p.discount,
        rebate_cents: p.rebate,
        tariff_cents: p.tariff,
        net_credit_cents: p.net,
        credit_dates: [...this.byCredit]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, net_credit_cents]) => ({ date, net_credit_cents })),
      },
      other_tariffs_cents: this.otherTariffs,
    };
  }
}
