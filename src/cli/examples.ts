/**
 * One to three real examples per verb, shown at the end of its --help (a test checks every verb has them and that
 * each parses). Ids are the sandbox's shapes; names match its seed, so an example can be typed as it is there.
 */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  'auth login': [
    'condo auth login',
    'echo "$SECRET" | condo auth login --no-input --base-url https://api.example.com --condominium residencial-jardim-botanico --client-id ID --client-secret-stdin',
  ],
  'auth status': ['condo auth status', 'condo --profile prod auth status --json'],
  'auth token': ['curl -H "Authorization: Bearer $(condo auth token)" "$BASE/api/v1/ping"'],
  'auth logout': ['condo auth logout', 'condo --profile old auth logout'],
  'config list': ['condo config list'],
  'config get': ['condo config get base_url'],
  'config set': ['condo config set base_url https://api.example.com'],
  'config unset': ['condo config unset scopes'],
  'config use': ['condo config use prod'],
  'config prune': ['condo config prune', 'condo config prune --yes'],
  'payables list': [
    'condo payables list --due-to +15d',
    'condo payables list --supplier jardins --search "NF 55"',
    'condo --all-profiles payables list --due-to +7d   # due this week, every condominium',
  ],
  'payables show': [
    'condo payables show 01M8732B422XF4RARCEKM0REBM',
    'condo payables show 2B422XF4RARCEKM0REBM     # the seu número the bank quotes',
    'condo payables show REBM                     # a unique end (or start) of the id',
  ],
  'payables create': [
    'condo payables create --supplier brilho --chart-account 24 --amount 6.800,00 --method ted --due +7d --description "Limpeza do mês"',
    'condo payables create --payee Sabesp --chart-account 20 --amount 174,29 --method boleto --document 8260000000174290... --description Água',
    'condo payables create --from-file contas-de-novembro.json',
  ],
  'payables update': ['condo payables update REBM --fine 37,00 --notes "multa de 2%"'],
  'payables delete': ['condo payables delete 01M8732B422XF4RARCEKM0REBT --yes'],
  'payables mark': [
    'condo payables mark REBM REBN',
    'condo payables mark $(condo payables list --state pending --method pix,ted,doc,boleto | cut -f1)',
  ],
  'payables unmark': ['condo payables unmark REBN'],
  'batches list': ['condo batches list', 'condo batches list --limit 1 | cut -f1   # the newest batch'],
  'batches show': ['condo batches show 01M8734TGPNKTC2J4W9383D09X'],
  'batches create': [
    'condo batches create --dry-run --date next-business-day',
    'condo batches create --date next-business-day --yes',
  ],
  'batches cancel': ['condo batches cancel 01M8734TGPNKTC2J4W9383D09X'],
  'batches download': ['condo batches download 01M8734TGPNKTC2J4W9383D09X -O lote.rem'],
  'batches import-return': [
    'condo batches import-return retornos/*.ret            # each file finds its batch',
    'condo batches import-return 01M8734TGPNKTC2J4W9383D09X retorno.ret',
  ],
  import: [
    'condo import ~/Downloads/banco/*                      # returns and statements, by their content',
    'condo --all-profiles import /srv/banco/2026-11-*      # each file into its condominium',
  ],
  'cnab inspect': ['condo cnab inspect lote.rem', 'condo cnab inspect retorno.ret --json | jq .items'],
  'statements import': [
    'condo statements import extrato.ofx --dry-run',
    'condo statements import /srv/extratos/*.ofx           # each into the account it names',
    'condo statements import extrato.csv --account 1 --format csv --csv-columns date=Data,amount=Valor,description=Histórico',
  ],
  'statements list': ['condo statements list', 'condo statements list --account 1 --limit 5'],
  'statements show': ['condo statements show 01M8744CJVHGS9YP1NHC70H94Z'],
  'webhooks list': ['condo webhooks list'],
  'webhooks create': [
    'condo webhooks create https://erp.example.com/hooks/condo --events bank.statement.imported',
  ],
  'webhooks delete': ['condo webhooks delete 01M87...'],
  'webhooks listen': ['condo webhooks listen --forward-to http://localhost:3000/hooks'],
  'webhooks verify': ['condo webhooks verify --secret-file secret.txt --signature "$HEADER" payload.json'],
  'invoices list': [
    'condo invoices list --state overdue',
    'condo invoices list --unit 6 --due-from 2026-01-01',
  ],
  'invoices show': ['condo invoices show 01M87...'],
  'invoices create': [
    'condo invoices create --unit 6 --bank-account 1 --billing-type BOLETO_PIX --due +10d --subtotal 850',
  ],
  'invoices issue': ['condo invoices issue 01M87...'],
  'invoices payment': ['condo invoices payment 01M87...'],
  'expenses list': ['condo expenses list --paid-from 2026-11-01'],
  'expenses create': [
    'condo expenses create --chart-account 19 --description "Energia elétrica" --amount 2.318,47 --due today --paid today --bank-account 1 --method boleto',
  ],
  'expenses installments': [
    'condo expenses installments --count 10 --total 12.000,00 --first-due +30d --chart-account 23 --description "Reforma do elevador" --dry-run',
  ],
  'ledger chart': ['condo ledger chart --type expense --state active'],
  'ledger entries list': ['condo ledger entries list --type expense --from 2026-11-01'],
  'ledger entries create': [
    'condo ledger entries create --type revenue --chart-account 7 --amount 350,00 --description "Locação do salão" --paid today --bank-account 1',
  ],
  'ledger transfer': [
    'condo ledger transfer --from 1 --to 2 --amount 5.000,00 --date today --chart-account 3',
  ],
  'ledger summary': [
    'condo ledger summary --month 2026-11',
    'condo ledger summary --from 2026-06 --to 2026-11',
    'condo --all-profiles ledger summary --month 2026-11   # the month per condominium',
  ],
  'report month': [
    'condo report month 2026-11',
    'condo -o csv --excel report month 2026-11 > conselho-2026-11.csv',
    'condo --all-profiles report month 2026-11   # one row per condominium',
  ],
  'report paid': [
    'condo report paid',
    'condo report paid --month 2026-10 --by supplier',
    'condo -o csv report paid --by chart-account > pagos.csv',
  ],
  defaulters: [
    'condo defaulters --min-days 60 --min-amount 1.000,00',
    'condo --all-profiles defaulters                       # behind, across all buildings',
  ],
  indexes: ['condo indexes'],
  'bank-accounts list': ['condo bank-accounts list'],
  'suppliers list': ['condo suppliers list'],
  'suppliers show': ['condo suppliers show jardins', 'condo suppliers show 8'],
  'suppliers update': [
    'condo suppliers update jardins --agency 0001 --account 9384756-1',
    'condo suppliers update vigilare --pix-key financeiro@vigilare.com.br',
  ],
  'units list': ['condo units list'],
  api: ['condo api GET payables -F state=pending', 'condo api POST payables/01M87.../mark-for-remessa'],
  'sandbox start': [
    'condo sandbox start',
    'condo sandbox start --port 0 --data-dir /tmp/sandbox --no-bills',
    'condo sandbox start --condominiums 50                 # an accounting firm',
  ],
  'sandbox credentials': ['condo sandbox credentials', 'condo sandbox credentials --write-profiles'],
  'sandbox boleto': [
    'condo sandbox boleto',
    'condo sandbox boleto --bank 237 --amount 1.250,00 --due 10/12',
    'condo payables create --method boleto --document "$(condo sandbox boleto | cut -f1)" --supplier Jardins --amount 740,00 --due +5d --chart-account 2.3.03 --description Teste',
  ],
  'sandbox bank-return': ['condo sandbox bank-return lote.rem -O retorno.ret --reject-rate 20% --seed 7'],
  'sandbox statement': [
    'condo sandbox statement -O extrato.ofx',
    'condo sandbox statement --format csv --month 2026-10',
  ],
  'sandbox openapi': ['condo sandbox openapi -O openapi.json'],
  'sandbox reset': ['condo sandbox reset', 'condo sandbox reset --no-bills --force'],
  demo: ['condo demo'],
  completion: [
    'condo completion bash >> ~/.bashrc',
    'condo completion zsh > ~/.zfunc/_condo',
    'condo completion fish > ~/.config/fish/completions/condo.fish',
  ],
  help: ['condo help exit-codes', 'condo help cron', 'condo help payables list'],
};
