/**
 * A server's refusal in the person's language by its code (#53), where the error says enough for it (a
 * not_remittable's `reason`): each is declared here in Portuguese; English is the server's own message. An error
 * whose code or reason is not here (a real server's, worded its own way) is its message, as the phrase rules say
 * it.
 */

import type { CondoError } from '../domain/errors.js';
import { isMessage } from '../domain/message.js';
import { payableStateRefusalOf } from '../domain/payable-refusals.js';
import { flagOfApiField } from './body-fields.js';
import { namedProblem } from './fields.js';
import type { Translate } from './i18n.js';

type Said = (facts: Record<string, unknown>, t: Translate, message: string) => string | undefined;

const word = (t: Translate, value: unknown) => t(String(value ?? ''));

const NOT_REMITTABLE: Record<string, (facts: Record<string, unknown>, t: Translate) => string> = {
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
  monetary_index: 'índice monetário não encontrado',
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
  if (p.resource === 'batch' && p.action === 'import_return')
    return `o lote ${String(p.id)} foi cancelado: um retorno dele fala de pagamentos que nunca foram enviados`;
  const invoice = `a cobrança está ${INVOICE_STATE_PT[String(p.state)] ?? word(t, p.state)}`;
  if (p.resource === 'invoice' && p.action === 'issue') return `${invoice}; só um rascunho pode ser emitido`;
  if (p.resource === 'invoice' && p.action === 'pay')
    return `${invoice}; só uma cobrança emitida pode ser paga`;
  if (p.resource === 'invoice' && p.action === 'cancel')
    return `${invoice}; só um rascunho ou uma cobrança emitida pode ser cancelada`;
  return undefined;
}

/** Words that name one of the error's params: none (its message, then) where the server did not give it. */
const byParam =
  (name: string, say: (value: string) => string): Said =>
  (facts) => {
    const value = paramsOf(facts)[name];
    return value === undefined || value === '' ? undefined : say(String(value));
  };

/**
 * A refused file: the lead, then its first line's problem by its finding's code (the server's English, quoted,
 * where it gave no finding), and how many more. None where the server listed no lines.
 */
function fileWords(facts: Record<string, unknown>, t: Translate, lead: string): string | undefined {
  const lines = Array.isArray(facts.errors)
    ? (facts.errors as { line?: unknown; message?: unknown; finding?: unknown }[])
    : [];
  const first = lines[0];
  if (!first) return undefined;
  const problem = isMessage(first.finding) ? t(first.finding) : `"${String(first.message ?? '')}"`;
  const more = lines.length - 1;
  return `${lead}: linha ${String(first.line ?? '?')}: ${problem}${more > 0 ? ` (e mais ${more} ${more === 1 ? 'problema' : 'problemas'})` : ''}`;
}

/** A request condo itself shapes: its kind in Portuguese, the server's own words kept, quoted, for whoever helps. */
const serverWords =
  (lead: string): Said =>
  (_facts, _t, message) =>
    `${lead}: "${message}"`;

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
  conflict: (f) => {
    const p = paramsOf(f);
    return p.resource === 'supplier'
      ? `o fornecedor ${String(p.id)} (${String(p.name)}) já tem o CPF/CNPJ ${String(p.document)}`
      : undefined;
  },
  period_closed: (f) => {
    const [year, month] = String(paramsOf(f).period ?? '').split('-');
    return year && month
      ? `o período financeiro ${month}/${year} está fechado: a data precisa cair num período aberto`
      : undefined;
  },
  import_in_progress: byParam(
    'bank_account_id',
    (id) =>
      `outra importação de extrato da conta bancária ${id} ainda está em andamento; tente de novo quando ela terminar`,
  ),
  idempotency_conflict: () =>
    'esta Idempotency-Key já foi usada com outro método, caminho ou corpo: uma escrita nova pede uma chave nova',
  idempotency_in_progress: () =>
    'uma requisição com esta Idempotency-Key ainda está em andamento; tente de novo em instantes',
  unauthenticated: () =>
    'o servidor não aceitou o token de acesso (ausente, inválido ou expirado): entre de novo com condo auth login',
  forbidden: () => 'este token não tem acesso a este recurso',
  insufficient_scope: byParam('scope', (scope) => `esta chamada precisa do escopo ${scope}`),
  rate_limited: byParam(
    'limit',
    (limit) =>
      `limite de ${limit} ${limit === '1' ? 'requisição' : 'requisições'} excedido; tente de novo mais tarde`,
  ),
  misdirected_request: byParam(
    'host',
    (host) =>
      `este sandbox atende a localhost, 127.0.0.1 e [::1], não a "${host}" (sandbox start --allow-host ${host} o inclui)`,
  ),
  invalid_file: (f, t) => fileWords(f, t, 'o servidor recusou o arquivo'),
  account_mismatch: (f, t) => {
    const id = paramsOf(f).bank_account_id;
    return id === undefined
      ? undefined
      : fileWords(f, t, `o extrato não é da conta bancária ${String(id)} (--force o importa mesmo assim)`);
  },
  // a request condo itself shapes: its kind in Portuguese, the server's words kept, quoted, for whoever helps
  bad_request: serverWords('o servidor recusou a forma da requisição'),
  unsupported_media_type: serverWords('o servidor não aceita este tipo de conteúdo'),
  payload_too_large: serverWords('a requisição é grande demais para o servidor'),
  internal_error: serverWords('o servidor falhou ao atender a requisição'),
  method_not_allowed: serverWords('o servidor não aceita este método neste caminho'),
  request_header_fields_too_large: serverWords(
    'os cabeçalhos da requisição são grandes demais para o servidor',
  ),
  // the token endpoint's (RFC 6749 5.2), on a request condo shapes but for the scopes a person may ask
  invalid_request: serverWords('o servidor de tokens recusou a forma do pedido'),
  unsupported_grant_type: serverWords('o servidor de tokens não aceita este tipo de concessão'),
  invalid_scope: serverWords('este cliente não tem um dos escopos pedidos'),
};

/** An error's words for a person: by its code where it is declared, else in both languages, else its message. */
export function errorWords(
  t: Translate,
  error: Pick<CondoError, 'code' | 'message' | 'facts'> & {
    text?: CondoError['text'];
    finding?: CondoError['finding'];
    fields?: CondoError['fields'];
  },
): string {
  return (
    apiErrorText(t, error) ?? t(error.finding ?? error.text ?? withFields(error.message, error.fields, false))
  );
}

/** The error's message for a person in `t`'s language, by its code (and reason) where they are declared above. */
export function apiErrorText(
  t: Translate,
  error: Pick<CondoError, 'code' | 'message' | 'facts'>,
): string | undefined {
  if (t.lang === 'en' || !error.code) return undefined;
  return BY_CODE[error.code]?.(error.facts ?? {}, t, error.message);
}

/**
 * A 422's reasons on the same line, field by field (the why must not hide behind --debug), each named by the flag
 * that sets it where there is one; the server's generic headline gives way to them, and a field named in a
 * headline is named by its flag too.
 */
export function withFields(
  message: string,
  fields: Record<string, string[]> | undefined,
  byFlags: boolean,
): string {
  const named = (field: string) => (byFlags ? flagOfApiField(field) : undefined);
  const text = message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (word) => named(word) ?? word);
  const entries = Object.entries(fields ?? {});
  // what the headline already says is not said again
  const parts = entries
    .filter(([, msgs]) => !msgs.every((m) => message.includes(m)))
    .map(([field, msgs]) => {
      const flag = named(field);
      return flag ? namedProblem(flag, msgs) : `${field}: ${msgs.join('; ')}`;
    });
  if (parts.length === 0) return text;
  // a headline that only sums up the fields gives way to them when each is named by its flag
  const summary =
    /^the request has invalid fields$/.test(message) ||
    (entries.every(([field]) => named(field)) &&
      entries.some(([field]) => text.includes(named(field) ?? '\0')));
  return summary ? parts.join(', ') : `${text}: ${parts.join(', ')}`;
}
