/**
 * Why a reconciliation rule does not take a line (#35), by code (#54), in English and Portuguese: a module of its
 * own, light, so the Portuguese translator that lists it (cli/i18n-pt.ts) does not load the rules' engine.
 */
import { type Message, messageOf, type ParamsOf, said } from './message.js';
import { formatReais } from './money.js';

/** A range a rule names: its ends, null where it is open. */
interface ReasonRange {
  min: number | null;
  max: number | null;
}

/** What a value is not, as a reason says it: "is not between R$ 10,00 and R$ 20,00", "não é no máximo 15". */
function notInRange(r: ReasonRange, say: (n: number) => string, pt: boolean): string {
  const is = pt ? 'não é' : 'is not';
  if (r.min !== null && r.min === r.max) return `${is} ${say(r.min)}`;
  if (r.min === null) return `${is} ${pt ? 'no máximo' : 'at most'} ${say(r.max as number)}`;
  if (r.max === null) return `${is} ${pt ? 'no mínimo' : 'at least'} ${say(r.min)}`;
  return pt
    ? `não está entre ${say(r.min)} e ${say(r.max)}`
    : `is not between ${say(r.min)} and ${say(r.max)}`;
}

const DIRECTION_PT = { credit: 'crédito', debit: 'débito' } as const;

/** Why a rule does not take a line (#35), by code (#54): the condition, in English and Portuguese. */
export const RULE_REASONS = {
  'rule.direction': said(
    (p: { line: 'credit' | 'debit'; rule: 'credit' | 'debit' }) =>
      `direction: the line is a ${p.line}, the rule wants a ${p.rule}`,
    (p) => `direção: a linha é um ${DIRECTION_PT[p.line]}, a regra quer um ${DIRECTION_PT[p.rule]}`,
  ),
  'rule.amount': said(
    (p: { cents: number; min: number; max: number }) =>
      `amount: ${formatReais(p.cents)} ${notInRange(rangeOf(p), formatReais, false)}`,
    (p) => `valor: ${formatReais(p.cents)} ${notInRange(rangeOf(p), formatReais, true)}`,
  ),
  'rule.account': said(
    (p: { line: number; rule: number }) =>
      `account: the line is of bank account ${p.line}, the rule's is ${p.rule}`,
    (p) => `conta: a linha é da conta bancária ${p.line}, a da regra é ${p.rule}`,
  ),
  'rule.day': said(
    (p: { day: number; min: number; max: number }) =>
      `day: ${p.day} ${notInRange(rangeOf(p), String, false)}`,
    (p) => `dia: ${p.day} ${notInRange(rangeOf(p), String, true)}`,
  ),
  'rule.memo-contains': said(
    (p: { text: string }) => `memo: does not contain "${p.text}"`,
    (p) => `histórico: não contém "${p.text}"`,
  ),
  'rule.memo-matches': said(
    (p: { source: string }) => `memo: does not match ${p.source}`,
    (p) => `histórico: não casa com ${p.source}`,
  ),
  'rule.document': said(
    (p: { document: string }) => `document: the line does not carry ${p.document}`,
    (p) => `documento: a linha não traz ${p.document}`,
  ),
  'rule.key': said(
    (p: { key: string }) => `key: the line does not carry the key ${p.key}`,
    (p) => `chave: a linha não traz a chave ${p.key}`,
  ),
};

/** A range's ends as a message carries them: a number each, NaN for an open end (an amount may be below 0). */
export const ends = (r: ReasonRange) => ({ min: r.min ?? Number.NaN, max: r.max ?? Number.NaN });
const rangeOf = (p: { min: number; max: number }): ReasonRange => ({
  min: Number.isNaN(p.min) ? null : p.min,
  max: Number.isNaN(p.max) ? null : p.max,
});

export const reason = <K extends keyof typeof RULE_REASONS>(
  code: K,
  params: ParamsOf<(typeof RULE_REASONS)[K]>,
): Message => messageOf(RULE_REASONS, code, params);
