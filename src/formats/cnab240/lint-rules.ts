import { DOC_ENDED } from '../../domain/business-days.js';
import { formatDateBr } from '../../domain/dates.js';
import type { Text } from '../../domain/text.js';

export type Severity = 'error' | 'warning';

export interface Rule {
  severity: Severity;
  reference: Text;
}

export const FEBRABAN_MANUAL = 'FEBRABAN CNAB 240 v10.11';
const DOC_ENDED_BR = formatDateBr(DOC_ENDED);
export const rule = (severity: Severity, en: string, pt: string): Rule => ({
  severity,
  reference: { en, pt },
});
export const RULES = {
  structure: rule(
    'error',
    `${FEBRABAN_MANUAL}, file structure: header, lotes, trailer (G003)`,
    `${FEBRABAN_MANUAL}, estrutura: header, lotes, trailer (G003)`,
  ),
  'record-length': rule(
    'error',
    `${FEBRABAN_MANUAL}: every record has 240 positions`,
    `${FEBRABAN_MANUAL}: todo registro tem 240 posições`,
  ),
  'trailing-blanks': rule(
    'warning',
    `${FEBRABAN_MANUAL}: every record has 240 positions`,
    `${FEBRABAN_MANUAL}: todo registro tem 240 posições`,
  ),
  encoding: rule(
    'error',
    `${FEBRABAN_MANUAL}: records are text, one byte a position`,
    `${FEBRABAN_MANUAL}: registros são texto, um byte por posição`,
  ),
  charset: rule(
    'error',
    `${FEBRABAN_MANUAL}: alphanumeric fields in ASCII, without accents`,
    `${FEBRABAN_MANUAL}: campos alfanuméricos em ASCII, sem acentos`,
  ),
  'line-ending': rule(
    'warning',
    `${FEBRABAN_MANUAL}: each record ends with CR LF`,
    `${FEBRABAN_MANUAL}: cada registro termina com CR LF`,
  ),
  'lote-sequence': rule(
    'error',
    `${FEBRABAN_MANUAL}, G002: lotes numbered 1, 2, 3…`,
    `${FEBRABAN_MANUAL}, G002: lotes numerados 1, 2, 3…`,
  ),
  'record-sequence': rule(
    'error',
    `${FEBRABAN_MANUAL}, G038: records numbered 1, 2, 3… in each lote`,
    `${FEBRABAN_MANUAL}, G038: registros numerados 1, 2, 3… em cada lote`,
  ),
  'lote-count': rule(
    'error',
    `${FEBRABAN_MANUAL}, G057: the lote's records, its header and trailer included`,
    `${FEBRABAN_MANUAL}, G057: os registros do lote, header e trailer incluídos`,
  ),
  'lote-sum': rule(
    'error',
    `${FEBRABAN_MANUAL}, G058: the sum of the lote's amounts`,
    `${FEBRABAN_MANUAL}, G058: a soma dos valores do lote`,
  ),
  'lote-sum-width': rule(
    'warning',
    `${FEBRABAN_MANUAL}, G058: the sum at 24-41 (some writers, Bradesco's validator among them, use 24-44)`,
    `${FEBRABAN_MANUAL}, G058: a soma em 24-41 (alguns geradores, o validador do Bradesco entre eles, usam 24-44)`,
  ),
  'file-count': rule(
    'error',
    `${FEBRABAN_MANUAL}, G049 and G056: the file's lotes and records`,
    `${FEBRABAN_MANUAL}, G049 e G056: os lotes e registros do arquivo`,
  ),
  'layout-version': rule(
    'error',
    "the bank's manual: its layout versions (a bank answers HL)",
    'o manual do banco: as versões de leiaute dele (o banco responde HL)',
  ),
  direction: rule(
    'warning',
    `${FEBRABAN_MANUAL}, G015: header position 143, 1 remessa, 2 retorno`,
    `${FEBRABAN_MANUAL}, G015: posição 143 do header, 1 remessa, 2 retorno`,
  ),
  forma: rule(
    'warning',
    `${FEBRABAN_MANUAL}, G029: forma de lançamento`,
    `${FEBRABAN_MANUAL}, G029: forma de lançamento`,
  ),
  camara: rule(
    'error',
    `${FEBRABAN_MANUAL}, P001: câmara centralizadora against the lote's forma`,
    `${FEBRABAN_MANUAL}, P001: câmara centralizadora contra a forma do lote`,
  ),
  document: rule(
    'error',
    `${FEBRABAN_MANUAL}, G005 and G006: CPF or CNPJ with valid check digits`,
    `${FEBRABAN_MANUAL}, G005 e G006: CPF ou CNPJ com dígitos verificadores válidos`,
  ),
  barcode: rule(
    'error',
    `${FEBRABAN_MANUAL}, G063: the barcode's check digit and its value`,
    `${FEBRABAN_MANUAL}, G063: o dígito verificador do código de barras e o valor`,
  ),
  // a DDA is the bank's list, not a file sent to it: a title the beneficiary changed after printing its slip (a
  // due date put off, a new amount) keeps the printed barcode, so the two disagree and nothing is refused
  'dda-title': rule(
    'warning',
    `${FEBRABAN_MANUAL}, G063: a DDA boleto's due date and amount against its barcode (a due date put off keeps the barcode)`,
    `${FEBRABAN_MANUAL}, G063: vencimento e valor de um boleto do DDA contra o código de barras (a prorrogação mantém o código)`,
  ),
  // FEBRABAN's banks stopped taking DOC (and TEC) after 29 February 2024 ("Fim do DOC e da TEC", FEBRABAN,
  // 2023: no new DOC scheduled from 15 January 2024, none processed after 29 February 2024)
  'doc-ended': rule(
    'error',
    `FEBRABAN: DOC ended on ${DOC_ENDED_BR} (no bank takes one after it: pay by TED or PIX)`,
    `FEBRABAN: o DOC acabou em ${DOC_ENDED_BR} (nenhum banco aceita um depois disso: pague por TED ou PIX)`,
  ),
  'payment-date': rule(
    'warning',
    `${FEBRABAN_MANUAL}, P009: the payment date, a bank business day`,
    `${FEBRABAN_MANUAL}, P009: a data de pagamento, um dia útil bancário`,
  ),
  'pix-key': rule(
    'error',
    "BCB's DICT key forms: CPF, CNPJ, +55 phone, e-mail, UUID (the bank answers PM)",
    'formas de chave do DICT do BCB: CPF, CNPJ, telefone +55, e-mail, UUID (o banco responde PM)',
  ),
  segment: rule(
    'warning',
    `${FEBRABAN_MANUAL}: segments A, B, J, J-52, N, O`,
    `${FEBRABAN_MANUAL}: segmentos A, B, J, J-52, N, O`,
  ),
  'company-account': rule(
    'error',
    `${FEBRABAN_MANUAL}, G008-G012: the company's agência, conta and digit, those of the contract (the bank answers HD or AG)`,
    `${FEBRABAN_MANUAL}, G008-G012: agência, conta e dígito da empresa, os do contrato (o banco responde HD ou AG)`,
  ),
  'file-sequence': rule(
    'error',
    `${FEBRABAN_MANUAL}, G018: the file's sequence number (NSA) rises with each file sent (Bradesco refuses a repeat)`,
    `${FEBRABAN_MANUAL}, G018: o número sequencial do arquivo (NSA) sobe a cada arquivo enviado (o Bradesco recusa a repetição)`,
  ),
  'account-digit': rule(
    'error',
    "the bank's own check digit algorithm for agência and conta, as its account validation rules publish it (the bank answers AG)",
    'o algoritmo de dígito verificador do próprio banco para agência e conta, como as regras de validação de conta o publicam (o banco responde AG)',
  ),
  convenio: rule(
    'error',
    "the bank's manual: the convênio it requires in the headers (Banco do Brasil's convênio de pagamento, Caixa's código do convênio; the bank answers HB)",
    'o manual do banco: o convênio que ele exige nos headers (o convênio de pagamento do Banco do Brasil, o código do convênio da Caixa; o banco responde HB)',
  ),
  statement: rule(
    'error',
    `${FEBRABAN_MANUAL}, extrato para conciliação (service 04): each movement and balance readable, its signs D or C; the trailer's count and sums those of the lote`,
    `${FEBRABAN_MANUAL}, extrato para conciliação (serviço 04): cada lançamento e saldo legível, sinais D ou C; a contagem e as somas do trailer as do lote`,
  ),
  reader: rule('warning', FEBRABAN_MANUAL, FEBRABAN_MANUAL),
} satisfies Record<string, Rule>;

/** A rule's source, in both languages (a finding's `reference` is the English). */
export const ruleReference = (id: string): Text =>
  (RULES as Record<string, Rule>)[id]?.reference ?? { en: '', pt: '' };

export type RuleId = keyof typeof RULES;
