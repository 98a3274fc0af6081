/**
 * A remittance and the bank's return side by side (`condo cnab diff`): each payment paired with its answer by the
 * seu número the remittance gave it and the bank echoes, or, where a payment has none, by its place in its lote.
 * What support staff look for: payments with no answer, answers with no payment, amounts the bank changed, and
 * dates it moved (Itaú says so with AE).
 */
import type { OccurrenceClass } from './bank-occurrences.js';
import { occurrenceClass } from './codes.js';
import type { CnabFile, CnabItem } from './file.js';

export type PairFinding = 'no-answer' | 'no-payment' | 'amount-changed' | 'date-moved';

export interface PaymentPair {
  /** The key the two were paired by: the seu número, or `lote N #i` for a payment without one. */
  key: string;
  payment: CnabItem | null;
  answer: CnabItem | null;
  findings: PairFinding[];
  /** The answer's class by its first code (paid, scheduled, rejected-to-correct…); null without an answer. */
  outcome: OccurrenceClass | null;
}

export interface CnabDiff {
  pairs: PaymentPair[];
  paired: number;
  no_answer: number;
  no_payment: number;
  amount_changed: number;
  date_moved: number;
}

const keyOf = (item: CnabItem, indexInLote: number): string =>
  item.seu_numero?.trim() || `lote ${item.batch} #${indexInLote + 1}`;

/** The items of a file keyed for pairing, in file order (a repeated key keeps its first item; the rest unpaired). */
function keyed(file: CnabFile): Map<string, CnabItem>[] {
  const first = new Map<string, CnabItem>();
  const repeated = new Map<string, CnabItem>();
  const seenInLote = new Map<number, number>();
  for (const item of file.items) {
    const index = seenInLote.get(item.batch) ?? 0;
    seenInLote.set(item.batch, index + 1);
    const key = keyOf(item, index);
    if (first.has(key)) repeated.set(`${key} (line ${item.line})`, item);
    else first.set(key, item);
  }
  return [first, repeated];
}

const amountOf = (i: CnabItem) => i.paid_amount_cents ?? i.amount_cents;
const dateOf = (i: CnabItem) => i.paid_date ?? i.date;

export function diffCnab(remittance: CnabFile, ret: CnabFile): CnabDiff {
  const [payments, repeatedPayments] = keyed(remittance) as [Map<string, CnabItem>, Map<string, CnabItem>];
  const [answers, repeatedAnswers] = keyed(ret) as [Map<string, CnabItem>, Map<string, CnabItem>];
  const bank = ret.bank_code ?? undefined;
  const pairs: PaymentPair[] = [];
  for (const [key, payment] of [...payments, ...repeatedPayments]) {
    const answer = answers.get(key) ?? null;
    answers.delete(key);
    const findings: PairFinding[] = [];
    const code = answer?.occurrences[0]?.code;
    const outcome = answer ? (code ? occurrenceClass(code, bank) : 'rejected-to-correct') : null;
    if (!answer) findings.push('no-answer');
    // a refusal moved no money: its amount and date say nothing
    else if (outcome !== 'rejected-to-correct') {
      const paid = amountOf(answer);
      if (paid !== null && payment.amount_cents !== null && paid !== payment.amount_cents)
        findings.push('amount-changed');
      const moved = answer.occurrences.some((o) => o.code === 'AE' && bank === '341');
      const date = dateOf(answer);
      if (moved || (date !== null && payment.date !== null && date !== payment.date))
        findings.push('date-moved');
    }
    pairs.push({ key, payment, answer, findings, outcome });
  }
  for (const [key, answer] of [...answers, ...repeatedAnswers]) {
    const code = answer.occurrences[0]?.code;
    pairs.push({
      key,
      payment: null,
      answer,
      findings: ['no-payment'],
      outcome: code ? occurrenceClass(code, bank) : 'rejected-to-correct',
    });
  }
  const count = (f: PairFinding) => pairs.filter((p) => p.findings.includes(f)).length;
  return {
    pairs,
    paired: pairs.filter((p) => p.payment && p.answer).length,
    no_answer: count('no-answer'),
    no_payment: count('no-payment'),
    amount_changed: count('amount-changed'),
    date_moved: count('date-moved'),
  };
}
