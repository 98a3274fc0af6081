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

/** Whole texts: headers, labels, enum words, fixed messages, command descriptions. */
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
  'scheduled by the bank': 'agendado pelo banco',
  'batch canceled': 'lote cancelado',
  'sent, no return yet': 'enviado, sem retorno ainda',
  unchanged: 'inalterado',
  transactions: 'transações',
  imported: 'importadas',
  duplicates: 'repetidas',
  reconciled: 'conciliadas',
  unmatched: 'sem par',
  'Scheduled (not imported until a later file has them done):':
    'Agendadas (importadas só quando um arquivo seguinte as trouxer efetivadas):',
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
  'none yet': 'nenhum ainda',
  yes: 'sim',
  no: 'não',
  // where a secret is (#56)
  keyring: 'chaveiro',
  environment: 'ambiente',
  // table headers
  STATE: 'ESTADO',
  PAYEE: 'FAVORECIDO',
  FILE: 'ARQUIVO',
  "BANK'S WORD": 'O QUE O BANCO DISSE',
  CODE: 'CÓDIGO',
  NAME: 'NOME',
  SUPPLIER: 'FORNECEDOR',
  'CHART ACCOUNT': 'CONTA CONTÁBIL',
  // revenue less expense: a result, not the account's balance (SALDO, which report month shows)
  MEMO: 'HISTÓRICO',
  // short enough that the defaulters' table fits 80 columns in Portuguese as it does in English
  '(none)': '(nenhuma)',
  'Bank balances': 'Saldos bancários',
  // record labels
  State: 'Estado',
  Supplier: 'Fornecedor',
  'Chart account': 'Conta contábil',
  state: 'estado',
  'payment date': 'data de pagamento',
  payables: 'contas',
  file: 'arquivo',
  'bank account': 'conta bancária',
  'by forma': 'por forma',
  returns: 'retornos',
  created: 'criado em',
  // fixed messages
  'next: check the statement before anything else:':
    'próximo passo: confira o extrato antes de qualquer outra coisa:',
  'next: correct what the bank names, then mark the payable again:':
    'próximo passo: corrija o que o banco apontou e marque a conta de novo:',
  'next: correct what the bank names, then mark it again:':
    'próximo passo: corrija o que o banco apontou e marque-a de novo:',
  'dry run: nothing was created': 'simulação: nada foi criado',
  'nothing is marked for remittance': 'nenhuma conta está marcada para remessa',
  'nothing created': 'nada foi criado',
  'this file was imported before: the earlier result was replayed; the rules ran over its lines as they are now':
    'este arquivo já foi importado: os números abaixo são os daquela importação; as regras rodaram sobre as linhas dele como estão agora',
  'this file was imported before: the earlier result was replayed, nothing changed':
    'este arquivo já foi importado: os números abaixo são os daquela importação; nada mudou agora',
  // a bulk verb's result word, keyed apart from the labels that share its English
  '✓ marked': '✓ marcada',
  '✓ unmarked': '✓ desmarcada',
  '✓ deleted': '✓ excluída',
  '✓ created': '✓ criada',
  // commander's help headings
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
  // the questions asked on a terminal (prompter.ts)
  'Payee name': 'Nome do favorecido',
  'API base URL': 'URL base da API',
  'Client id': 'Id do cliente',
  'Client secret': 'Segredo do cliente',
  'Scopes (space-separated, empty for all the client has)':
    'Escopos (separados por espaço; vazio para todos os do cliente)',
  required: 'obrigatório',
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
  // usage errors said in full (test/unit/cli/messages.test.ts keeps every such message translated)
  // the demo's own failures
  // headings not yet said in Portuguese
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
