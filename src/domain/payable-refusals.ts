/**
 * What a payable's own rules refuse (#54), by code, in English and Portuguese: its state, and a boleto payable
 * against its own document. A module of its own, light, so the Portuguese translator (cli/i18n-pt.ts) and the
 * CLI's error words (cli/api-errors.ts) do not load the payables' rules and the boleto code with it.
 */
import { formatDateBr } from './dates.js';
import { type Message, messageOf, type ParamsOf, said } from './message.js';
import { formatReais } from './money.js';

/** What a change does to a payable, in each language (a refusal names it). */
const ACTION = {
  update: { en: 'update', pt: 'alterar' },
  delete: { en: 'delete', pt: 'excluir' },
  mark: { en: 'mark', pt: 'marcar' },
  unmark: { en: 'unmark', pt: 'desmarcar' },
} as const;

/** What a payable's own rules refuse (#54), by code, in English and Portuguese. */
export const PAYABLE_REFUSALS = {
  // a boleto payable against its own document (payables.ts reviewBoleto)
  'payable.boleto-invalid': said(
    (p: { reason: Message }, say) => `is not a valid boleto barcode or linha digitável: ${say(p.reason)}`,
    (p, say) => `não é um código de barras ou linha digitável de boleto válido: ${say(p.reason)}`,
  ),
  'payable.boleto-amount': said(
    (p: { boleto: number; due: number }) =>
      `the boleto is for ${formatReais(p.boleto)} but amount - discount + fine + interest is ${formatReais(p.due)}`,
    (p) =>
      `o boleto é de ${formatReais(p.boleto)}, mas valor - desconto + multa + juros dá ${formatReais(p.due)}`,
  ),
  'payable.boleto-due-date': said(
    (p: { due: string; own: string }) => `due_date ${p.due} differs from the boleto's own due date ${p.own}`,
    (p) =>
      `o vencimento ${formatDateBr(p.due)} difere do vencimento do próprio boleto, ${formatDateBr(p.own)}`,
  ),
  // a payable whose state forbids the change (payables.ts)
  'payable.state': said(
    (p: { action: keyof typeof ACTION; state: string; only: string }) =>
      `cannot ${ACTION[p.action].en} a payable in state ${p.state}${p.only ? ` (only ${p.only})` : ''}`,
    // the states in Portuguese (#66: "no estado paid (só pending or marked_for_remessa)")
    (p) =>
      `não é possível ${ACTION[p.action].pt} uma conta ${stateWords(p.state)}${p.only ? ` (só ${p.only.split(' or ').map(stateWords).join(' ou ')})` : ''}`,
  ),
};

/** A payable's state as a Portuguese sentence says it: "paga", "em lote", "marcada para remessa". */
const STATE_PT: Readonly<Record<string, string>> = {
  pending: 'pendente',
  marked_for_remessa: 'marcada para remessa',
  in_batch: 'em lote',
  scheduled: 'agendada',
  paid: 'paga',
};
const stateWords = (state: string) => STATE_PT[state] ?? `no estado ${state}`;

export const payableRefusal = <K extends keyof typeof PAYABLE_REFUSALS>(
  code: K,
  params: ParamsOf<(typeof PAYABLE_REFUSALS)[K]>,
): Message => messageOf(PAYABLE_REFUSALS, code, params);

/** A refusal of a payable's state as a 409's params name it (`action`, `state`, `only`), or null. */
export function payableStateRefusalOf(params: Record<string, unknown>): Message | null {
  const { action, state, only } = params;
  if (typeof action !== 'string' || !(action in ACTION) || typeof state !== 'string') return null;
  return payableRefusal('payable.state', {
    action: action as keyof typeof ACTION,
    state,
    only: typeof only === 'string' ? only : '',
  });
}
