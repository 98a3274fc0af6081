/**
 * The test condominium's receivables: the monthly condominium fee (taxa condominial) of every unit for the six
 * closed months before the current one, issued on the 1st with a real boleto and PIX BR Code (built by the
 * same service function as POST /invoices/{id}/issue) and due on the 10th. Most are paid, around the due date;
 * five units still owe one to four of the latest months, so GET /defaulters has something to show, and one owes
 * two quotas of 2024 besides (SEEDED_OLD_DEBTS). The current month has none: the demo creates and issues them.
 *
 * Fees by unit size: 2 bedrooms (x02) R$ 850,00, 3 bedrooms (x01) R$ 1.080,00, penthouses (6th floor)
 * R$ 1.240,00. Ids, txids and dates are derived from a fixed seed and the current month, so a fresh sandbox
 * is the same every time within a month. Paid seed invoices record no ledger entry (the seeded balances
 * already hold them).
 */
import { ulid } from 'ulid';
import { addDays, addMonthsClamped, monthOf, todayIn } from '../../domain/dates.js';
import { centsToDecimal } from '../../domain/money.js';
import { seededRandom } from '../../domain/random.js';
import { generateTxid } from '../../formats/pix/index.js';
import type { Condominium, Unit } from '../model.js';
import { invoiceRecord, paymentOptions, settleInvoice } from '../services/invoices.js';

export const SEEDED_FEE_MONTHS = 6;
export const FEE_DUE_DAY = 10;

/** Units that owe, by label, and how many of the latest months they have not paid. */
export const SEEDED_DEBTS: Readonly<Record<string, number>> = {
  'Bloco A - 302': 4,
  'Bloco B - 601': 3,
  'Bloco A - 502': 2,
  'Bloco B - 102': 1,
  'Bloco B - 401': 1,
};

/**
 * The units' ideal fractions (#67): each unit's fee over the building's, to nine decimals, the last taking what
 * is left so they add up to 1, so a budget of the fees' total split by fração gives each unit its fee to the cent
 * (the seeded months agree with a plan: `condo sandbox budget`).
 */
export function quotaFractions(units: readonly Unit[]): number[] {
  const fees = units.map(monthlyFeeCents);
  const total = fees.reduce((a, b) => a + b, 0);
  const scale = 1_000_000_000;
  const parts = fees.map((f) => Math.round((f * scale) / total));
  parts[parts.length - 1] = scale - parts.slice(0, -1).reduce((a, b) => a + b, 0);
  return parts.map((p) => p / scale);
}

/** The monthly fee of a unit, in cents, by its size. */
export function monthlyFeeCents(unit: Unit): number {
  if (unit.number.startsWith('6')) return 124_000;
  return unit.number.endsWith('01') ? 108_000 : 85_000;
}

/**
 * Quotas long overdue (#69), on both sides of 30/08/2024, when Lei 14.905/2024 changed a silent convention's
 * interest and correction: `debt update` has a period to split. Fixed months, whatever the current one.
 */
export const SEEDED_OLD_DEBTS: Readonly<Record<string, readonly string[]>> = {
  'Bloco A - 302': ['2024-07', '2024-11'],
};

/** `seed`: the random ids' seed, one per condominium (the same seed would give two the same invoice ids). */
export function seedInvoices(condo: Condominium, now: Date, seed = 0x5eed): void {
  const account = condo.bank_accounts.find((b) => b.is_payment_account) ?? condo.bank_accounts[0];
  if (!account) return;
  const random = seededRandom(seed);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  /** The unit's fee of `month`, issued on the 1st and due on the 10th, its boleto and PIX built as the API builds them. */
  const issueFee = (unit: Unit, month: string) => {
    const first = `${month}-01`;
    const dueDate = addMonthsClamped(first, 0, FEE_DUE_DAY);
    const issuedAt = new Date(`${first}T12:00:00.000Z`);
    const fee = monthlyFeeCents(unit);
    const invoice = invoiceRecord(
      {
        unit_id: unit.id,
        bank_account_id: account.id,
        due_date: dueDate,
        subtotal: centsToDecimal(fee),
        total: centsToDecimal(fee),
        notes: `Taxa condominial ${month.slice(5)}/${month.slice(0, 4)}`,
      },
      {
        public_id: ulid(issuedAt.getTime(), random),
        billing_type: 'BOLETO_PIX',
        period: month,
        created_at: issuedAt.toISOString(),
      },
    );
    condo.invoices.push(invoice);
    condo.nosso_numero_sequence += 1;
    invoice.payment = paymentOptions(
      condo,
      account,
      condo.nosso_numero_sequence,
      invoice,
      generateTxid(25, bytes),
    );
    invoice.state = 'issued';
    invoice.issued_at = issuedAt.toISOString();
    return invoice;
  };
  const currentMonth = `${monthOf(todayIn(now))}-01`;
  for (let back = SEEDED_FEE_MONTHS; back >= 1; back--) {
    const month = monthOf(addMonthsClamped(currentMonth, -back));
    for (const unit of condo.units) {
      const invoice = issueFee(unit, month);
      const owes = SEEDED_DEBTS[unit.label] ?? 0;
      if (back > owes) {
        // most pay a few days early; every seventh unit pays a few days late
        const offset = unit.id % 7 === 0 ? 3 : -(unit.id % 5);
        settleInvoice(invoice, addDays(invoice.due_date, offset));
      }
    }
  }
  // after the months' own, so that their ids stay what they were
  for (const unit of condo.units)
    for (const month of SEEDED_OLD_DEBTS[unit.label] ?? []) issueFee(unit, month);
}
