/**
 * This month's bills in the test condominium (and the ledger of the months before), so a fresh sandbox looks lived in and the README's monthly run
 * shows something at every step: pending payables of every forma (PIX, TED, DOC, a boleto and a cash one),
 * due over the coming weeks, and one payable the bank already refused: it went in a batch today, the bank's
 * return rejected it (AN, the payee's account), and it waits, pending, for its supplier's account to be fixed.
 *
 * Written through the same service functions the API runs (create, mark, generate the batch, apply the return),
 * so the seeded records are exactly what those requests would have left. Dates follow the clock, amounts and
 * texts are fixed.
 */
import { createHash } from 'node:crypto';
import { buildArrecadacao, buildBoleto } from '../../domain/boleto/index.js';
import { nextBusinessDay } from '../../domain/business-days.js';
import { addDays, addMonthsClamped, monthOf, todayIn } from '../../domain/dates.js';
import { toSeuNumero } from '../../formats/cnab240/seu-numero.js';
import type { Tx } from '../db/tx.js';
import { createBatch, findBatch } from '../services/batches.js';
import { createPayable, markForRemittance } from '../services/payables.js';
import { applyReturn } from '../services/returns.js';
import { WATER_UTILITY } from './entries.js';

interface Bill {
  supplier: RegExp | null;
  payee?: string;
  chart: string;
  amount: number;
  forma: 'pix' | 'ted' | 'doc' | 'boleto' | 'cash';
  dueInDays: number;
  description: string;
  document?: string;
  /** A utility bill: paid by its arrecadação barcode (segment O), no supplier or CPF/CNPJ needed. */
  utility?: { segment: string; companyId: string };
}

const BILLS: Bill[] = [
  {
    supplier: /Vigilare/,
    chart: '2.4.02',
    amount: 1_245_000,
    forma: 'pix',
    dueInDays: 4,
    description: 'Portaria e vigilância do mês',
  },
  {
    supplier: /Brilho/,
    chart: '2.3.02',
    amount: 680_000,
    forma: 'ted',
    dueInDays: 6,
    description: 'Limpeza e conservação do mês',
    document: 'NF 10231',
  },
  {
    supplier: /Dedetizadora/,
    chart: '2.3.04',
    amount: 48_000,
    // a TED: DOC ended on 29/02/2024 (#50 point 9)
    forma: 'ted',
    dueInDays: 9,
    description: 'Dedetização trimestral',
    document: 'NF 774',
  },
  {
    supplier: /Elevadores Horizonte/,
    chart: '2.3.01',
    amount: 212_000,
    forma: 'boleto',
    dueInDays: 12,
    description: 'Manutenção preventiva dos elevadores',
  },
  {
    supplier: /Maria Helena/,
    // the accounting firm's fee: its own account, not the administradora's (#51)
    chart: '2.4.07',
    amount: 95_000,
    forma: 'pix',
    dueInDays: 20,
    description: 'Honorários contábeis',
    document: 'RPA 11/2026',
  },
  {
    // the water bill, paid by its barcode like every utility bill; a made-up collector code (0097). The
    // building's one water utility: Ribeirão Preto's DAERP, the payee of every month's water (entries.ts)
    supplier: null,
    payee: WATER_UTILITY,
    chart: '2.2.02',
    amount: 187_340,
    forma: 'boleto',
    dueInDays: 10,
    description: 'Água e esgoto do mês',
    utility: { segment: '2', companyId: '0097' },
  },
  {
    supplier: null,
    payee: 'Chaveiro Central',
    chart: '2.3.05',
    amount: 18_000,
    forma: 'cash',
    dueInDays: 2,
    description: 'Cópia de chaves do portão',
  },
];

/** The gardener's payable the bank refused: the one with a rejection in its history. */
const REJECTED: Bill = {
  supplier: /Jardins/,
  chart: '2.3.03',
  amount: 135_000,
  forma: 'ted',
  dueInDays: 3,
  description: 'Jardinagem do mês',
  document: 'NF 5521',
};

/** Each step its own transaction, as the requests it stands for (a step reads what the one before wrote). */
export type SeedWrite = (fn: (tx: Tx) => void) => void;

/** The months before this one, settled: a year of ledger with this one (#36: the 12-month chart of the month's document). */
const HISTORY_MONTHS = 11;
const HISTORY: {
  chart: string;
  type: 'revenue' | 'expense';
  base: number;
  step: number;
  description: string;
  /** the supplier paid every month for it (its payments are the condominium's history with it) */
  supplier?: RegExp;
  /** who was paid, where no supplier is registered (a utility) */
  payee?: string;
}[] = [
  {
    chart: '1.1.01',
    type: 'revenue',
    base: 4_480_000,
    step: 37_000,
    description: 'Taxas condominiais recebidas',
  },
  {
    chart: '1.2.01',
    type: 'revenue',
    base: 61_000,
    step: 9_500,
    description: 'Multas e juros de taxas em atraso',
  },
  {
    chart: '2.2.01',
    type: 'expense',
    base: 221_000,
    step: 8_300,
    description: 'Energia elétrica das áreas comuns',
  },
  {
    chart: '2.2.02',
    type: 'expense',
    base: 168_000,
    step: 4_100,
    description: 'Água e esgoto',
    payee: WATER_UTILITY,
  },
  {
    chart: '2.3.02',
    type: 'expense',
    base: 680_000,
    step: 0,
    description: 'Limpeza e conservação',
    supplier: /Brilho/,
  },
  {
    chart: '2.4.02',
    type: 'expense',
    base: 1_245_000,
    step: 0,
    description: 'Portaria e vigilância',
    supplier: /Vigilare/,
  },
  {
    chart: '2.3.01',
    type: 'expense',
    base: 185_000,
    step: 12_000,
    description: 'Manutenção dos elevadores',
    supplier: /Elevadores Horizonte/,
  },
  {
    chart: '2.4.07',
    type: 'expense',
    base: 95_000,
    step: 0,
    description: 'Honorários contábeis',
    supplier: /Maria Helena/,
  },
  {
    chart: '2.3.03',
    type: 'expense',
    base: 135_000,
    step: 0,
    description: 'Jardinagem',
    supplier: /Jardins/,
  },
  {
    chart: '2.1.01',
    type: 'expense',
    base: 1_120_000,
    step: 6_000,
    description: 'Folha de pagamento do zelador',
  },
];

/** Water costs more in the summer (December to March): a year's chart shows the season. */
function summerWater(chart: string, calendarMonth: number): number {
  return chart === '2.2.02' && (calendarMonth === 12 || calendarMonth <= 3) ? 1.3 : 1;
}

/**
 * What a year brings besides the recurring bills (#36: the document's 12-month chart): the 13th salary in
 * December, an elevator repair and an extraordinary call for the works fund some months back.
 */
function seasonOf(calendarMonth: number, back: number): (typeof HISTORY)[number][] {
  const extra: (typeof HISTORY)[number][] = [];
  if (calendarMonth === 12)
    extra.push({
      chart: '2.1.04',
      type: 'expense',
      base: 1_120_000,
      step: 0,
      description: 'Férias e 13º salário',
    });
  if (back === 4)
    extra.push({
      chart: '2.3.01',
      type: 'expense',
      base: 980_000,
      step: 0,
      description: 'Reparo do elevador (troca de cabos)',
    });
  if (back === 3 || back === 2)
    extra.push({
      chart: '1.1.03',
      type: 'revenue',
      base: 720_000,
      step: 0,
      description: 'Chamada extra para o fundo de obras',
    });
  return extra;
}

/**
 * Settled entries for the months before this one on the payment account (the seeded balance already holds them,
 * so the balance is not moved): revenue and the recurring bills, varying a little month to month.
 */
function seedHistory(tx: Tx, now: Date, scale: (cents: number) => number): void {
  const today = todayIn(now);
  const account = tx.bankAccounts.find().find((b) => b.is_payment_account);
  if (!account) return;
  const chart = tx.chartAccounts.find();
  for (let back = HISTORY_MONTHS; back >= 1; back--) {
    const day = addMonthsClamped(`${today.slice(0, 7)}-01`, -back, 12);
    const calendarMonth = Number(day.slice(5, 7));
    // the recurring bills first (their amounts as before), then what the season adds
    for (const [i, h] of [...HISTORY, ...seasonOf(calendarMonth, back)].entries()) {
      const account_id = chart.find((c) => c.code === h.chart)?.id;
      if (account_id === undefined) continue;
      const supplier = h.supplier ? tx.suppliers.find().find((x) => h.supplier?.test(x.name)) : undefined;
      // a supplier's line only where the condominium has that supplier (a firm's buildings lack the gardener)
      if (h.supplier && !supplier) continue;
      const entryId = tx.nextId('account_entries');
      const cents = scale(
        Math.round((h.base + h.step * ((back * 7 + i * 3) % 5)) * summerWater(h.chart, calendarMonth)),
      );
      const payee = supplier?.name ?? h.payee ?? null;
      tx.entries.insert({
        id: entryId,
        type: h.type,
        chart_of_accounts_id: account_id,
        bank_account_id: account.id,
        unit_id: null,
        supplier_id: supplier?.id ?? null,
        amount_cents: cents,
        description: h.description,
        payee,
        document_number: null,
        payment_method: h.type === 'revenue' ? 'boleto' : 'pix',
        due_at: day,
        paid_at: day,
        period: monthOf(day),
        source: 'manual',
        transfer_id: null,
        reconciled: true,
        payable_id: null,
        created_at: now.toISOString(),
      });
      // a supplier's payment, registered as the settled expense it was: its history with the condominium (the
      // approval step asks whether a payee was ever paid, and one paid every month is not a new payee)
      if (supplier)
        tx.expenses.insert({
          id: tx.nextId('expenses'),
          supplier_id: supplier.id,
          chart_of_accounts_id: account_id,
          bank_account_id: account.id,
          amount_cents: cents,
          fine_amount_cents: null,
          interest_amount_cents: null,
          discount_amount_cents: null,
          description: h.description,
          payee,
          document_number: null,
          payment_method: 'pix',
          notes: null,
          due_at: day,
          paid_at: day,
          installment: null,
          entry_id: entryId,
          created_at: now.toISOString(),
        });
    }
  }
}

/**
 * `variant` 0 is the test condominium's bills; a firm's nth condominium passes n, and its amounts differ from
 * its neighbours' by a few percent, as buildings of different sizes would.
 */
export function seedBills(write: SeedWrite, now: Date, variant = 0): void {
  const today = todayIn(now);
  const scale = (cents: number) =>
    variant === 0 ? cents : Math.round((cents * (80 + ((variant * 37) % 41))) / 100 / 100) * 100;
  write((tx) => seedHistory(tx, now, scale));
  const create = (tx: Tx, bill: Bill) => {
    const supplier = bill.supplier ? tx.suppliers.find().find((s) => bill.supplier?.test(s.name)) : undefined;
    const account = tx.chartAccounts.find().find((c) => c.code === bill.chart);
    if (!account || (bill.supplier && !supplier)) return undefined;
    const dueDate = addDays(today, bill.dueInDays);
    const document = bill.utility
      ? buildArrecadacao({
          ...bill.utility,
          amountCents: scale(bill.amount),
          // the collector's own field: the customer's code and the month, as a water company prints them
          freeField: `${String(variant).padStart(9, '0')}${dueDate.replaceAll('-', '')}00000000`,
        }).linhaDigitavel
      : bill.forma === 'boleto'
        ? buildBoleto({
            bankCode: '341',
            dueDate,
            amountCents: scale(bill.amount),
            freeField: '1090000123400012345678000',
          }).linhaDigitavel
        : bill.document;
    return createPayable(
      tx,
      {
        ...(supplier ? { supplier_id: supplier.id } : { payee_name: bill.payee ?? '' }),
        chart_of_accounts_id: account.id,
        amount: scale(bill.amount),
        forma_pagamento: bill.forma,
        due_date: dueDate,
        description: bill.description,
        ...(document ? { document_number: document } : {}),
      },
      now,
    ).payable;
  };
  let rejectedId: string | undefined;
  write((tx) => {
    const rejected = create(tx, REJECTED);
    if (rejected) markForRemittance(tx, rejected, now);
    rejectedId = rejected?.public_id;
  });
  if (rejectedId) {
    const id = rejectedId;
    let batchId = '';
    write((tx) => {
      batchId = createBatch(tx, { data_pagamento: nextBusinessDay(addDays(today, 1)) }, now).public_id;
    });
    write((tx) => {
      const batch = findBatch(tx, batchId);
      const p = tx.payables.get(id);
      applyReturn(
        tx,
        batch,
        [
          {
            line: 3,
            seu_numero: toSeuNumero(id),
            codes: ['AN'],
            amount_cents: p?.amount ?? null,
            paid_amount_cents: null,
            date: batch.data_pagamento,
            paid_date: null,
          },
        ],
        {
          bank_code: '341',
          sha256: createHash('sha256').update(`seeded return ${batchId}`).digest('hex'),
          file_name: batch.file_name.replace(/\.rem$/, '.ret'),
          warnings: [],
        },
        now,
      );
    });
  }
  write((tx) => {
    for (const bill of BILLS) create(tx, bill);
  });
}
