/**
 * The language of the screens a person reads: `--lang pt-BR|en`, else CONDO_LANG, LC_ALL, LC_MESSAGES or LANG
 * (`pt_BR.UTF-8` and any `pt…` mean Portuguese). Tables' headers and labels, states and other enum words, fixed
 * messages and help text are translated; machine output (tsv, csv, JSON, exit codes) is the same in both, so a
 * script reads one thing whatever the locale of the machine it runs on.
 *
 * English is the source: a text without a translation shows in English rather than not at all.
 */
import { UsageError } from '../domain/errors.js';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  if (flag !== undefined) {
    const wanted = LANGUAGES.find((l) => l.toLowerCase() === flag.trim().toLowerCase().replace('_', '-'));
    if (wanted) return wanted;
    if (/^pt\b/i.test(flag)) return 'pt-BR';
    if (/^en\b/i.test(flag)) return 'en';
    throw new UsageError(`--lang: "${flag}" is not one of ${LANGUAGES.join(', ')}`);
  }
  const locale = env.CONDO_LANG || env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^pt([_-]|$)/i.test(locale) ? 'pt-BR' : 'en';
}

/** `--lang` as the raw argument list carries it, before commander has parsed anything (help is built first). */
export function langArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    if (a === '--lang') return argv[i + 1];
    if (a.startsWith('--lang=')) return a.slice('--lang='.length);
  }
  return undefined;
}

export type Translate = (text: string) => string;

export const english: Translate = (text) => text;

export function translator(lang: Lang): Translate {
  if (lang === 'en') return english;
  return (text) => {
    const exact = PT[text];
    if (exact !== undefined) return exact;
    for (const [pattern, replacement] of PT_PATTERNS)
      if (pattern.test(text)) return text.replace(pattern, replacement);
    return text;
  };
}

/** Whole texts: headers, labels, enum words, fixed messages, command descriptions. */
const PT: Readonly<Record<string, string>> = {
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
  unknown: 'desconhecido',
  none: 'nenhuma',
  'none yet': 'nenhum ainda',
  yes: 'sim',
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
  PAYABLE: 'CONTA',
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
  SHARE: 'PARTICIPAÇÃO',
  PAID: 'PAGO EM',
  MONTH: 'MÊS',
  REVENUE: 'RECEITA',
  EXPENSE: 'DESPESA',
  NET: 'SALDO',
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
  'OLDEST DUE': 'VENCIMENTO MAIS ANTIGO',
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
  'next: correct what the bank names, then mark the payable again:':
    'próximo passo: corrija o que o banco apontou e marque a conta de novo:',
  'next: correct what the bank names, then mark it again:':
    'próximo passo: corrija o que o banco apontou e marque-a de novo:',
  "(the condominium's paying account: fund it or settle it with the bank)":
    '(a conta pagadora do condomínio: deposite ou resolva com o banco)',
  "(read the bank's reason; when it is solved:)": '(leia o motivo do banco; resolvido, então:)',
  'dry run: nothing was created': 'simulação: nada foi criado',
  'nothing is marked for remittance': 'nenhuma conta está marcada para remessa',
  'nothing created': 'nada foi criado',
  // commander's help headings
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
  'Examples:': 'Exemplos:',
  Topics: 'Tópicos',
  'display help for command': 'mostra a ajuda do comando',
  'output the version number': 'mostra a versão',
  // global options
  'credentials profile to use': 'perfil de credenciais a usar',
  'output format: table, tsv, json, csv': 'formato de saída: table, tsv, json, csv',
  'print the API data as JSON (same as -o json); --json a,b keeps those fields':
    'imprime os dados da API em JSON (o mesmo que -o json); --json a,b mantém esses campos',
  'a header row in tsv output too (csv always has one)':
    'linha de cabeçalho também no tsv (o csv sempre tem)',
  'never prompt; a missing value is a usage error': 'nunca pergunta; um valor faltando é erro de uso',
  'no colour in output': 'sem cores na saída',
  'trace HTTP calls on stderr (secrets redacted)': 'rastreia as chamadas HTTP no stderr (segredos ocultos)',
  'print only results, no progress': 'só resultados, sem progresso',
  'API base URL (overrides the profile)': 'URL base da API (sobrepõe o perfil)',
  'X-Request-Id to send with every call': 'X-Request-Id enviado em cada chamada',
  'Idempotency-Key for a single write': 'Idempotency-Key de uma escrita',
  'language of the screens: pt-BR or en (default from LANG)': 'idioma das telas: pt-BR ou en (padrão: LANG)',
  'csv as Excel in Portuguese opens it: ; separators, decimal commas, a UTF-8 BOM':
    'csv como o Excel em português abre: separador ;, vírgula decimal, BOM UTF-8',
  // command descriptions
  'Condominium finance from the command line: payables, CNAB 240 remittances, statements, ledger.':
    'Finanças de condomínio na linha de comando: contas a pagar, remessas CNAB 240, extratos, razão.',
  'log in, check and print credentials': 'entrar, conferir e imprimir credenciais',
  'save a profile after proving its credentials (prompts on a terminal)':
    'salva um perfil depois de testar as credenciais (pergunta no terminal)',
  'show the profile in use and whether its token works (exit 3 if not)':
    'mostra o perfil em uso e se o token funciona (saída 3 se não)',
  'print a valid access token': 'imprime um token de acesso válido',
  'remove the profile and its cached token': 'remove o perfil e o token guardado',
  'profiles: list, read and change settings, switch profile':
    'perfis: listar, ler e mudar configurações, trocar de perfil',
  'list profiles (the current one marked)': 'lista os perfis (o atual marcado)',
  'change a setting of the profile': 'muda uma configuração do perfil',
  'remove a setting of the profile': 'remove uma configuração do perfil',
  'make a profile the current one': 'torna um perfil o atual',
  'payables (contas a pagar): create, mark for remittance, follow':
    'contas a pagar: criar, marcar para remessa, acompanhar',
  'list payables': 'lista contas a pagar',
  'one payable in detail, with its batches (ID: the id, a unique start or end of it, or the seu número)':
    'uma conta a pagar em detalhe, com seus lotes (ID: o id, um começo ou fim único dele, ou o seu número)',
  'create payables (prompts for what is missing on a terminal)':
    'cria contas a pagar (pergunta o que faltar, no terminal)',
  'change a pending payable': 'altera uma conta pendente',
  'delete payables not yet in a batch (asks first; - reads ids from stdin)':
    'exclui contas que ainda não estão em lote (pergunta antes; - lê ids da entrada)',
  'mark payables for the next remittance (CNAB 240 batch); - reads ids from stdin':
    'marca contas para a próxima remessa (lote CNAB 240); - lê ids da entrada',
  'take payables out of the next remittance; - reads ids from stdin':
    'tira contas da próxima remessa; - lê ids da entrada',
  'payment batches: CNAB 240 remittance files and bank returns':
    'lotes de pagamento: arquivos de remessa CNAB 240 e retornos do banco',
  'list payment batches': 'lista os lotes de pagamento',
  'a batch with its payables and their states': 'um lote com suas contas e os estados delas',
  'put every marked payable into a new CNAB 240 remittance (asks first on a terminal)':
    'põe toda conta marcada numa nova remessa CNAB 240 (pergunta antes, no terminal)',
  "take a batch back before any return: its payables are marked again (don't send its file)":
    'desfaz um lote antes de qualquer retorno: as contas voltam a marcadas (não envie o arquivo)',
  'download the .rem (default: its own name, in the current directory)':
    'baixa o .rem (padrão: com o próprio nome, no diretório atual)',
  "import the bank's return file (.ret); re-importing the same file changes nothing":
    'importa o arquivo de retorno do banco (.ret); importar de novo o mesmo arquivo não muda nada',
  'CNAB 240 files, offline': 'arquivos CNAB 240, sem rede',
  'read a CNAB 240 remessa or retorno: header, lotes, payments, occurrences, problems by line':
    'lê uma remessa ou retorno CNAB 240: header, lotes, pagamentos, ocorrências, problemas por linha',
  'bank statements: OFX and CSV import with reconciliation':
    'extratos bancários: importação OFX e CSV com conciliação',
  'import an OFX or CSV statement into a bank account (parsed locally first; safe to re-run)':
    'importa um extrato OFX ou CSV numa conta (lido localmente antes; pode repetir sem risco)',
  'the statement imports that ran, newest first, with what each left unmatched':
    'as importações de extrato feitas, da mais nova, com o que cada uma deixou sem par',
  'one statement import and its movements still unmatched':
    'uma importação de extrato e os lançamentos ainda sem par',
  'webhook subscriptions, a local receiver, signature checks':
    'assinaturas de webhook, receptor local, conferência de assinatura',
  'list subscriptions': 'lista as assinaturas',
  'subscribe a URL to events (prints the id and the secret, shown once)':
    'assina uma URL a eventos (imprime o id e o segredo, mostrado uma vez)',
  'remove a subscription': 'remove uma assinatura',
  'receive events on loopback while it runs: verify, print or forward them':
    'recebe eventos localmente enquanto roda: confere, imprime ou repassa',
  'check a payload (file or stdin) against its X-Condo-Signature and the secret':
    'confere um payload (arquivo ou entrada) contra o X-Condo-Signature e o segredo',
  'invoices (cobranças): create drafts, issue boleto and PIX, show payment options':
    'cobranças: criar rascunhos, emitir boleto e PIX, mostrar as formas de pagamento',
  'list invoices': 'lista as cobranças',
  'show one invoice in detail': 'mostra uma cobrança em detalhe',
  'create a draft invoice in the open financial period': 'cria uma cobrança em rascunho no período aberto',
  'issue the payment options (registered boleto and PIX QR) of a draft invoice':
    'emite as formas de pagamento (boleto registrado e QR PIX) de uma cobrança em rascunho',
  'expenses (despesas): register bills and installment series': 'despesas: registrar contas e parcelamentos',
  'list expenses': 'lista as despesas',
  'register an expense (paid ones become ledger entries in their financial period)':
    'registra uma despesa (as pagas viram lançamentos no período delas)',
  'split a total into N linked expenses with monthly due dates':
    'divide um total em N despesas ligadas, com vencimentos mensais',
  'chart of accounts, entries, transfers between bank accounts, a month summary':
    'plano de contas, lançamentos, transferências entre contas, resumo do mês',
  'list the chart of accounts (plano de contas)': 'lista o plano de contas',
  'ledger entries: list (default) or create': 'lançamentos: listar (padrão) ou criar',
  'list ledger entries (revenue and expense)': 'lista os lançamentos (receitas e despesas)',
  'create a revenue or expense entry in an open financial period':
    'cria um lançamento de receita ou despesa num período aberto',
  'move money between two bank accounts (an outgoing and an incoming entry)':
    'transfere entre duas contas bancárias (um lançamento de saída e um de entrada)',
  "a month's revenue and expense per chart account and bank account; or months side by side, with a chart":
    'receitas e despesas do mês por conta contábil e conta bancária; ou meses lado a lado, com gráfico',
  'reports people ask for every month': 'os relatórios pedidos todo mês',
  'what was paid in a month: each payment, or by supplier or chart account, with the total':
    'o que foi pago no mês: cada pagamento, ou por fornecedor ou conta contábil, com o total',
  'delinquency snapshot per unit: overdue invoices, total outstanding, days overdue':
    'inadimplência por unidade: cobranças vencidas, total em aberto, dias de atraso',
  'monetary indexes (IPCA, IGPM, INPC, INCC, TJSP) used to correct overdue amounts':
    'índices de correção (IPCA, IGPM, INPC, INCC, TJSP) dos valores em atraso',
  'bank accounts of the condominium': 'contas bancárias do condomínio',
  'list bank accounts with type and current balance': 'lista as contas bancárias com tipo e saldo atual',
  'suppliers (fornecedores)': 'fornecedores',
  'list suppliers with their bank data and PIX keys':
    'lista os fornecedores com dados bancários e chaves PIX',
  "a supplier's payment data and its rejected payables (SUPPLIER: id or name)":
    'os dados de pagamento de um fornecedor e as contas rejeitadas dele (FORNECEDOR: id ou nome)',
  "correct a supplier's bank account or PIX key, as a bank's rejection names it":
    'corrige a conta bancária ou a chave PIX de um fornecedor, como a rejeição do banco apontou',
  'units of the condominium': 'unidades do condomínio',
  'list units with block and owner': 'lista as unidades com bloco e proprietário',
  'run the local sandbox of the finance API': 'roda o sandbox local da API financeira',
  'run the API in the foreground (Ctrl-C stops it)': 'roda a API em primeiro plano (Ctrl-C para)',
  'print the seeded API clients (default, read-only, other)':
    'imprime os clientes da API semeados (default, read-only, other)',
  'play the bank: write the return (.ret) for a remittance (.rem)':
    'faz o papel do banco: escreve o retorno (.ret) de uma remessa (.rem)',
  "play the bank: the month's statement of the payment account, as OFX or CSV":
    'faz o papel do banco: o extrato do mês da conta de pagamentos, em OFX ou CSV',
  'throw away the sandbox data and seed it again': 'descarta os dados do sandbox e semeia de novo',
  'shell completion: commands, flags and their values': 'completar no shell: comandos, opções e valores',
  'help on a command, or a topic: exit-codes, formats, environment, cron':
    'ajuda de um comando, ou um tópico: exit-codes, formats, environment, cron',
};

/** Texts with a variable part. */
const PT_PATTERNS: readonly [RegExp, string][] = [
  [/^Showing (\d+) of (\d+): --all for every row$/, 'Mostrando $1 de $2: --all para todas as linhas'],
  [/^Showing the first (\d+): --all for every row$/, 'Mostrando as primeiras $1: --all para todas as linhas'],
  [/^(\d+) payments in (\d{4}-\d\d), (.*)$/, '$1 pagamentos em $2, $3'],
  [/^Ledger (\S+) to (\S+)$/, 'Razão de $1 a $2'],
  [/^Ledger (\S+)$/, 'Razão $1'],
];
