import { BOLETO_BANKS } from '../../domain/boleto/banks.js';
import { SANDBOX_PORT } from '../../domain/endpoints.js';
import { SANDBOX_STATEMENT_FORMATS } from '../../domain/ledger.js';
import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/sandbox.js');

// the flags of the verbs that write a sandbox file, said once
const DATA_DIR = {
  flag: '--data-dir <dir>',
  help: { en: 'the sandbox data dir', pt: 'o diretório de dados do sandbox' },
} as const;
const FORCE = {
  flag: '--force',
  help: { en: 'overwrite an existing file', pt: 'sobrescreve um arquivo existente' },
} as const;
/** -O, its default file named in each language (DDA-YYYY-MM-DD.ret, DDA-AAAA-MM-DD.ret). */
const writtenHere = (en: string, pt: string) =>
  ({
    flag: '-O, --output-file <file>',
    help: {
      en: `write it here (- for stdout; default ${en} here)`,
      pt: `grava aqui (- para a saída padrão; padrão ${pt} aqui)`,
    },
  }) as const;
const openApiHandlers = () => import('../commands/openapi.js');

export const commands = [
  group(
    'sandbox',
    { en: 'run the local sandbox of the finance API', pt: 'roda o sandbox local da API financeira' },
    [
      verb({
        name: 'start',
        summary: {
          en: 'run the API in the foreground (Ctrl-C stops it)',
          pt: 'roda a API em primeiro plano (Ctrl-C para)',
        },
        flags: [
          {
            flag: '--host <host>',
            help: { en: 'address to bind', pt: 'endereço onde escutar' },
            default: '127.0.0.1',
          },
          {
            flag: '--port <port>',
            help: { en: 'port (0 picks a free one)', pt: 'porta (0 escolhe uma livre)' },
            default: SANDBOX_PORT,
          },
          {
            flag: '--data-dir <dir>',
            help: { en: 'where the sandbox keeps its state', pt: 'onde o sandbox guarda o estado' },
          },
          {
            flag: '--rate-limit <count[/seconds]>',
            help: {
              en: 'requests per token per window (default 600/60)',
              pt: 'requisições por token por janela (padrão 600/60)',
            },
          },
          {
            flag: '--ip-rate-limit <count[/seconds]>',
            help: {
              en: 'requests per address without a token, the token endpoint included (default 60/60, or two per client)',
              pt: 'requisições por endereço sem token, o endpoint de token incluído (padrão 60/60, ou duas por cliente)',
            },
          },
          {
            flag: '--token-ttl <seconds>',
            help: {
              en: 'access token lifetime (default 3600)',
              pt: 'validade do token de acesso (padrão 3600)',
            },
          },
          {
            flag: '--allow-host <name>',
            help: {
              en: 'answer to this Host name too (repeatable; loopback answers only localhost)',
              pt: 'responde também a este Host (repetível; no loopback só localhost)',
            },
            repeat: true,
          },
          {
            flag: '--webhook-allow <address>',
            help: {
              en: 'deliver webhooks to this address or CIDR range though it is link-local or reserved (repeatable)',
              pt: 'entrega webhooks a este endereço ou faixa CIDR mesmo sendo link-local ou reservado (repetível)',
            },
            repeat: true,
          },
          {
            flag: '--no-bills',
            help: {
              en: "a new data dir without this month's seeded payables (the cadastros and history only)",
              pt: 'um diretório novo sem as contas semeadas do mês (só cadastros e histórico)',
            },
          },
          {
            flag: '--condominiums <n>',
            help: {
              en: 'play an accounting firm: N condominiums (2 to 200), each with its client, accounts and bills',
              pt: 'faz o papel de uma administradora: N condomínios (2 a 200), cada um com cliente, contas e despesas',
            },
          },
          {
            flag: '--units <n>',
            help: {
              en: "a new data dir's test condominium as a building of N units (1 to 5000), for a bench",
              pt: 'o condomínio de teste de um data dir novo como um prédio de N unidades (1 a 5000), para um bench',
            },
          },
          {
            flag: '--spec-only',
            help: {
              en: "serve the spec alone, as a server without condo's extensions (invoice items, cancel): their fallbacks run",
              pt: 'serve só a especificação, como um servidor sem as extensões do condo (itens, cancelamento de cobrança)',
            },
          },
        ],
        examples: [
          'condo sandbox start',
          'condo sandbox start --port 0 --data-dir /tmp/sandbox --no-bills',
          {
            line: 'condo sandbox start --condominiums 50                 # an accounting firm',
            pt: 'uma administradora',
          },
        ],
        run: async (deps, { opts }) => (await handlers()).startSandboxVerb(deps, declared(opts)),
      }),
      verb({
        name: 'credentials',
        summary: {
          en: "print the seeded API clients (default, read-only, other, and a firm's condominiums')",
          pt: 'imprime os clientes da API semeados (default, read-only, other, e os dos condomínios da administradora)',
        },
        flags: [
          DATA_DIR,
          {
            flag: '--write-profiles',
            help: {
              en: 'write one profile per condominium, named after it, for --all-profiles',
              pt: 'grava um perfil por condomínio, com o nome dele, para --all-profiles',
            },
          },
        ],
        examples: ['condo sandbox credentials', 'condo sandbox credentials --write-profiles'],
        run: async (deps, { opts }) => (await handlers()).credentialsVerb(deps, declared(opts)),
      }),
      verb({
        name: 'boleto',
        summary: {
          en: "a valid test boleto (linha digitável and barcode) as a sandbox supplier's bank issues it",
          pt: 'um boleto de teste válido (linha digitável e código de barras) como o banco de um fornecedor do sandbox emite',
        },
        flags: [
          {
            flag: '--bank <code>',
            help: {
              en: `the issuing bank: ${BOLETO_BANKS.join(', ')} (default 341)`,
              pt: `o banco emissor: ${BOLETO_BANKS.join(', ')} (padrão 341)`,
            },
          },
          {
            flag: '--amount <reais>',
            help: { en: 'its amount (default 740,00)', pt: 'o valor (padrão 740,00)' },
          },
          {
            flag: '--due <date>',
            help: { en: 'its due date (default +5d)', pt: 'o vencimento (padrão +5d)' },
          },
        ],
        examples: [
          'condo sandbox boleto',
          'condo sandbox boleto --bank 237 --amount 1.250,00 --due 10/12',
          'condo payables create --method boleto --document "$(condo sandbox boleto | cut -f1)" --supplier Jardins --amount 740,00 --due +5d --chart-account 2.3.03 --description Teste',
        ],
        run: async (deps, { opts }) => (await handlers()).boletoVerb(deps, declared(opts)),
      }),
      verb({
        name: 'bank-return <file>',
        summary: {
          en: 'play the bank: write the return (.ret) for a remittance (.rem)',
          pt: 'faz o papel do banco: escreve o retorno (.ret) de uma remessa (.rem)',
        },
        flags: [
          {
            flag: '-O, --output-file <file>',
            help: {
              en: 'where to write the return (- for stdout)',
              pt: 'onde gravar o retorno (- para a saída padrão)',
            },
          },
          FORCE,
          {
            flag: '--reject <seu-numero>',
            help: {
              en: 'reject this payment (repeatable); SEU:CODE rejects it with that code, e.g. …:ZK',
              pt: 'rejeita este pagamento (repetível); SEU:CÓDIGO rejeita com esse código, p. ex. …:ZK',
            },
            repeat: true,
          },
          {
            flag: '--reject-rate <p>',
            help: {
              en: 'reject this fraction of the payments at random (0..1 or 10%)',
              pt: 'rejeita esta fração dos pagamentos ao acaso (0..1 ou 10%)',
            },
          },
          {
            flag: '--schedule-only',
            help: {
              en: 'answer BD (scheduled) instead of 00 (paid)',
              pt: 'responde BD (agendado) em vez de 00 (pago)',
            },
          },
          {
            flag: '--as-of <date>',
            help: {
              en: "the bank's day (default today): payments dated after it are scheduled (BD), not paid",
              pt: 'o dia do banco (padrão hoje): pagamentos com data depois dele ficam agendados (BD), não pagos',
            },
          },
          {
            flag: '--seed <n>',
            help: {
              en: 'seed for --reject-rate and the rejection codes, for a repeatable file',
              pt: 'semente para --reject-rate e os códigos de rejeição, para um arquivo repetível',
            },
          },
        ],
        examples: [
          'condo sandbox bank-return lote.rem -O retorno.ret --reject-rate 20% --seed 7',
          'condo sandbox bank-return lote.rem -O retorno-do-dia-30.ret --as-of 30/11/2026',
        ],
        run: async (deps, { args: [file], opts }) =>
          (await handlers()).bankReturnVerb(deps, file, declared(opts)),
      }),
      verb({
        name: 'statement',
        summary: {
          en: "play the bank: the month's statement of the payment account, as OFX, CSV or a CNAB 240 extrato",
          pt: 'faz o papel do banco: o extrato do mês da conta de pagamentos, em OFX, CSV ou extrato CNAB 240',
        },
        flags: [
          {
            flag: '--month <YYYY-MM>',
            help: {
              en: 'the month (default: this one; a past month runs to its last day)',
              pt: 'o mês (padrão: este; um mês passado vai até o último dia)',
            },
          },
          {
            flag: '--format <format>',
            help: {
              en: 'ofx, csv, or cnab240 (the extrato for reconciliation banks deliver, in the account bank’s layout)',
              pt: 'ofx, csv, ou cnab240 (o extrato para conciliação que os bancos entregam, no leiaute do banco da conta)',
            },
            default: 'ofx',
            values: SANDBOX_STATEMENT_FORMATS,
          },
          {
            flag: '--bank <code>',
            help: {
              en: 'cnab240: write it in this bank’s layout, under its code (default: the account’s bank; another bank’s file is for reading, not for importing into this account)',
              pt: 'cnab240: grava no leiaute deste banco, com o código dele (padrão: o banco da conta; o arquivo de outro banco é para ler, não para importar nesta conta)',
            },
          },
          {
            flag: '--account <id>',
            help: {
              en: 'bank account id (default: the payment account)',
              pt: 'id da conta bancária (padrão: a conta de pagamentos)',
            },
          },
          {
            flag: '--condominium <slug>',
            help: {
              en: "whose payment account (default: the account's, else the test one)",
              pt: 'de qual condomínio é a conta de pagamentos (padrão: o da conta, senão o de teste)',
            },
          },
          DATA_DIR,
          writtenHere('extrato-YYYY-MM.ofx', 'extrato-AAAA-MM.ofx'),
          FORCE,
          {
            flag: '--bank-shapes',
            help: {
              en: "the shapes real banks' files take: balance lines as Banco do Brasil writes them, two fees under one FITID, a bill scheduled after the period",
              pt: 'as formas que os arquivos reais dos bancos têm: linhas de saldo como o Banco do Brasil escreve, duas tarifas com um só FITID, uma conta agendada depois do período',
            },
          },
        ],
        examples: [
          'condo sandbox statement -O extrato.ofx',
          'condo sandbox statement --format csv --month 2026-10',
          'condo sandbox statement --format cnab240 -O extrato.ret',
        ],
        run: async (deps, { opts }) => (await handlers()).statementVerb(deps, declared(opts)),
      }),
      verb({
        name: 'dda',
        summary: {
          en: "play the bank: the day's DDA file, the boletos registered against the condominium's CNPJ",
          pt: 'faz o papel do banco: o arquivo DDA do dia, os boletos registrados contra o CNPJ do condomínio',
        },
        flags: [
          {
            flag: '--date <date>',
            help: { en: "the file's day (default: today)", pt: 'o dia do arquivo (padrão: hoje)' },
          },
          {
            flag: '--condominium <slug>',
            help: {
              en: 'whose DDA (default: the test condominium)',
              pt: 'de qual condomínio (padrão: o de teste)',
            },
          },
          DATA_DIR,
          writtenHere('DDA-YYYY-MM-DD.ret', 'DDA-AAAA-MM-DD.ret'),
          FORCE,
        ],
        examples: ['condo sandbox dda -O banco/DDA-$(date +%F).ret', 'condo sandbox dda --date 2026-12-01'],
        run: async (deps, { opts }) => (await handlers()).ddaVerb(deps, declared(opts)),
      }),
      verb({
        name: 'budget',
        summary: {
          en: "the condominium's budget as the sandbox seeded it (its units' fees by fração ideal), for billing plan",
          pt: 'o orçamento do condomínio como o sandbox o semeou (as taxas das unidades por fração ideal), para billing plan',
        },
        flags: [
          {
            flag: '--condominium <slug>',
            help: {
              en: "whose budget (default: the profile's condominium, else the test one)",
              pt: 'de qual condomínio (padrão: o do perfil, senão o de teste)',
            },
          },
          DATA_DIR,
          writtenHere('orcamento.yaml', 'orcamento.yaml'),
          FORCE,
        ],
        examples: [
          'condo sandbox budget -O orcamento.yaml',
          'condo --profile aurora sandbox budget -O aurora.yaml',
        ],
        run: async (deps, { opts }) => (await handlers()).budgetVerb(deps, declared(opts)),
      }),
      verb({
        name: 'encargos',
        summary: {
          en: "the test condominium's charges on a late quota (encargos.yaml), for debt update and debt calc",
          pt: 'os encargos das cotas em atraso do condomínio de teste (encargos.yaml), para debt update e debt calc',
        },
        flags: [writtenHere('encargos.yaml', 'encargos.yaml'), FORCE],
        examples: ['condo sandbox encargos -O encargos.yaml', 'condo sandbox encargos -O - | grep fonte'],
        run: async (deps, { opts }) => (await handlers()).chargesVerb(deps, declared(opts)),
      }),
      verb({
        name: 'nfse',
        summary: {
          en: "play the suppliers: the month's service invoices (national NFS-e) issued to the condominium, one case of the withholding rules each",
          pt: 'faz o papel dos fornecedores: as notas de serviço do mês (NFS-e nacional) emitidas ao condomínio, um caso das regras de retenção cada',
        },
        flags: [
          {
            flag: '--month <MM/AAAA>',
            help: {
              en: 'the month they are issued in (default: this one)',
              pt: 'o mês de emissão (padrão: o atual)',
            },
          },
          {
            flag: '--condominium <slug>',
            help: {
              en: 'whose (default: the test condominium)',
              pt: 'de qual condomínio (padrão: o de teste)',
            },
          },
          DATA_DIR,
          {
            flag: '-O, --output-dir <dir>',
            help: {
              en: 'write them in this folder (default notas-AAAA-MM here)',
              pt: 'grava nesta pasta (padrão notas-AAAA-MM aqui)',
            },
          },
          {
            flag: '--force',
            help: { en: 'overwrite files already there', pt: 'sobrescreve arquivos que já existam' },
          },
        ],
        examples: ['condo sandbox nfse -O notas/2026-11', 'condo sandbox nfse --month 10/2026'],
        run: async (deps, { opts }) => (await handlers()).nfseVerb(deps, declared(opts)),
      }),
      verb({
        name: 'openapi',
        summary: {
          en: 'print the OpenAPI 3.1 document of the API (a running sandbox serves it at /api/v1/openapi.json)',
          pt: 'imprime o documento OpenAPI 3.1 da API (um sandbox rodando o serve em /api/v1/openapi.json)',
        },
        flags: [
          {
            flag: '--server <url>',
            help: {
              en: "the server's URL in the document (default http://127.0.0.1:4010)",
              pt: 'a URL do servidor no documento (padrão http://127.0.0.1:4010)',
            },
          },
          {
            flag: '-O, --output-file <file>',
            help: {
              en: 'write it to this file instead of stdout',
              pt: 'grava neste arquivo em vez da saída padrão',
            },
          },
          FORCE,
        ],
        examples: ['condo sandbox openapi -O openapi.json'],
        run: async (deps, { opts }) => (await openApiHandlers()).openApiVerb(deps, declared(opts)),
      }),
      verb({
        name: 'reset',
        summary: {
          en: 'throw away the sandbox data and seed it again',
          pt: 'descarta os dados do sandbox e semeia de novo',
        },
        flags: [
          DATA_DIR,
          {
            flag: '--force',
            help: {
              en: 'reset even while a sandbox is running on the data dir',
              pt: 'reinicia mesmo com um sandbox rodando no diretório',
            },
          },
          {
            flag: '--no-bills',
            help: {
              en: "without this month's seeded payables (the cadastros and history only)",
              pt: 'sem as contas semeadas do mês (só cadastros e histórico)',
            },
          },
        ],
        examples: ['condo sandbox reset', 'condo sandbox reset --no-bills --force'],
        run: async (deps, { opts }) => (await handlers()).resetVerb(deps, declared(opts)),
      }),
    ],
  ),
];
