/**
 * Settled ledger entries of the current month on the test condominium's payment account: the condominium fees
 * received, the energy and the water bills. They are already part of the seeded balance, and not yet
 * reconciled, so the month's bank statement (see statement-builder.ts `demoStatementOfx`) has something to match.
 */
import { todayIn } from '../../domain/dates.js';
import type { AccountEntry, Condominium } from '../model.js';

/** The test condominium's one water utility (DAERP, Ribeirão Preto's Departamento de Água e Esgotos), on its bills and its entries alike. */
export const WATER_UTILITY = 'DAERP Ribeirão Preto';

interface SettledEntry {
  day: number;
  type: AccountEntry['type'];
  chart: string;
  supplier?: string;
  amount_cents: number;
  description: string;
  payee: string | null;
  document_number: string | null;
  payment_method: string;
}

const SETTLED: SettledEntry[] = [
  {
    day: 5,
    type: 'revenue',
    chart: '1.1.01',
    amount_cents: 1_860_000,
    description: 'Taxas condominiais recebidas (boletos liquidados)',
    payee: null,
    document_number: null,
    payment_method: 'boleto',
  },
  {
    day: 8,
    type: 'expense',
    chart: '2.2.01',
    supplier: 'Distribuidora Paulista de Energia S.A.',
    amount_cents: 231_847,
    description: 'Energia elétrica das áreas comuns',
    payee: 'Distribuidora Paulista de Energia S.A.',
    document_number: '004518273',
    payment_method: 'boleto',
  },
  {
    day: 10,
    type: 'expense',
    chart: '2.2.02',
    amount_cents: 174_290,
    description: 'Água e esgoto',
    payee: WATER_UTILITY,
    document_number: '771203945',
    payment_method: 'boleto',
  },
];

/** Adds the month's settled entries (days capped at today, so none is in the future). */
export function seedSettledEntries(condo: Condominium, seq: Record<string, number>, now: Date): void {
  const today = todayIn(now);
  const month = today.slice(0, 7);
  const account = condo.bank_accounts.find((b) => b.is_payment_account);
  if (!account) return;
  const todayDay = Number(today.slice(8, 10));
  for (const s of SETTLED) {
    const chart = condo.chart_of_accounts.find((c) => c.code === s.chart);
    if (!chart) continue;
    const id = seq.account_entries ?? 1;
    seq.account_entries = id + 1;
    const paidAt = `${month}-${String(Math.min(s.day, todayDay)).padStart(2, '0')}`;
    condo.entries.push({
      id,
      type: s.type,
      chart_of_accounts_id: chart.id,
      bank_account_id: account.id,
      unit_id: null,
      supplier_id: condo.suppliers.find((x) => x.name === s.supplier)?.id ?? null,
      amount_cents: s.amount_cents,
      description: s.description,
      payee: s.payee,
      document_number: s.document_number,
      payment_method: s.payment_method,
      due_at: paidAt,
      paid_at: paidAt,
      period: month,
      source: 'manual',
      transfer_id: null,
      reconciled: false,
      created_at: now.toISOString(),
    });
  }
}
