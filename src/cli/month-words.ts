/**
 * The month's document in words a council reads (#36): month names, formas and states in Portuguese, a chart's
 * short amounts, the balance chart's points. Shared by the PDF (month-document.ts) and the HTML page (month-html.ts).
 */
import { formatReais } from '../domain/money.js';
import { type MonthReport, NO_PAYEE } from '../domain/month-report.js';

export const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** `2026-11` -> `novembro de 2026`. */
export function monthName(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} de ${y}`;
}

export const FORMAS: Readonly<Record<string, string>> = {
  pix: 'PIX',
  ted: 'TED',
  boleto: 'Boleto',
  doc: 'DOC',
  credito_conta: 'Crédito em conta',
  tributo: 'Tributo',
  concessionaria: 'Concessionária',
  cash: 'Dinheiro',
  statement: 'Extrato',
};

/** A payable still to pay, by its state. */
export const PENDING_STATES: Readonly<Record<string, string>> = {
  pending: 'pendente',
  marked_for_remessa: 'marcado',
  in_batch: 'em lote',
};

/** Reais without cents, for a chart's labels: `R$ 12.345`. */
export const shortReais = (cents: number) => formatReais(Math.round(cents / 100) * 100).replace(/,00$/, '');

/** Who a payment went to, as a reader looks for it: an entry with no payee (a bank fee a rule booked) by what it was. */
export const payeeOf = (p: { payee: string; description: string }) =>
  p.payee === NO_PAYEE ? p.description : p.payee;

export const sum = (cents: readonly number[]) => cents.reduce((a, b) => a + b, 0);

/** Every account's balance together, at the end of each day of the month: the balance chart's points. */
export function totalByDay(r: MonthReport): { date: string; cents: number }[] {
  return (
    r.balances[0]?.days.map((d, i) => ({
      date: d.date,
      cents: sum(r.balances.map((b) => b.days[i]?.end_cents ?? 0)),
    })) ?? []
  );
}
