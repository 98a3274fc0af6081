/**
 * A server's refusal in the person's language by its code (#53), where the error says enough for it (a
 * not_remittable's `reason`): each is declared here in Portuguese; English is the server's own message. An error
 * whose code or reason is not here (a real server's, worded its own way) is its message, as the phrase rules say
 * it.
 */

import type { CondoError } from '../domain/errors.js';
import { payableStateRefusalOf } from '../domain/payable-refusals.js';
import type { Translate } from './i18n.js';

type Said = (facts: Record<string, unknown>, t: Translate) => string | undefined;

const word = (t: Translate, value: unknown) => t(String(value ?? ''));

const NOT_REMITTABLE: Record<string, Said> = {
  settled_outside_the_file: (f, t) =>
    `pagamento em ${word(t, f.forma_pagamento)} é feito fora do arquivo do banco (só pix, ted, doc ou boleto)`,
  pix_needs_key_or_bank: () => 'um pix precisa da chave PIX ou dos dados bancários do fornecedor',
  needs_bank_data: (f, t) => `um ${word(t, f.forma_pagamento)} precisa dos dados bancários do fornecedor`,
  boleto_needs_code: () => 'um boleto precisa do código de barras ou da linha digitável em document_number',
  needs_payee_document: () => 'uma conta no arquivo do banco precisa de um fornecedor com CPF ou CNPJ',
  boleto_invalid: () => 'document_number não é um boleto válido',
};

/** What a 404 says is missing (the sandbox's `params.resource`), in Portuguese. */
const MISSING: Record<string, string> = {
  payable: 'conta a pagar não encontrada',
  payment_batch: 'lote de pagamento não encontrado',
  invoice: 'cobrança não encontrada',
  payment_options: 'opções de pagamento não encontradas (a cobrança ainda não foi emitida)',
  supplier: 'fornecedor não encontrado',
  unit: 'unidade não encontrada',
  batch_file: 'o arquivo de remessa deste lote não foi encontrado',
  statement_import: 'importação de extrato não encontrada',
  bank_account: 'conta bancária não encontrada',
  webhook_subscription: 'assinatura de webhook não encontrada',
  resource: 'recurso não encontrado',
};

/** An error's `params` (#54): the values its words name, where the server gave them. */
const paramsOf = (f: Record<string, unknown>): Record<string, unknown> =>
  typeof f.params === 'object' && f.params !== null ? (f.params as Record<string, unknown>) : {};

/** An invoice's states as a sentence about "a cobrança" says them (the dictionary's are a table's: "pago"). */
const INVOICE_STATE_PT: Readonly<Record<string, string>> = {
  draft: 'em rascunho',
  issued: 'emitida',
  paid: 'paga',
  canceled: 'cancelada',
};

/**
 * A batch or invoice whose state forbids the change (#66: the sandbox's English, with its state in it). A batch's
 * state reads as the dictionary has it ("retornado": a lote is masculine).
 */
function otherStateRefusal(p: Record<string, unknown>, t: Translate): string | undefined {
  if (p.resource === 'batch' && p.action === 'cancel')
    return p.state === 'canceled'
      ? `o lote ${String(p.id)} já está cancelado`
      : `o lote ${String(p.id)} já tem retorno importado (${word(t, p.state)}): o banco já o tem, não pode ser cancelado`;
  if (p.resource === 'invoice' && p.action === 'issue')
    return `a cobrança está ${INVOICE_STATE_PT[String(p.state)] ?? word(t, p.state)}; só um rascunho pode ser emitido`;
  return undefined;
}

/** By code: a refusal whose words are fixed, or whose reason (a not_remittable's) says which. */
const BY_CODE: Record<string, Said> = {
  invalid_state: (f, t) => {
    const refusal = payableStateRefusalOf(paramsOf(f));
    return refusal ? t(refusal) : otherStateRefusal(paramsOf(f), t);
  },
  not_found: (f) => {
    const resource = paramsOf(f).resource;
    return typeof resource === 'string' ? MISSING[resource] : undefined;
  },
  not_remittable: (f, t) => (typeof f.reason === 'string' ? NOT_REMITTABLE[f.reason]?.(f, t) : undefined),
  invalid_client: () => 'cliente desconhecido ou segredo errado',
  nothing_to_remit: () => 'nenhuma conta está marcada para remessa: marque-as antes com condo payables mark',
};

/** An error's words for a person: by its code where it is declared, else in both languages, else its message. */
export function errorWords(
  t: Translate,
  error: Pick<CondoError, 'code' | 'message' | 'facts'> & {
    text?: CondoError['text'];
    finding?: CondoError['finding'];
  },
): string {
  return apiErrorText(t, error) ?? t(error.finding ?? error.text ?? error.message);
}

/** The error's message for a person in `t`'s language, by its code (and reason) where they are declared above. */
export function apiErrorText(
  t: Translate,
  error: Pick<CondoError, 'code' | 'message' | 'facts'>,
): string | undefined {
  if (t.lang === 'en' || !error.code) return undefined;
  return BY_CODE[error.code]?.(error.facts ?? {}, t);
}
