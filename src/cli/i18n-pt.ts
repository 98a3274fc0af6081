import { PREVIEW_WARNINGS } from '../domain/batch-preview.js';
import { formatDateBr } from '../domain/dates.js';
import type { Catalog } from '../domain/message.js';
import { centsOf, formatReais } from '../domain/money.js';
import { BANK_FINDINGS } from '../formats/cnab240/bank-findings.js';
import { CNAB_FINDINGS } from '../formats/cnab240/findings.js';
import { STATEMENT_FINDINGS } from '../formats/statement/findings.js';

/** Brazilian Portuguese for what a person reads (i18n.ts): whole texts, texts with a variable part, phrases. */

/** The catalogs whose findings are said by their code (#54): their Portuguese is declared beside their English. */
export const PT_CATALOGS: readonly Catalog[] = [
  CNAB_FINDINGS,
  PREVIEW_WARNINGS,
  BANK_FINDINGS,
  STATEMENT_FINDINGS,
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
  manual: 'manual',
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
  'Unmatched:': 'Sem par:',
  'Scheduled (not imported until a later file has them done):':
    'Agendadas (importadas só quando um arquivo seguinte as trouxer efetivadas):',
  'By the rules:': 'Pelas regras:',
  // why the CNAB reader takes a file for a remessa or a retorno (inference.ts)
  'segments T/U are return records': 'os segmentos T/U são registros de retorno',
  'segments P/Q/R/S are remittance records': 'os segmentos P/Q/R/S são registros de remessa',
  "segment W only: the bank's pre-validation report of a remessa":
    'só segmento W: o relatório de pré-validação de uma remessa pelo banco',
  'lote operation code': 'o código de operação do lote',
  'details carry occurrence codes': 'os detalhes trazem códigos de ocorrência',
  'no detail carries an occurrence code': 'nenhum detalhe traz código de ocorrência',
  // cnab inspect's summary
  bank: 'banco',
  lines: 'linhas',
  rows: 'linhas',
  // progress bars of a transfer
  download: 'baixando',
  upload: 'enviando',
  dialect: 'dialeto',
  layout: 'leiaute',
  company: 'empresa',
  agency: 'agência',
  account: 'conta',
  payment: 'pagamento',
  collection: 'cobrança',
  remessa: 'remessa',
  retorno: 'retorno',
  'file sequence (NSA)': 'sequência do arquivo (NSA)',
  'generated at': 'gerado em',
  'payments, total': 'pagamentos, total',
  'payment, total': 'pagamento, total',
  'account statement': 'extrato de conta',
  'opening balance': 'saldo inicial',
  'closing balance': 'saldo final',
  on: 'em',
  'movement, net': 'lançamento, líquido',
  'movements, net': 'lançamentos, líquido',
  HISTORY: 'HISTÓRICO',
  'boletos, total': 'boletos, total',
  'title, total': 'título, total',
  'titles, total': 'títulos, total',
  'boleto, total': 'boleto, total',
  BENEFICIARY: 'BENEFICIÁRIO',
  BARCODE: 'CÓDIGO DE BARRAS',
  unknown: 'desconhecido',
  none: 'nenhuma',
  'none yet': 'nenhum ainda',
  yes: 'sim',
  no: 'não',
  // table headers
  ID: 'ID',
  STATE: 'ESTADO',
  DUE: 'VENCIMENTO',
  AMOUNT: 'VALOR',
  METHOD: 'FORMA',
  PAYEE: 'FAVORECIDO',
  DESCRIPTION: 'DESCRIÇÃO',
  'PAYMENT DATE': 'DATA DE PAGAMENTO',
  PAYABLES: 'CONTAS',
  PAYABLE: 'CONTA A PAGAR',
  TOTAL: 'TOTAL',
  FILE: 'ARQUIVO',
  NSA: 'NSA',
  'LAST RETURN': 'ÚLTIMO RETORNO',
  BATCH: 'LOTE',
  OUTCOME: 'RESULTADO',
  "BANK'S WORD": 'O QUE O BANCO DISSE',
  REJECTED: 'REJEITADA',
  CODE: 'CÓDIGO',
  REASON: 'MOTIVO',
  NAME: 'NOME',
  BANK: 'BANCO',
  AGENCY: 'AGÊNCIA',
  ACCOUNT: 'CONTA',
  TYPE: 'TIPO',
  BALANCE: 'SALDO',
  PAYMENTS: 'PAGAMENTOS',
  DOCUMENT: 'DOCUMENTO',
  UNIT: 'UNIDADE',
  BLOCK: 'BLOCO',
  NUMBER: 'NÚMERO',
  OWNER: 'PROPRIETÁRIO',
  SUPPLIER: 'FORNECEDOR',
  'CHART ACCOUNT': 'CONTA CONTÁBIL',
  SHARE: 'PARTE',
  PAID: 'PAGO EM',
  MONTH: 'MÊS',
  REVENUE: 'RECEITA',
  EXPENSE: 'DESPESA',
  // revenue less expense: a result, not the account's balance (SALDO, which report month shows)
  NET: 'RESULTADO',
  IN: 'ENTRADAS',
  OUT: 'SAÍDAS',
  'BANK ACCOUNT': 'CONTA BANCÁRIA',
  IMPORTED: 'IMPORTADO EM',
  PERIOD: 'PERÍODO',
  NEW: 'NOVOS',
  DUPLICATES: 'REPETIDOS',
  MATCHED: 'CONCILIADOS',
  UNMATCHED: 'SEM PAR',
  LINE: 'LINHA',
  DATE: 'DATA',
  MEMO: 'HISTÓRICO',
  LOTE: 'LOTE',
  FORMA: 'FORMA',
  SERVICE: 'SERVIÇO',
  COUNT: 'QTD',
  SEG: 'SEG',
  DESTINATION: 'DESTINO',
  'SEU NÚMERO': 'SEU NÚMERO',
  OCCURRENCES: 'OCORRÊNCIAS',
  INVOICES: 'COBRANÇAS',
  OUTSTANDING: 'EM ABERTO',
  // short enough that the defaulters' table fits 80 columns in Portuguese as it does in English
  'OLDEST DUE': 'VENC. MAIS ANTIGO',
  'DAYS OVERDUE': 'DIAS DE ATRASO',
  SOURCE: 'ORIGEM',
  PERIODICITY: 'PERIODICIDADE',
  CREATED: 'CRIADO EM',
  EVENTS: 'EVENTOS',
  BILLING: 'COBRANÇA',
  INSTALLMENT: 'PARCELA',
  PROFILE: 'PERFIL',
  CURRENT: 'ATUAL',
  CONDOMINIUM: 'CONDOMÍNIO',
  'PAID OUT': 'PAGO',
  REJECTIONS: 'REJEIÇÕES',
  'TO PAY': 'A PAGAR',
  OVERDUE: 'EM ATRASO',
  START: 'SALDO INICIAL',
  END: 'SALDO FINAL',
  SECTION: 'SEÇÃO',
  ITEM: 'ITEM',
  PAGES: 'PÁGINAS',
  PENDING: 'PENDENTES',
  DETAIL: 'DETALHE',
  '(none)': '(nenhuma)',
  'Bank balances': 'Saldos bancários',
  // record labels
  Payable: 'Conta a pagar',
  State: 'Estado',
  Description: 'Descrição',
  Payee: 'Favorecido',
  Supplier: 'Fornecedor',
  Method: 'Forma',
  Amount: 'Valor',
  Fine: 'Multa',
  Interest: 'Juros',
  Discount: 'Desconto',
  Correction: 'Correção',
  'Total due': 'Total a pagar',
  'Due date': 'Vencimento',
  'Issue date': 'Emissão',
  Document: 'Documento',
  'Tax guide': 'Guia de tributo',
  'Chart account': 'Conta contábil',
  'Seu número': 'Seu número',
  Batch: 'Lote',
  Paid: 'Pago',
  'Last return': 'Último retorno',
  Notes: 'Observações',
  Created: 'Criado em',
  Updated: 'Atualizado em',
  'CPF/CNPJ': 'CPF/CNPJ',
  'Bank account': 'Conta bancária',
  'PIX key': 'Chave PIX',
  Invoice: 'Cobrança',
  Unit: 'Unidade',
  Party: 'Pagador',
  Billing: 'Cobrança',
  Period: 'Competência',
  Subtotal: 'Subtotal',
  Total: 'Total',
  Issued: 'Emitida em',
  'Statement import': 'Importação de extrato',
  Imported: 'Importado em',
  File: 'Arquivo',
  Transactions: 'Transações',
  'Unmatched now': 'Sem par agora',
  id: 'id',
  state: 'estado',
  'payment date': 'data de pagamento',
  nsa: 'nsa',
  payables: 'contas',
  total: 'total',
  file: 'arquivo',
  'bank account': 'conta bancária',
  'by forma': 'por forma',
  returns: 'retornos',
  created: 'criado em',
  // fixed messages
  'warning:': 'aviso:',
  'error:': 'erro:',
  'No records.': 'Nenhum registro.',
  // the comments of the verbs' examples (program.ts exampleLines)
  'a unique end (or start) of the id': 'um fim (ou começo) único do id',
  'an accounting firm': 'uma administradora',
  'behind, across all buildings': 'em atraso, em todos os prédios',
  'downloads then deliver only approved files': 'os downloads então só entregam arquivos aprovados',
  'due this week, every condominium': 'vencendo nesta semana, em todo condomínio',
  'each file finds its batch': 'cada arquivo acha o seu lote',
  'each file into its condominium': 'cada arquivo no seu condomínio',
  'each into the account it names': 'cada um na conta que ele indica',
  'every morning, from cron': 'toda manhã, pelo cron',
  'every file of a pattern, one report each': 'cada arquivo de um padrão, um relatório cada',
  'from cron': 'pelo cron',
  'from cron, every morning (condo help cron)': 'pelo cron, toda manhã (condo help cron)',
  'one AAAA-MM-slug.pdf each': 'um AAAA-MM-slug.pdf cada',
  'returns and statements, by their content': 'retornos e extratos, pelo conteúdo',
  'the month per condominium': 'o mês por condomínio',
  'the newest batch (-q: no "Showing 1 of N" note)': 'o lote mais novo (-q: sem o aviso "Mostrando 1 de N")',
  'the seu número the bank quotes': 'o seu número que o banco cita',
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
  'Examples:': 'Exemplos:',
  Topics: 'Tópicos',
  'display help for command': 'mostra a ajuda do comando',
  // the questions asked on a terminal (prompter.ts)
  'Payee name': 'Nome do favorecido',
  'API base URL': 'URL base da API',
  'Condominium (slug)': 'Condomínio (slug)',
  'Client id': 'Id do cliente',
  'Client secret': 'Segredo do cliente',
  'Scopes (space-separated, empty for all the client has)':
    'Escopos (separados por espaço; vazio para todos os do cliente)',
  required: 'obrigatório',
  '(none: type a payee name)': '(nenhum: digitar o nome do favorecido)',
  // words shown beside values
  'linha digitável': 'linha digitável',
  'Ready.': 'Pronto.',
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
  GROUP: 'GRUPO',
  'BASE URL': 'URL BASE',
  'CLIENT ID': 'ID DO CLIENTE',
  'CLIENT SECRET': 'SEGREDO DO CLIENTE',
  SCOPES: 'ESCOPOS',
  Barcode: 'Código de barras',
  'Boleto URL': 'URL do boleto',
};

/**
 * How a text with a variable part is said: a replacement string ($1...), or a function given the translator (to say
 * a part that is itself a text, such as the reader's finding a summary repeats) and the groups.
 */
/** `2026-11-03` as a person in Brazil writes it, `03/11/2026` (another text as it is). */
const brDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDateBr(iso) : iso);

export type PtReplacement = string | ((say: (text: string) => string, ...groups: string[]) => string);

/** A part of an account statement's record, as the statement reader names it, in Portuguese. */
const statementPart = (what: string | undefined): string =>
  ({
    movement: 'lançamento',
    "movement's": 'do lançamento',
    'opening balance': 'saldo inicial',
    "opening balance's": 'do saldo inicial',
    'closing balance': 'saldo final',
    "closing balance's": 'do saldo final',
    'history code (173-176)': 'do código do histórico (173-176)',
    'opening balance (143-169)': 'do saldo inicial (143-169)',
    'closing balance and record count (143-176)': 'do saldo final e da contagem de registros (143-176)',
  })[what ?? ''] ??
  what ??
  '';

/** An amount a reader's finding writes as 1234.56, as a Brazilian reads it (R$ 1.234,56); anything else as it is. */
const reais = (text: string): string => (/^-?\d+\.\d{2}$/.test(text) ? formatReais(centsOf(text)) : text);

/** Texts with a variable part. */
export const PT_PATTERNS: readonly [RegExp, PtReplacement][] = [
  [/^try: (.*)$/, 'experimente: $1'],
  // the account statement reader's (formats/cnab240/statement.ts)
  // a payment segment's barcode, as the boleto's own check words it (formats/cnab240/barcode.ts)
  [
    /^barcode check digit is (\S+), expected (\S+)$/,
    'o dígito verificador do código de barras é $1, esperado $2',
  ],
  [
    /^value identifier \(3rd digit\) is (\S+), expected 6, 7, 8 or 9$/,
    'o identificador de valor (3º dígito) é $1, esperado 6, 7, 8 ou 9',
  ],
  [
    /^header position 143 is "(.*)", not 1 \(remessa\) or 2 \(retorno\); read as (\w+)$/,
    'a posição 143 do header é "$1", não 1 (remessa) nem 2 (retorno); lido como $2',
  ],
  [
    /^header says (\w+) \(position 143 = (.*)\) though (.+) \(blank occurrence fields\); read as (\w+), as the header says$/,
    (say, header, code, why, read) =>
      `o header diz ${header} (posição 143 = ${code}) embora ${say(why ?? '')} (campos de ocorrência em branco); lido como ${read}, como diz o header`,
  ],
  [
    /^header says (\w+) \(position 143 = (.*)\) but the content is a (\w+) \((.+)\); read as (\w+)$/,
    (say, header, code, content, why, read) =>
      `o header diz ${header} (posição 143 = ${code}), mas o conteúdo é de ${content} (${say(why ?? '')}); lido como ${read}`,
  ],
  // what the statement readers found, with a variable part (a reason inside a finding is said by the phrases)
  // #35: why a reconciliation rule does not match a line (domain/statement-rules.ts)
  [
    /^direction: the line is a (credit|debit), the rule wants a (credit|debit)$/,
    (_say, line, rule) =>
      `direção: a linha é um ${line === 'credit' ? 'crédito' : 'débito'}, a regra quer um ${rule === 'credit' ? 'crédito' : 'débito'}`,
  ],
  [/^amount: (.+) is not between (.+) and (.+)$/, 'valor: $1 não está entre $2 e $3'],
  [/^amount: (.+) is not at most (.+)$/, 'valor: $1 não é no máximo $2'],
  [/^amount: (.+) is not at least (.+)$/, 'valor: $1 não é no mínimo $2'],
  [/^amount: (.+) is not (.+)$/, 'valor: $1 não é $2'],
  [/^day: (\d+) is not between (\d+) and (\d+)$/, 'dia: $1 não está entre $2 e $3'],
  [/^day: (\d+) is not (.+)$/, 'dia: $1 não é $2'],
  [/^memo: does not contain "(.*)"$/, 'histórico: não contém "$1"'],
  [/^memo: does not match (.*)$/, 'histórico: não casa com $1'],
  [
    /^account: the line is of bank account (\d+), the rule's is (\d+)$/,
    'conta: a linha é da conta bancária $1, a da regra é $2',
  ],
  [/^document: the line does not carry (\d+)$/, 'documento: a linha não traz $1'],
  [/^key: the line does not carry the key (.+)$/, 'chave: a linha não traz a chave $1'],
  // #35: what each line of a statement is (formats/statement/lines.ts)
  [
    /^the statement's balance \(LEDGERBAL\) is (-?R\$ [\d.]+,\d\d); the balance on line (\d+) and the movements after it make (-?R\$ [\d.]+,\d\d)$/,
    'o saldo do extrato (LEDGERBAL) é $1; o saldo da linha $2 e os lançamentos depois dele dão $3',
  ],
  // the sandbox's 404s: what was not found
  [/^bank account not found$/, 'conta bancária não encontrada'],
  [/^invoice not found$/, 'cobrança não encontrada'],
  [/^payable not found$/, 'conta a pagar não encontrada'],
  [/^payment batch not found$/, 'lote de pagamento não encontrado'],
  [
    /^payment options \(the invoice is not issued yet\) not found$/,
    'opções de pagamento não encontradas (a cobrança ainda não foi emitida)',
  ],
  [/^statement import not found$/, 'importação de extrato não encontrada'],
  [/^supplier not found$/, 'fornecedor não encontrado'],
  [/^the remittance file of this batch not found$/, 'o arquivo de remessa deste lote não foi encontrado'],
  [/^unit not found$/, 'unidade não encontrada'],
  [/^webhook subscription not found$/, 'assinatura de webhook não encontrada'],
  [/^resource not found$/, 'recurso não encontrado'],
];

/**
 * The fixed phrases of messages with values around them (errors and warnings), replaced where they occur: flags,
 * ids, amounts and the bank's own words stay as they are.
 */
export const PT_PHRASES: readonly [RegExp, string][] = [
  [/; did you mean "(.*?)"\?/g, '; quis dizer "$1"?'],
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
  [
    /: this is a CNAB 240 file \(a remittance or a bank return\), not a bank statement: condo cnab inspect shows it, condo batches import-return imports a return/g,
    ': este é um arquivo CNAB 240 (remessa ou retorno do banco), não um extrato: condo cnab inspect mostra, condo batches import-return importa um retorno',
  ],
  [
    /: this is a bank statement \(OFX or CSV\), not a CNAB 240 file: condo statements import reads it/g,
    ': este é um extrato bancário (OFX ou CSV), não um arquivo CNAB 240: use condo statements import',
  ],
  [
    /no chart account has the code or a name containing /g,
    'nenhuma conta contábil tem o código ou um nome que contenha ',
  ],
  [/ \(see condo ledger chart\)/g, ' (veja condo ledger chart)'],
  [/ \(see condo suppliers list; /g, ' (veja condo suppliers list; '],
  [/ matches (\d+) chart accounts: /g, ' corresponde a $1 contas contábeis: '],
  [/; give the code or the id/g, '; dê o código ou o id'],
  [
    /; --search "(.*?)" looks in payees, descriptions and documents\)/g,
    '; --search "$1" procura em favorecidos, descrições e documentos)',
  ],
  [
    / is not a date \(use DD\/MM\/YYYY, DD\/MM, YYYY-MM-DD, today, tomorrow, \+Nd or next-business-day\)/g,
    ' não é uma data (use DD/MM/AAAA, DD/MM, AAAA-MM-DD, hoje, amanhã, +Nd ou próximo-dia-útil)',
  ],
  [
    /: the year must have four digits \((.*?)\): a two-digit year could be of two centuries/g,
    ': o ano deve ter quatro dígitos ($1): um ano de dois dígitos pode ser de dois séculos',
  ],
  [
    / is not a calendar date next year \(DD\/MM\/YYYY\)/g,
    ' não é uma data do calendário no ano que vem (DD/MM/AAAA)',
  ],
  [/ is not a calendar date \(DD\/MM\/YYYY\)/g, ' não é uma data do calendário (DD/MM/AAAA)'],
  // an amount as a person types it (domain/money.ts parseReais)
  [/ is not an amount in reais/g, ' não é um valor em reais'],
  [
    / is ambiguous: write 1234,56 or 1\.234,56 \(at most two decimals\)/g,
    ' é ambíguo: escreva 1234,56 ou 1.234,56 (no máximo duas casas decimais)',
  ],
  [/ has more than two decimals/g, ' tem mais de duas casas decimais'],
  [
    /the bank says this boleto is already paid: check the statement before paying it again/g,
    'o banco diz que este boleto já está pago: confira o extrato antes de pagá-lo de novo',
  ],
  [/; not marked: --force marks it all the same/g, '; não marcada: --force marca mesmo assim'],
  // a boleto payable against its own document (domain/payables.ts reviewBoleto, the CLI's and the sandbox's)
  [
    /the boleto is for (R\$ [\d.,]+) but amount - discount \+ fine \+ interest is (R\$ [\d.,]+)/g,
    'o boleto é de $1, mas valor - desconto + multa + juros dá $2',
  ],
  [
    /due_date (\d{4})-(\d\d)-(\d\d) differs from the boleto's own due date (\d{4})-(\d\d)-(\d\d)/g,
    'o vencimento $3/$2/$1 difere do vencimento do próprio boleto, $6/$5/$4',
  ],
  // condo config set|unset
  [/^([\w.-]+)\.(\w+) set$/, '$1.$2 definido'],
  [/^([\w.-]+)\.(\w+) unset$/, '$1.$2 removido'],
  [/\(nothing was sent\)/g, '(nada foi enviado)'],
  [/; nothing was sent\)/g, '; nada foi enviado)'],
  [/ is in the past \(today is /g, ' está no passado (hoje é '],
  [
    / is a Saturday, not a bank business day; the next one is /g,
    ' é sábado, não é dia útil bancário; o próximo é ',
  ],
  [
    / is a Sunday, not a bank business day; the next one is /g,
    ' é domingo, não é dia útil bancário; o próximo é ',
  ],
  [
    / is a bank holiday \((.*?)\), not a bank business day; the next one is /g,
    ' é feriado bancário ($1), não é dia útil bancário; o próximo é ',
  ],
  [/ is required\b/g, ' é obrigatório'],
  [/ must not be empty/g, ' não pode ser vazio'],
  [/ must be an integer/g, ' deve ser um número inteiro'],
  [/ must be a calendar date YYYY-MM-DD/g, ' deve ser uma data AAAA-MM-DD'],
  [/ must be one of /g, ' deve ser um de '],
  [/ must be at most (\d+) characters/g, ' deve ter no máximo $1 caracteres'],
  [/ must have at most two decimals/g, ' deve ter no máximo duas casas decimais'],
  [/ must not be before today/g, ' não pode ser antes de hoje'],
  [/ does not exist in this condominium/g, ' não existe neste condomínio'],
  [/ is not one of /g, ' não é um de '],
  [/ is not a whole number/g, ' não é um número inteiro'],
  [/ is out of range /g, ' está fora do intervalo '],
  [
    / is not a PIX key: a CPF or CNPJ \(digits only\), a \+55 phone, an e-mail or a random key/g,
    ' não é uma chave PIX: CPF ou CNPJ (só dígitos), telefone +55, e-mail ou chave aleatória',
  ],
  [
    / is not a valid boleto barcode or linha digitável/g,
    ' não é um código de barras ou linha digitável de boleto válido',
  ],
  [
    / must be an account number and its check digit after a dash, e\.g\. /g,
    ' deve ser o número da conta com o dígito depois de um hífen, p. ex. ',
  ],
  [
    / must be an agency of up to 5 digits, with -digit when it has one/g,
    ' deve ser uma agência de até 5 dígitos, com -dígito quando tiver',
  ],
  [
    / must be a 3-digit bank code \(COMPE\), e\.g\. /g,
    ' deve ser um código de banco de 3 dígitos (COMPE), p. ex. ',
  ],
  [
    / is required: the supplier has no bank account yet/g,
    ' é obrigatório: o fornecedor ainda não tem conta bancária',
  ],
  [/no payable's id starts or ends with /g, 'nenhuma conta a pagar tem id que comece ou termine com '],
  [
    / is not a payable id, a unique start or end of one \(4 characters or more\) or a seu número/g,
    ' não é um id de conta, um começo ou fim único de um (4 caracteres ou mais) nem um seu número',
  ],
  [/ fits (\d+) payables' ids: /g, ' serve para $1 contas: '],
  [/; give more characters/g, '; dê mais caracteres'],
  [/no supplier's name contains /g, 'nenhum fornecedor tem no nome '],
  [/ \(see condo suppliers list\)/g, ' (veja condo suppliers list)'],
  [/ matches (\d+) suppliers: /g, ' corresponde a $1 fornecedores: '],
  [/; give more of the name, or the id/g, '; dê mais do nome, ou o id'],
  [/^this server cannot /g, 'este servidor não pode '],
  [/^not sent: the server was unreachable /g, 'não enviado: o servidor estava inalcançável '],
  [/^no files match /g, 'nenhum arquivo corresponde a '],
  [
    / \(--allow-empty makes that a quiet exit 0, for a cron night with no file\)/g,
    ' (--allow-empty faz disso uma saída 0 silenciosa, para uma noite de cron sem arquivo)',
  ],
  [/: nothing to import$/g, ': nada a importar'],
  [
    / is open in another program \(close it, or choose another name with -O\); nothing was written/g,
    ' está aberto em outro programa (feche-o, ou escolha outro nome com -O); nada foi gravado',
  ],
  [
    / is in use \(another sandbox\?\); --port 0 picks a free one/g,
    ' está em uso (outro sandbox?); --port 0 escolhe uma livre',
  ],
  [/^port /g, 'porta '],
  [
    / is being written by another condo process and stayed locked for (\d+) s; nothing was changed \(run the command again; if no condo is running, remove (.*)\)/g,
    ' está sendo gravado por outro processo do condo e ficou travado por $1 s; nada foi alterado (rode o comando de novo; se nenhum condo estiver rodando, remova $2)',
  ],
  [/^the config file /g, 'o arquivo de configuração '],
  [/ is an extension of the condo sandbox/g, ' é uma extensão do sandbox do condo'],
  [/^cannot update a payable in state /g, 'não é possível alterar uma conta no estado '],
  [/^cannot delete a payable in state /g, 'não é possível excluir uma conta no estado '],
  [/^cannot mark a payable in state /g, 'não é possível marcar uma conta no estado '],
  [/^cannot unmark a payable in state /g, 'não é possível desmarcar uma conta no estado '],
  [/ \(only pending\)/g, ' (só pendente)'],
  // the placeholders of a next step's command
  [/ <key>/g, ' <chave>'],
  [/ <code>/g, ' <código>'],
  [/ <period>/g, ' <período>'],
  [
    /^a pix payable needs the supplier PIX key or bank data/g,
    'uma conta por pix precisa da chave PIX ou dos dados bancários do fornecedor',
  ],
  [
    /^a (ted|doc) payable needs the supplier bank data/g,
    'uma conta por $1 precisa dos dados bancários do fornecedor',
  ],
  [
    /^a boleto payable needs its barcode or linha digitável in document_number/g,
    'uma conta por boleto precisa do código de barras ou da linha digitável em document_number',
  ],
  [/^document_number is not a valid boleto: /g, 'document_number não é um boleto válido: '],
  [
    /^forma_pagamento (\w+) is settled outside the bank file \(only pix, ted, doc or boleto\)/g,
    'forma_pagamento $1 é paga fora do arquivo do banco (só pix, ted, doc ou boleto)',
  ],
  [/ is not a readable file/g, ' não é um arquivo legível'],
  [/ already exists \(--force overwrites it\)/g, ' já existe (--force sobrescreve)'],
  [/^nothing to update: give at least one field flag/g, 'nada a alterar: dê pelo menos uma opção de campo'],
  [/^no payable is marked for remittance/g, 'nenhuma conta está marcada para remessa'],
  [/^cannot reach /g, 'não foi possível alcançar '],
  [/^not logged in/g, 'não autenticado'],
  // the parts a statement reader's finding is built of: where, the field, the reason, what was done
  // why a boleto's code is refused (domain/boleto), wherever a message quotes it
  [
    /general check digit \(field 4\) is (\S+), expected (\S+)/,
    'o dígito verificador geral (campo 4) é $1, esperado $2',
  ],
  [/general check digit is (\S+), expected (\S+)/, 'o dígito verificador geral é $1, esperado $2'],
  [
    /check digit of field (\d+) is (\S+), expected (\S+)/,
    'o dígito verificador do campo $1 é $2, esperado $3',
  ],
  [
    /a linha digitável has 47 digits \(48 for arrecadação\), got (\d+)/,
    'uma linha digitável tem 47 dígitos (48 na arrecadação), veio com $1',
  ],
  [
    /a 48-digit linha digitável \(arrecadação\) starts with 8/,
    'uma linha digitável de 48 dígitos (arrecadação) começa com 8',
  ],
  [/a barcode has 44 digits, got (\d+)/, 'um código de barras tem 44 dígitos, veio com $1'],
  [
    /value identifier \(3rd digit\) is (\S+), expected 6, 7, 8 or 9/,
    'o identificador de valor (3º dígito) é $1, esperado 6, 7, 8 ou 9',
  ],
  [/unexpected character '(.)' at position (\d+)/, "caractere inesperado '$1' na posição $2"],
];
