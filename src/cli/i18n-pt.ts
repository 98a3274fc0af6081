import type { Catalog } from '../domain/message.js';
import { NFSE_FINDINGS } from '../domain/nfse/findings.js';
import { PAYABLE_REFUSALS } from '../domain/payable-refusals.js';
import { PREVIEW_WARNINGS } from '../domain/preview-warnings.js';
import { REFUSALS } from '../domain/refusals.js';
import { RULE_REASONS } from '../domain/rule-reasons.js';
import { BANK_FINDINGS } from '../formats/cnab240/bank-findings.js';
import { CNAB_FINDINGS } from '../formats/cnab240/findings.js';
import { NFSE_READ_FINDINGS } from '../formats/nfse/findings.js';
import { STATEMENT_FINDINGS } from '../formats/statement/findings.js';

/** Brazilian Portuguese for what a person reads (i18n.ts): whole texts, texts with a variable part, phrases. */

/** The catalogs whose findings are said by their code (#54): their Portuguese is declared beside their English. */
export const PT_CATALOGS: readonly Catalog[] = [
  CNAB_FINDINGS,
  PREVIEW_WARNINGS,
  BANK_FINDINGS,
  STATEMENT_FINDINGS,
  RULE_REASONS,
  REFUSALS,
  PAYABLE_REFUSALS,
  NFSE_FINDINGS,
  NFSE_READ_FINDINGS,
];

/**
 * Words condo does not write itself, said in Portuguese where they reach a person: the API's states, methods and
 * other enum words above all, commander's help headings, and the few labels still keyed by a record's field (a
 * batch's `state`, `file`). Every text condo writes is declared `{ en, pt }` where it is written (a table's
 * heading is typed so: output.ts Column.header); a text with no entry here is said as written. Held to 80.
 */
export const PT: Readonly<Record<string, string>> = {
  // states, outcomes, methods and other words of the API shown to a person
  pending: 'pendente',
  marked_for_remessa: 'marcado p/ remessa',
  in_batch: 'em lote',
  scheduled: 'agendado',
  paid: 'pago',
  rejected: 'rejeitado',
  generated: 'gerado',
  partially_returned: 'retorno parcial',
  returned: 'retornado',
  canceled: 'cancelado',
  draft: 'rascunho',
  issued: 'emitida',
  overdue: 'vencida',
  revenue: 'receita',
  expense: 'despesa',
  active: 'ativa',
  inactive: 'inativa',
  checking: 'corrente',
  savings: 'poupança',
  investment: 'investimento',
  cash: 'dinheiro',
  check: 'cheque',
  payable: 'conta a pagar',
  unchanged: 'inalterado',
  transactions: 'transações',
  imported: 'importadas',
  duplicates: 'repetidas',
  reconciled: 'conciliadas',
  unmatched: 'sem par',
  // cnab inspect's summary
  bank: 'banco',
  lines: 'linhas',
  // progress bars of a transfer
  download: 'baixando',
  dialect: 'dialeto',
  company: 'empresa',
  agency: 'agência',
  account: 'conta',
  payment: 'pagamento',
  collection: 'cobrança',
  'opening balance': 'saldo inicial',
  'closing balance': 'saldo final',
  unknown: 'desconhecido',
  none: 'nenhuma',
  yes: 'sim',
  no: 'não',
  // where a secret is (#56)
  keyring: 'chaveiro',
  environment: 'ambiente',
  // record labels
  state: 'estado',
  'payment date': 'data de pagamento',
  payables: 'contas',
  file: 'arquivo',
  'bank account': 'conta bancária',
  'by forma': 'por forma',
  returns: 'retornos',
  created: 'criado em',
  // commander's help headings
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
  // words shown beside values
  amount: 'valor',
  barcode: 'código de barras',
  // a PIX key's kind, as cnab inspect names a payment's destination
  key: 'chave',
  // where a write goes (context.ts describeTarget)
  profile: 'perfil',
  phone: 'telefone',
  email: 'e-mail',
  document: 'documento',
  random: 'aleatória',
  due: 'vencimento',
  discount: 'desconto',
  description: 'descrição',
};

/**
 * The fixed phrases of texts condo does not compose (#54), replaced where they occur: commander's usage errors,
 * and a server's refusal of a field, in the words the sandbox and the spec's server use (a field's refusal carries
 * no code on the wire). Everything condo composes is said by its code (PT_CATALOGS) or declared in both languages
 * where it is made; this list is held to 20 rules (test/unit/house.test.ts).
 */
export const PT_PHRASES: readonly [RegExp, string][] = [
  // commander's own usage errors
  [/^error: /, 'erro: '],
  [/unknown command '(.*?)'/, "comando desconhecido '$1'"],
  [/unknown option '(.*?)'/, "opção desconhecida '$1'"],
  [
    /too many arguments for '(.*?)'\. Expected (\d+) arguments? but got (\d+)\./,
    "argumentos demais para '$1': esperava $2, recebeu $3.",
  ],
  [/missing required argument '(.*?)'/, "falta o argumento obrigatório '$1'"],
  [/option '(.*?)' argument missing/, "a opção '$1' pede um valor"],
  [/\(Did you mean (.*?)\?\)/, '(Quis dizer $1?)'],
  // a server's refusal of a field (422 validation_failed: `fields`)
  [/ is required\b/g, ' é obrigatório'],
  [/ must not be empty/g, ' não pode ser vazio'],
  [/ must be an integer/g, ' deve ser um número inteiro'],
  [/ must be a calendar date YYYY-MM-DD/g, ' deve ser uma data AAAA-MM-DD'],
  [/ must be one of /g, ' deve ser um de '],
  [/ must be at most (\d+) characters/g, ' deve ter no máximo $1 caracteres'],
  [/ must have at most two decimals/g, ' deve ter no máximo duas casas decimais'],
  [/ must not be before today/g, ' não pode ser antes de hoje'],
  [/ does not exist in this condominium/g, ' não existe neste condomínio'],
  [/\baccount (\S+) is inactive/g, 'a conta $1 está inativa'],
  [/\baccount (\S+) is not an expense account/g, 'a conta $1 não é uma conta de despesa'],
  [
    / is not a PIX key: a CPF or CNPJ \(digits only\), a \+55 phone, an e-mail or a random key/g,
    ' não é uma chave PIX: CPF ou CNPJ (só dígitos), telefone +55, e-mail ou chave aleatória',
  ],
  [
    / is required: the supplier has no bank account yet/g,
    ' é obrigatório: o fornecedor ainda não tem conta bancária',
  ],
];
