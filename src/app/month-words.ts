/**
 * The month's document in words a council reads (#36): month names, formas and states in Portuguese, a chart's
 * short amounts, the balance chart's points. Shared by the PDF (month-document.ts) and the HTML page (month-html.ts).
 */
import { formatDateBr, formatMonthBr, todayIn } from '../domain/dates.js';
import { formatReais, sumCents } from '../domain/money.js';
import {
  type MonthRejection,
  type MonthReport,
  NO_PAYEE,
  type PendingRow,
  type RejectionFate,
} from '../domain/month-report.js';
import type { Text } from '../domain/text.js';

/** The report's name for an entry with no payee (the JSON keeps it), said in the reader's language. */
export const shownPayee = (name: string): string | Text =>
  name === NO_PAYEE ? { en: NO_PAYEE, pt: '(sem favorecido)' } : name;

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

/** `2026-11` -> `11/2026`, as Brazilians write a month in a table or a range (#53). */
export const monthBr = formatMonthBr;

/** A month for a table's cell: ISO in English and for scripts, 11/2026 on a Portuguese screen (#53). */
export const monthCell = (month: string | null | undefined) =>
  month && /^\d{4}-\d{2}$/.test(month) ? { en: month, pt: monthBr(month) } : month;

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
  scheduled: 'agendado',
  rejected: 'recusado, a reenviar',
};

/** Reais without cents, for a chart's labels: `R$ 12.345`. */
export const shortReais = (cents: number) => formatReais(Math.round(cents / 100) * 100).replace(/,00$/, '');

/** Who a payment went to, as a reader looks for it: an entry with no payee (a bank fee a rule booked) by what it was. */
export const payeeOf = (p: { payee: string; description: string }) =>
  p.payee === NO_PAYEE ? p.description : p.payee;

/** Every account's balance together, at the end of each day of the month: the balance chart's points. */
export function totalByDay(r: MonthReport): { date: string; cents: number }[] {
  return (
    r.balances[0]?.days.map((d, i) => ({
      date: d.date,
      cents: sumCents(r.balances.map((b) => b.days[i]?.end_cents ?? 0)),
    })) ?? []
  );
}

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * What became of a refusal (#52), as a council reads it: "recusado em 05/11, pago em 12/11". Only a refusal still
 * to correct asks anything of the reader; the rest say how it ended.
 */
export function fateWords(r: Pick<MonthRejection, 'at' | 'fate'>): { en: string; pt: string } {
  const on = r.fate.on ? dayMonth(r.fate.on) : '';
  const refused = r.at ? dayMonth(todayIn(new Date(r.at))) : '';
  const then: Record<RejectionFate, { en: string; pt: string }> = {
    paid: { en: `paid on ${on}`, pt: `pago em ${on}` },
    scheduled: { en: on ? `scheduled for ${on}` : 'scheduled', pt: on ? `agendado para ${on}` : 'agendado' },
    resent: { en: 'sent again, in a batch', pt: 'reenviado, em lote' },
    corrected: { en: 'corrected, to send again', pt: 'corrigido, a reenviar' },
    rejected: { en: 'to correct and send again', pt: 'a corrigir e reenviar' },
    // the code's class as the answering bank's table gives it, as cnab explain and import-return say it (#66)
    settled: {
      en: 'paid by the bank already: check the statement, do not send again',
      pt: 'já pago pelo banco: confira o extrato, não reenvie',
    },
    deleted: { en: 'deleted', pt: 'excluído' },
  };
  const next = then[r.fate.state];
  return refused
    ? { en: `refused on ${refused}, ${next.en}`, pt: `recusado em ${refused}, ${next.pt}` }
    : next;
}

/**
 * A pending row's state as a council reads it: a scheduled one says for when; one whose day has come by `today`
 * (a past month's document: owed at its position, paid since) says it was paid after the position.
 */
export function pendingWords(p: PendingRow, today?: string): { en: string; pt: string } {
  if (p.state === 'scheduled' && p.date && today !== undefined && p.date <= today)
    return {
      en: `paid on ${dayMonth(p.date)}, after the position`,
      pt: `pago em ${dayMonth(p.date)}, depois da posição`,
    };
  if (p.state === 'scheduled' && p.date)
    return { en: `scheduled for ${dayMonth(p.date)}`, pt: `agendado para ${dayMonth(p.date)}` };
  return { en: p.state.replaceAll('_', ' '), pt: PENDING_STATES[p.state] ?? p.state };
}

/** `n` and its noun, singular or plural: "1 unidade", "5 unidades" (#52: not "5 unidade(s)"). */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The balances the document cannot vouch for (#52), one sentence each: an account the server gave no balance, an
 * account with no statement of the month imported (its closing balance is the ledger's alone), or imported only
 * to a day before the cut-off.
 */
export function balanceGaps(r: MonthReport): { en: string; pt: string }[] {
  const cut = formatDateBr(r.cut_off);
  return r.balances.flatMap((b) => {
    if (!b.balance_known)
      return [
        {
          en: `${b.name}: the server gave no balance for this account; its figures are not shown`,
          pt: `${b.name}: o servidor não informou o saldo desta conta; seus valores não são mostrados`,
        },
      ];
    if (!r.statements_known) return [];
    if (b.statement_through === null)
      return [
        {
          en: `${b.name}: no statement of ${monthName(r.month)} imported; the closing balance on ${cut} is the ledger's, not checked against the bank's`,
          pt: `${b.name}: nenhum extrato de ${monthName(r.month)} importado; o saldo final em ${cut} é o do razão, não conferido com o do banco`,
        },
      ];
    if (b.statement_through < r.cut_off)
      return [
        {
          en: `${b.name}: statement imported through ${formatDateBr(b.statement_through)}; what moved after it is the ledger's, not checked against the bank's`,
          pt: `${b.name}: extrato importado até ${formatDateBr(b.statement_through)}; o que se moveu depois é do razão, não conferido com o banco`,
        },
      ];
    return [];
  });
}
