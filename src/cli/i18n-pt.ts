/** Brazilian Portuguese for what a person reads (i18n.ts): whole texts, texts with a variable part, phrases. */

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
  // cnab inspect's summary
  bank: 'banco',
  lines: 'linhas',
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
  'PAID OUT': 'PAGO',
  REJECTIONS: 'REJEIÇÕES',
  'TO PAY': 'A PAGAR',
  OVERDUE: 'EM ATRASO',
  START: 'SALDO INICIAL',
  END: 'SALDO FINAL',
  SECTION: 'SEÇÃO',
  ITEM: 'ITEM',
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
  'this file was imported before: the earlier result was replayed, nothing changed':
    'este arquivo já foi importado: o resultado anterior foi repetido, nada mudou',
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
  // flag help
  'print a setting of the profile (base_url, condominium, client_id, scopes, early_payment_days)':
    'imprime uma configuração do perfil (base_url, condominium, client_id, scopes, early_payment_days)',
  'linha digitável, boleto URL and PIX copia e cola of an issued invoice (QR code on a terminal)':
    'linha digitável, URL do boleto e PIX copia e cola de uma cobrança emitida (QR code no terminal)',
  'make an authenticated API call; a path not starting with /api/ is relative to the condominium':
    'faz uma chamada autenticada à API; um caminho que não começa com /api/ é relativo ao condomínio',
  'print the OpenAPI 3.1 document of the API (a running sandbox serves it at /api/v1/openapi.json)':
    'imprime o documento OpenAPI 3.1 da API (um sandbox rodando o serve em /api/v1/openapi.json)',
  'walk through a month of payables and the CNAB 240 remittance run against a throw-away sandbox':
    'percorre um mês de contas a pagar e a remessa CNAB 240 num sandbox descartável',
  'condominium slug': 'identificador (slug) do condomínio',
  'OAuth client id': 'client id OAuth',
  'read the client secret from stdin': 'lê o client secret da entrada padrão',
  'scopes to request, space- or comma-separated (default: all the client has)':
    'escopos a pedir, separados por espaço ou vírgula (padrão: todos os do cliente)',
  'filter by state: pending, marked_for_remessa, in_batch, scheduled, paid':
    'filtra por estado: pending, marked_for_remessa, in_batch, scheduled, paid',
  'only payables the bank rejected (pending again, to be fixed and marked)':
    'só as contas que o banco rejeitou (pendentes de novo, a corrigir e marcar)',
  'filter by supplier: its id, or a name that matches one supplier':
    'filtra por fornecedor: o id, ou um nome que identifique um só fornecedor',
  'the description, payee or document contains this text':
    'a descrição, o favorecido ou o documento contém este texto',
  'only these, comma-separated: pix, ted, doc, boleto, cash, check':
    'só estas, separadas por vírgula: pix, ted, doc, boleto, cash, check',
  'due on or after': 'vencimento a partir de',
  'due on or before': 'vencimento até',
  'every row, page by page (the default when piped)': 'todas as linhas, página a página (o padrão num pipe)',
  'at most this many rows': 'no máximo estas linhas',
  'supplier id, or a name that matches one (see condo suppliers list)':
    'id do fornecedor, ou um nome que identifique um só (veja condo suppliers list)',
  'expense chart account: id, code (2.3.05) or part of its name':
    'conta contábil de despesa: id, código (2.3.05) ou parte do nome',
  'payee name (defaults to the supplier name)': 'nome do favorecido (padrão: o do fornecedor)',
  'amount in reais, e.g. 1.234,56': 'valor em reais, p. ex. 1.234,56',
  'fine (multa) in reais': 'multa em reais',
  'interest (juros) in reais': 'juros em reais',
  'discount in reais': 'desconto em reais',
  'payment method: pix, ted, doc, boleto, cash, check':
    'forma de pagamento: pix, ted, doc, boleto, cash, check',
  'due date: DD/MM/YYYY, DD/MM (the next one), YYYY-MM-DD, today, +Nd':
    'vencimento: DD/MM/AAAA, DD/MM (o próximo), AAAA-MM-DD, today, +Nd',
  'issue date': 'data de emissão',
  'document number; for a boleto, its barcode or linha digitável':
    'número do documento; para boleto, o código de barras ou a linha digitável',
  'what is being paid': 'o que está sendo pago',
  'free notes': 'observações livres',
  'a tax guide, DARF or GPS paid by its data (no --document), FGTS by its barcode (--document): darf, gps, fgts':
    'uma guia de tributo, DARF ou GPS paga pelos dados (sem --document), FGTS pelo código de barras (--document): darf, gps, fgts',
  "the guide's código da receita (DARF), de pagamento (GPS) or de recolhimento (FGTS): 4 digits":
    'o código da receita (DARF), de pagamento (GPS) ou de recolhimento (FGTS) da guia: 4 dígitos',
  "the guide's contributor (default: the condominium)": 'o contribuinte da guia (padrão: o condomínio)',
  'DARF: período de apuração YYYY-MM-DD; GPS: competência YYYY-MM':
    'DARF: período de apuração AAAA-MM-DD; GPS: competência AAAA-MM',
  'DARF: its reference number (número de referência)': 'DARF: o número de referência',
  'GPS: the part of --amount due to other entities (terceiros), in reais':
    'GPS: a parte de --amount devida a outras entidades (terceiros), em reais',
  "FGTS: the guide's identifier": 'FGTS: o identificador da guia',
  'JSON payable body (API fields, cents), or an array of them':
    'corpo JSON de conta a pagar (campos da API, centavos), ou uma lista deles',
  'delete without asking': 'exclui sem perguntar',
  'remove without asking': 'remove sem perguntar',
  'deliver webhooks to this address or CIDR range though it is link-local or reserved (repeatable)':
    'entrega webhooks a este endereço ou faixa CIDR mesmo sendo link-local ou reservado (repetível)',
  'a pattern that matches no file is not an error (cron, a night with no file)':
    'um padrão que não encontra arquivo não é erro (cron, uma noite sem arquivo)',
  "a valid test boleto (linha digitável and barcode) as a sandbox supplier's bank issues it":
    'um boleto de teste válido (linha digitável e código de barras) como o banco de um fornecedor do sandbox emite',
  'the issuing bank: 001, 033, 041, 077, 104, 237, 341, 422, 748, 756 (default 341)':
    'o banco emissor: 001, 033, 041, 077, 104, 237, 341, 422, 748, 756 (padrão 341)',
  'its amount (default 740,00)': 'o valor (padrão 740,00)',
  'its due date (default +5d)': 'o vencimento (padrão +5d)',
  'linha digitável': 'linha digitável',
  'Ready.': 'Pronto.',
  amount: 'valor',
  barcode: 'código de barras',
  due: 'vencimento',
  'remove the sandbox profiles whose sandbox no longer answers (asks first)':
    'remove os perfis de sandbox cujo sandbox não responde mais (pergunta antes)',
  'payment date, a bank business day: YYYY-MM-DD, tomorrow, +Nd, next-business-day':
    'data de pagamento, um dia útil bancário: AAAA-MM-DD, tomorrow, +Nd, next-business-day',
  'show what would go (per forma, each payee, warnings) and create nothing':
    'mostra o que iria (por forma, cada favorecido, avisos) e não cria nada',
  'do not ask for confirmation on a terminal': 'não pede confirmação no terminal',
  'cancel without asking': 'cancela sem perguntar',
  'write it here (- for stdout)': 'grava aqui (- para a saída padrão)',
  'overwrite an existing file': 'sobrescreve um arquivo existente',
  'bank account id (see condo bank-accounts list)': 'id da conta bancária (veja condo bank-accounts list)',
  'ofx or csv (default: detected from the file)': 'ofx ou csv (padrão: detectado no arquivo)',
  'import even when the bank or account in the file differ from the bank account':
    'importa mesmo quando o banco ou a conta do arquivo diferem da conta bancária',
  'parse and summarize only: no account, credentials or network needed':
    'só lê e resume: não precisa de conta, credenciais nem rede',
  'generic CSV: date=Data,amount=Valor,description=Histórico,id=Documento':
    'CSV genérico: date=Data,amount=Valor,description=Histórico,id=Documento',
  'generic CSV date format, e.g. DD/MM/YYYY': 'formato de data do CSV genérico, p. ex. DD/MM/YYYY',
  'only this bank account': 'só esta conta bancária',
  'comma-separated: bank.statement.imported, *': 'separados por vírgula: bank.statement.imported, *',
  'POST each verified event to this URL': 'envia (POST) cada evento conferido a esta URL',
  'events to subscribe to': 'eventos a assinar',
  'local port (default: a free one)': 'porta local (padrão: uma livre)',
  "a file holding the subscription's secret (or set CONDO_WEBHOOK_SECRET)":
    'um arquivo com o segredo da assinatura (ou defina CONDO_WEBHOOK_SECRET)',
  'the secret itself (visible in ps: prefer --secret-file)':
    'o próprio segredo (visível no ps: prefira --secret-file)',
  'the X-Condo-Signature header value': 'o valor do cabeçalho X-Condo-Signature',
  'refuse timestamps further than this from now (0: no check)':
    'recusa carimbos de tempo mais distantes que isto de agora (0: não confere)',
  'filter by state: draft, issued, paid, canceled, overdue':
    'filtra por estado: draft, issued, paid, canceled, overdue',
  'filter by unit id (see condo units list)': 'filtra pelo id da unidade (veja condo units list)',
  'filter by party (payer) id': 'filtra pelo id do pagador',
  'unit id (see condo units list)': 'id da unidade (veja condo units list)',
  'party (payer) id, when not the unit owner': 'id do pagador, quando não é o proprietário da unidade',
  'bank account receiving the payment (see condo bank-accounts list)':
    'conta bancária que recebe o pagamento (veja condo bank-accounts list)',
  'how it is paid: BOLETO, PIX, BOLETO_PIX': 'como é pago: BOLETO, PIX, BOLETO_PIX',
  'amount before fine, interest, correction and discount, e.g. 850,00':
    'valor antes de multa, juros, correção e desconto, p. ex. 850,00',
  'fine (multa)': 'multa',
  'interest (juros)': 'juros',
  'monetary correction (correção monetária)': 'correção monetária',
  discount: 'desconto',
  'total; computed when omitted, refused when it does not add up':
    'total; calculado quando omitido, recusado quando não fecha',
  'JSON invoice body (API fields, decimal reais), or an array of them':
    'corpo JSON de cobrança (campos da API, reais decimais), ou uma lista deles',
  'filter by supplier id': 'filtra pelo id do fornecedor',
  'filter by chart account: id, code (2.3.05) or part of its name':
    'filtra pela conta contábil: id, código (2.3.05) ou parte do nome',
  'paid on or after': 'pago a partir de',
  'paid on or before': 'pago até',
  'what was bought or paid': 'o que foi comprado ou pago',
  'supplier id': 'id do fornecedor',
  'supplier id, or a name that matches one': 'id do fornecedor, ou um nome que identifique um só',
  'bank account it is paid from': 'conta bancária de onde sai o pagamento',
  'payment method, free text (pix, boleto, ted, cash...)':
    'forma de pagamento, texto livre (pix, boleto, ted, dinheiro...)',
  'date it was paid (its month must be an open financial period)':
    'data do pagamento (o mês precisa ser um período aberto)',
  'payee name': 'nome do favorecido',
  'document number (invoice, receipt)': 'número do documento (nota, recibo)',
  'JSON expense body (API fields, decimal reais), or an array of them':
    'corpo JSON de despesa (campos da API, reais decimais), ou uma lista deles',
  'number of installments, 2 to 60': 'número de parcelas, de 2 a 60',
  'total, split exactly in cents (the odd cents go to the first installments)':
    'total, dividido exato em centavos (os centavos que sobram vão para as primeiras parcelas)',
  'first due date; the next ones keep its day (a 31st becomes the last day)':
    'primeiro vencimento; os seguintes mantêm o dia (um 31 vira o último dia)',
  'days between due dates instead of calendar months, 1 to 90':
    'dias entre vencimentos em vez de meses, de 1 a 90',
  'what is being paid in installments': 'o que está sendo pago em parcelas',
  'print the schedule and exit; sends nothing, needs no credentials':
    'imprime o cronograma e sai; não envia nada, não precisa de credenciais',
  'JSON installments body (API fields, decimal reais), or an array of them':
    'corpo JSON de parcelamento (campos da API, reais decimais), ou uma lista deles',
  'revenue or expense': 'receita ou despesa',
  'active or inactive': 'ativa ou inativa',
  'chart account: id, code (2.3.05) or part of its name':
    'conta contábil: id, código (2.3.05) ou parte do nome',
  'bank account id': 'id da conta bancária',
  'revenue or expense: revenue, expense': 'receita ou despesa: revenue, expense',
  'chart account: id, code (2.3.05) or part of its name (condo ledger chart)':
    'conta contábil: id, código (2.3.05) ou parte do nome (condo ledger chart)',
  'what the entry is': 'o que é o lançamento',
  'date paid or received; its month must be an open financial period':
    'data paga ou recebida; o mês precisa ser um período aberto',
  'bank account it moved through': 'conta bancária por onde passou',
  'unit id (for revenue from a unit)': 'id da unidade (para receita de uma unidade)',
  'document number': 'número do documento',
  'payment method, free text': 'forma de pagamento, texto livre',
  'due date': 'vencimento',
  'JSON entry body (API fields, decimal reais), or an array of them':
    'corpo JSON de lançamento (campos da API, reais decimais), ou uma lista deles',
  'source bank account id (see condo bank-accounts list)':
    'id da conta bancária de origem (veja condo bank-accounts list)',
  'destination bank account id': 'id da conta bancária de destino',
  'amount in reais': 'valor em reais',
  'transfer date; its month must be an open financial period':
    'data da transferência; o mês precisa ser um período aberto',
  'chart account the two entries are recorded against': 'conta contábil dos dois lançamentos',
  description: 'descrição',
  'JSON transfer body (API fields, decimal reais), or an array of them':
    'corpo JSON de transferência (campos da API, reais decimais), ou uma lista deles',
  'the month': 'o mês',
  'the first month of a range (with --to; default: --to)':
    'o primeiro mês do intervalo (com --to; padrão: --to)',
  'the last month of a range (default: this month)': 'o último mês do intervalo (padrão: este mês)',
  'the last N months up to --to (instead of --from)': 'os últimos N meses até --to (em vez de --from)',
  'the month (default: this one)': 'o mês (padrão: este)',
  'sum by supplier or chart-account': 'soma por supplier (fornecedor) ou chart-account (conta contábil)',
  'the day the snapshot is taken (default: today)': 'o dia da fotografia (padrão: hoje)',
  'only units at least this many days overdue': 'só unidades com pelo menos estes dias de atraso',
  'only units owing at least this much': 'só unidades devendo pelo menos isto',
  'bank code (COMPE, 3 digits), e.g. 341': 'código do banco (COMPE, 3 dígitos), p. ex. 341',
  'agency, with -digit when it has one: 0912 or 1607-5': 'agência, com -dígito quando tiver: 0912 ou 1607-5',
  'account and check digit: 45873-4': 'conta e dígito: 45873-4',
  'checking or savings': 'checking (corrente) ou savings (poupança)',
  'PIX key: CPF/CNPJ digits, +55 phone, e-mail or random key':
    'chave PIX: CPF/CNPJ só dígitos, telefone +55, e-mail ou chave aleatória',
  'remove the PIX key': 'remove a chave PIX',
  "the supplier's name": 'o nome do fornecedor',
  'a body field (query parameter for GET), typed: numbers, true, false, null':
    'um campo do corpo (parâmetro de consulta no GET), tipado: números, true, false, null',
  'a body field kept as a string': 'um campo do corpo mantido como texto',
  'the request body as JSON from a file, or - for stdin':
    'o corpo da requisição em JSON de um arquivo, ou - para a entrada padrão',
  'address to bind': 'endereço onde escutar',
  'port (0 picks a free one)': 'porta (0 escolhe uma livre)',
  'where the sandbox keeps its state': 'onde o sandbox guarda o estado',
  'requests per token per window (default 600/60)': 'requisições por token por janela (padrão 600/60)',
  'access token lifetime (default 3600)': 'validade do token de acesso (padrão 3600)',
  'answer to this Host name too (repeatable; loopback answers only localhost)':
    'responde também a este Host (repetível; no loopback só localhost)',
  "a new data dir without this month's seeded payables (the cadastros and history only)":
    'um diretório novo sem as contas semeadas do mês (só cadastros e histórico)',
  'the sandbox data dir': 'o diretório de dados do sandbox',
  'where to write the return (- for stdout)': 'onde gravar o retorno (- para a saída padrão)',
  'reject this payment (repeatable); SEU:CODE rejects it with that code, e.g. …:ZK':
    'rejeita este pagamento (repetível); SEU:CÓDIGO rejeita com esse código, p. ex. …:ZK',
  'mark even a payable the bank said is already paid (ZK), once the statement shows it is not':
    'marca mesmo uma conta que o banco disse já estar paga (ZK), depois que o extrato mostrar que não está',
  'reject this fraction of the payments at random (0..1 or 10%)':
    'rejeita esta fração dos pagamentos ao acaso (0..1 ou 10%)',
  'answer BD (scheduled) instead of 00 (paid)': 'responde BD (agendado) em vez de 00 (pago)',
  'seed for --reject-rate and the rejection codes, for a repeatable file':
    'semente para --reject-rate e os códigos de rejeição, para um arquivo repetível',
  'the month (default: this one; a past month runs to its last day)':
    'o mês (padrão: este; um mês passado vai até o último dia)',
  'ofx or csv': 'ofx ou csv',
  'bank account id (default: the payment account)': 'id da conta bancária (padrão: a conta de pagamentos)',
  'write it here (- for stdout; default extrato-YYYY-MM.ofx here)':
    'grava aqui (- para a saída padrão; padrão extrato-AAAA-MM.ofx aqui)',
  "the server's URL in the document (default http://127.0.0.1:4010)":
    'a URL do servidor no documento (padrão http://127.0.0.1:4010)',
  'write it to this file instead of stdout': 'grava neste arquivo em vez da saída padrão',
  'reset even while a sandbox is running on the data dir':
    'reinicia mesmo com um sandbox rodando no diretório',
  "without this month's seeded payables (the cadastros and history only)":
    'sem as contas semeadas do mês (só cadastros e histórico)',
  // command descriptions
  'import OFX or CSV statements into their bank accounts (parsed locally first; safe to re-run)':
    'importa extratos OFX ou CSV nas contas deles (lidos localmente antes; pode repetir sem risco)',
  'bank account id (default: the account the file names; see condo bank-accounts list)':
    'id da conta bancária (padrão: a conta que o arquivo indica; veja condo bank-accounts list)',
  "import the bank's return files (.ret), each into the batch its payments name; re-importing changes nothing":
    'importa os arquivos de retorno do banco (.ret), cada um no lote que os pagamentos indicam; importar de novo não muda nada',
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
  "print the seeded API clients (default, read-only, other, and a firm's condominiums')":
    'imprime os clientes da API semeados (default, read-only, other, e os dos condomínios da administradora)',
  'a read over these profiles (a,b,c): one table with a CONDOMINIUM column':
    'uma consulta nestes perfis (a,b,c): uma tabela com a coluna CONDOMÍNIO',
  "a read over every profile; a file verb sends each file to its condominium's":
    'uma consulta em todos os perfis; um comando de arquivos manda cada arquivo ao condomínio dele',
  'import bank files by their content: returns (.ret) into their batches, OFX/CSV statements into their accounts':
    'importa arquivos do banco pelo conteúdo: retornos (.ret) nos lotes deles, extratos OFX/CSV nas contas deles',
  "a condominium's month for its council: paid, rejected, to pay, revenue, defaulters, balances":
    'o mês de um condomínio para o conselho: pago, rejeitado, a pagar, receita, inadimplentes, saldos',
  'play an accounting firm: N condominiums (2 to 200), each with its client, accounts and bills':
    'faz o papel de uma administradora: N condomínios (2 a 200), cada um com cliente, contas e despesas',
  'write one profile per condominium, named after it, for --all-profiles':
    'grava um perfil por condomínio, com o nome dele, para --all-profiles',
  "whose payment account (default: the account's, else the test one)":
    'de qual condomínio é a conta de pagamentos (padrão: o da conta, senão o de teste)',
  'play the bank: write the return (.ret) for a remittance (.rem)':
    'faz o papel do banco: escreve o retorno (.ret) de uma remessa (.rem)',
  "play the bank: the month's statement of the payment account, as OFX or CSV":
    'faz o papel do banco: o extrato do mês da conta de pagamentos, em OFX ou CSV',
  'throw away the sandbox data and seed it again': 'descarta os dados do sandbox e semeia de novo',
  'shell completion: commands, flags and their values': 'completar no shell: comandos, opções e valores',
  'help on a command, or a topic: exit-codes, formats, environment, cron':
    'ajuda de um comando, ou um tópico: exit-codes, formats, environment, cron',
  // usage errors said in full (test/unit/cli/messages.test.ts keeps every such message translated)
  '--from-file: give the fields in the file, not as flags too':
    '--from-file: dê os campos no arquivo, não também como opções',
  'use --input or --field, not both': 'use --input ou --field, não os dois',
  '--client-secret-stdin: nothing was read from stdin':
    '--client-secret-stdin: nada foi lido da entrada padrão',
  'with a batch id, give one return file (or leave the id out: each file finds its batch)':
    'com o id de um lote, dê um arquivo de retorno (ou deixe o id de fora: cada arquivo acha o seu lote)',
  '--from or --last: give one': '--from ou --last: dê um só',
  '--month, or a range (--from, --to, --last): give one':
    '--month, ou um período (--from, --to, --last): dê um só',
  'nothing to update: give --bank-code, --agency, --account, --account-type, --pix-key or --name':
    'nada a alterar: dê --bank-code, --agency, --account, --account-type, --pix-key ou --name',
  '--rejected and --state: give one (a rejected payable is a pending one the bank refused)':
    '--rejected e --state: dê um só (uma conta rejeitada é uma pendente que o banco recusou)',
  '--search: give some text': '--search: dê algum texto',
  '--from-file: update takes one JSON object': '--from-file: a alteração recebe um objeto JSON',
  'the sandbox has never been started on this data dir, so its address is unknown: run condo sandbox start first':
    'o sandbox nunca foi iniciado neste diretório de dados, então seu endereço é desconhecido: rode condo sandbox start antes',
  '--amount: a boleto to pay has an amount above zero': '--amount: um boleto a pagar tem valor acima de zero',
  'ID: no ids given (stdin was empty)': 'ID: nenhum id dado (a entrada padrão estava vazia)',
  '--profile and --profiles/--all-profiles: give one': '--profile e --profiles/--all-profiles: dê um só',
  '--profiles and --all-profiles: give one': '--profiles e --all-profiles: dê um só',
  '--profiles: give profile names, e.g. --profiles a,b,c':
    '--profiles: dê nomes de perfis, p. ex. --profiles a,b,c',
  '--all-profiles: there are no profiles yet (condo auth login; on the sandbox, condo sandbox credentials --write-profiles)':
    '--all-profiles: ainda não há perfis (condo auth login; no sandbox, condo sandbox credentials --write-profiles)',
  // the demo's own failures
  'the sandbox has no default client': 'o sandbox não tem o cliente padrão',
  'the sandbox seed lacks suppliers or expense accounts':
    'a semente do sandbox não tem fornecedores ou contas de despesa',
  'the demo payables were not listed': 'as contas a pagar do demo não foram listadas',
  // headings not yet said in Portuguese
  GROUP: 'GRUPO',
  'BASE URL': 'URL BASE',
  'CLIENT ID': 'ID DO CLIENTE',
  'CLIENT SECRET': 'SEGREDO DO CLIENTE',
  SCOPES: 'ESCOPOS',
  Barcode: 'Código de barras',
  'Boleto URL': 'URL do boleto',
};

/** Texts with a variable part. */
export const PT_PATTERNS: readonly [RegExp, string][] = [
  [/^Showing (\d+) of (\d+): --all for every row$/, 'Mostrando $1 de $2: --all para todas as linhas'],
  [/^Showing the first (\d+): --all for every row$/, 'Mostrando as primeiras $1: --all para todas as linhas'],
  [/^(\d+) payments in (\d{4}-\d\d), (.*)$/, '$1 pagamentos em $2, $3'],
  [/^Ledger (\S+) to (\S+)$/, 'Razão de $1 a $2'],
  [/^Ledger (\S+)$/, 'Razão $1'],
  [/^(\d+) marked, (\d+) failed$/, '$1 marcadas, $2 com falha'],
  [/^(\d+) unmarked, (\d+) failed$/, '$1 desmarcadas, $2 com falha'],
  [/^(\d+) deleted, (\d+) failed$/, '$1 excluídas, $2 com falha'],
  [/^(\d+) created, (\d+) failed$/, '$1 criadas, $2 com falha'],
  [/^(\d+) payments, (R\$ [\d.,]+), paid on (\S+): (.*)$/, '$1 pagamentos, $2, pagos em $3: $4'],
  [/^(\S+): due (\S+), paid (\S+): late$/, '$1: vence em $2, pago em $3: atrasado'],
  [
    /^(\S+): due (\S+), paid (\S+): more than (\d+) days early \(the money leaves before it must\)$/,
    '$1: vence em $2, pago em $3: mais de $4 dias antes (o dinheiro sai antes do necessário)',
  ],
  [
    /^(\S+): the boleto is due (\S+), before the payment date (\S+): the bank may refuse it, or charge fine and interest$/,
    '$1: o boleto vence em $2, antes da data de pagamento $3: o banco pode recusá-lo ou cobrar multa e juros',
  ],
  [
    /^(\S+): the same barcode as payable (\S+) \((\S+)\): a duplicate would pay the bill twice$/,
    '$1: o mesmo código de barras da conta $2 ($3): uma duplicata pagaria a conta duas vezes',
  ],
  [
    /^(\S+): the same supplier, amount and due date as payable (\S+) \((\S+)\): a duplicate would pay the bill twice$/,
    '$1: mesmo fornecedor, valor e vencimento da conta $2 ($3): uma duplicata pagaria a conta duas vezes',
  ],
  [
    /^(\S+): the bank rejected it on (\S+) \((.*)\) and the barcode is still the one it refused: correct it first, or the bank refuses it again$/,
    '$1: o banco rejeitou em $2 ($3) e o código de barras ainda é o que ele recusou: corrija antes, ou o banco recusa de novo',
  ],
  [
    /^(\S+): the bank rejected it on (\S+) \((.*)\) and the PIX key is still the one it refused: correct it first, or the bank refuses it again$/,
    '$1: o banco rejeitou em $2 ($3) e a chave PIX ainda é a que ele recusou: corrija antes, ou o banco recusa de novo',
  ],
  [
    /^(\S+): the bank rejected it on (\S+) \((.*)\) and the bank account is still the one it refused: correct it first, or the bank refuses it again$/,
    '$1: o banco rejeitou em $2 ($3) e a conta bancária ainda é a que ele recusou: corrija antes, ou o banco recusa de novo',
  ],
  [/^now mark its rejected payables again: (.*)$/, 'agora marque de novo as contas rejeitadas dele: $1'],
  [/^wrote (\d+) bytes$/, '$1 bytes gravados'],
  [/^written to (.*)$/, 'gravado em $1'],
  [
    /^Listening on (\S+) for (.*) \(subscription (\S+)\)\. Ctrl-C to stop\.$/,
    'Escutando em $1 para $2 (assinatura $3). Ctrl-C para parar.',
  ],
  [
    /^(\d+) of (\d+) created; run the same command again to finish$/,
    '$1 de $2 criadas; rode o mesmo comando de novo para terminar',
  ],
  [/^no sandbox profiles: nothing to prune$/, 'nenhum perfil de sandbox: nada a remover'],
  [
    /^every sandbox profile's sandbox answers \((\d+)\): nothing to prune$/,
    'o sandbox de cada perfil de sandbox responde ($1): nada a remover',
  ],
  [
    /^Remove (\d+) sandbox profiles? whose sandbox no longer answers: (.*)\?$/,
    'Remover $1 perfil(is) de sandbox cujo sandbox não responde mais: $2?',
  ],
  [/^(\d+) sandbox profiles removed$/, '$1 perfis de sandbox removidos'],
  [
    /^Cancel batch (\S+) of (.*) \((\d+) payables, (R\$ [\d.,]+)\)\? Do not send its file to the bank\.$/,
    'Cancelar o lote $1 de $2 ($3 contas, $4)? Não envie o arquivo dele ao banco.',
  ],
  [/^Create these (\d+) expenses in (.*)\?$/, 'Criar estas $1 despesas em $2?'],
  [/^try: (.*)$/, 'experimente: $1'],
  [/^dry run: nothing was created in (.*)$/, 'simulação: nada foi criado em $1'],
  [/^nothing is marked for remittance in (.*)$/, 'nada está marcado para remessa em $1'],
  [
    /^Create the remittance: (\d+) payments, (R\$ [\d.,]+), paid on (\S+), from (.*)\?$/,
    'Criar a remessa: $1 pagamentos, $2, pagos em $3, de $4?',
  ],
  [/^Delete (.*)\? This cannot be undone\. In (.*)$/, 'Excluir $1? Isso não pode ser desfeito. Em $2'],
  [/^created payable (\S+) \((.*)\)$/, 'conta a pagar $1 criada ($2)'],
  [/^updated payable (\S+)$/, 'conta a pagar $1 alterada'],
  [
    /^batch (\S+): (\d+) payables, (R\$ [\d.,]+), file (\S+) \(NSA (\d+)\)$/,
    'lote $1: $2 contas, $3, arquivo $4 (NSA $5)',
  ],
  [
    /^batch (\S+) canceled: (\d+) payables are marked for the next remittance again$/,
    'lote $1 cancelado: $2 contas marcadas de novo para a próxima remessa',
  ],
  [/^updated supplier (.*)$/, 'fornecedor $1 alterado'],
  [/^Paid: (\d+) payments, (.*)$/, 'Pago: $1 pagamentos, $2'],
  [/^Rejected by the bank: (\d+)$/, 'Rejeitadas pelo banco: $1'],
  [/^Rejected by the bank in the month's returns: (\d+)$/, 'Rejeitadas pelo banco nos retornos do mês: $1'],
  [
    /^Still rejected \(to correct and send again\): (\d+)$/,
    'Ainda rejeitadas (corrigir e enviar de novo): $1',
  ],
  [/^Still to pay: (\d+), (.*)$/, 'A pagar: $1, $2'],
  [/^Revenue received: (.*)$/, 'Receita recebida: $1'],
  [/^Defaulters: (\d+) units, (.*) overdue$/, 'Inadimplentes: $1 unidades, $2 em atraso'],
  [
    /^(\d+) of (\d+) condominiums answered; (\d+) failed \(above\)$/,
    '$1 de $2 condomínios responderam; $3 falharam (acima)',
  ],
  [
    /^(\S+): could not be asked \((.*)\); a file of its condominium would have been refused$/,
    '$1: não foi possível consultar ($2); um arquivo desse condomínio teria sido recusado',
  ],
  [
    /^(\d+) profiles written, one per condominium; try: (.*)$/,
    '$1 perfis gravados, um por condomínio; experimente: $2',
  ],
  [
    /^(\S+): into bank account (\d+) \((.*)\), as the file names it$/,
    '$1: na conta bancária $2 ($3), como o arquivo indica',
  ],
  [/^(\S+): batch (\S+) \(NSA (.*)\), by its payments$/, '$1: lote $2 (NSA $3), pelos pagamentos'],
  [
    /^Create the remittance: (\d+) payments, (R\$ [\d.,]+), paid on (\S+)\?$/,
    'Criar a remessa: $1 pagamentos, $2, pagos em $3?',
  ],
  [/^rejected (\S+) \((.*)\): (.*); next: (.*)$/, 'rejeitada $1 ($2): $3; próximo passo: $4'],
  [/^(\d+) units, (\d+) invoices, (R\$ [\d.,]+) outstanding$/, '$1 unidades, $2 cobranças, $3 em aberto'],
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
    /"rejected" is not a state of the API \(a rejected payable is a pending one the bank refused\): use --rejected/g,
    '"rejected" não é um estado da API (uma conta rejeitada é uma pendente que o banco recusou): use --rejected',
  ],
  [
    /: this is a CNAB 240 file \(a remittance or a bank return\), not a bank statement: condo cnab inspect shows it, condo batches import-return imports a return/g,
    ': este é um arquivo CNAB 240 (remessa ou retorno do banco), não um extrato: condo cnab inspect mostra, condo batches import-return importa um retorno',
  ],
  [
    /: this is a bank statement \(OFX or CSV\), not a CNAB 240 file: condo statements import reads it/g,
    ': este é um extrato bancário (OFX ou CSV), não um arquivo CNAB 240: condo statements import lê',
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
    ' não é uma data (use DD/MM/AAAA, DD/MM, AAAA-MM-DD, today, tomorrow, +Nd ou next-business-day)',
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
  [
    /the bank says this boleto is already paid: check the statement before paying it again/g,
    'o banco diz que este boleto já está pago: confira o extrato antes de pagá-lo de novo',
  ],
  [/; not marked: --force marks it all the same/g, '; não marcada: --force marca mesmo assim'],
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
  [/ is not a readable file/g, ' não é um arquivo legível'],
  [/ already exists \(--force overwrites it\)/g, ' já existe (--force sobrescreve)'],
  [/^nothing to update: give at least one field flag/g, 'nada a alterar: dê pelo menos uma opção de campo'],
  [/^no payable is marked for remittance/g, 'nenhuma conta está marcada para remessa'],
  [/^cannot reach /g, 'não foi possível alcançar '],
  [/^not logged in/g, 'não autenticado'],
];
