/**
 * The command tree's declarations (declare.ts): condo itself, its global flags, and each top-level command with
 * the module that declares it, loaded by the command a run names.
 */
import { SHELLS } from '../completion-table.js';
import { type CommandDecl, type FlagDecl, type Text, verb } from '../declare.js';
import { LANGUAGES } from '../i18n.js';
import { OUTPUT_FORMATS } from '../output.js';

export const CONDO: Text = {
  en: 'Condominium finance from the command line: payables, CNAB 240 remittances, statements, ledger.',
  pt: 'Finanças de condomínio na linha de comando: contas a pagar, remessas CNAB 240, extratos, razão.',
};

/** condo's own commands, beside the declared groups (program.ts runs them). */
export const HELP_COMMAND = {
  summary: {
    en: 'help on a command, or a topic: exit-codes, formats, environment, cron',
    pt: 'ajuda de um comando, ou um tópico: exit-codes, formats, environment, cron',
  },
  examples: ['condo help exit-codes', 'condo help cron', 'condo help payables list'],
} as const;

/** `condo completion SHELL`: the script a shell runs to ask `condo __complete` for candidates. */
export const COMPLETION_COMMAND = verb({
  name: 'completion <shell>',
  summary: {
    en: 'shell completion: commands, flags and their values',
    pt: 'completar no shell: comandos, opções e valores',
  },
  examples: [
    'condo completion bash >> ~/.bashrc',
    'condo completion zsh > ~/.zfunc/_condo',
    'condo completion fish > ~/.config/fish/completions/condo.fish',
  ],
  argValues: SHELLS,
  run: async (deps, { args: [shell] }) =>
    (await import('../completion-script.js')).printCompletionScript(deps, shell),
});

export const VERSION_HELP: Text = { en: 'output the version number', pt: 'mostra a versão' };

/** The flags every command takes. */
export const GLOBAL_FLAGS = [
  {
    flag: '--profile <name>',
    help: { en: 'credentials profile to use', pt: 'perfil de credenciais a usar' },
  },
  {
    flag: '--profiles <names>',
    help: {
      en: 'a read over these profiles (a,b,c): one table with a CONDOMINIUM column',
      pt: 'uma consulta nestes perfis (a,b,c): uma tabela com a coluna CONDOMÍNIO',
    },
  },
  {
    flag: '--all-profiles',
    help: {
      en: "a read over every profile; a file verb sends each file to its condominium's",
      pt: 'uma consulta em todos os perfis; um comando de arquivos manda cada arquivo ao condomínio dele',
    },
  },
  {
    flag: '-o, --output <format>',
    help: { en: 'output format: table, tsv, json, csv', pt: 'formato de saída: table, tsv, json, csv' },
    values: OUTPUT_FORMATS,
  },
  {
    flag: '--json',
    help: {
      en: 'print the API data as JSON (same as -o json); --json a,b keeps those fields',
      pt: 'imprime os dados da API em JSON (o mesmo que -o json); --json a,b mantém esses campos',
    },
  },
  // what `--json a,b` becomes (program.ts jsonArgs)
  { flag: '--json-fields <fields>', help: { en: '', pt: '' }, hidden: true },
  {
    flag: '--header',
    help: {
      en: 'a header row in tsv output too (csv always has one)',
      pt: 'linha de cabeçalho também no tsv (o csv sempre tem)',
    },
  },
  {
    flag: '--no-input',
    help: {
      en: 'never prompt; a missing value is a usage error',
      pt: 'nunca pergunta; um valor faltando é erro de uso',
    },
  },
  { flag: '--no-color', help: { en: 'no colour in output', pt: 'sem cores na saída' } },
  {
    flag: '--no-pager',
    help: {
      en: 'a long list straight to the terminal, not through the pager (CONDO_PAGER, PAGER)',
      pt: 'uma lista longa direto no terminal, sem o paginador (CONDO_PAGER, PAGER)',
    },
  },
  {
    flag: '--debug',
    help: {
      en: 'trace HTTP calls on stderr (secrets redacted)',
      pt: 'rastreia as chamadas HTTP no stderr (segredos ocultos)',
    },
  },
  {
    flag: '-q, --quiet',
    help: { en: 'print only results, no progress', pt: 'só resultados, sem progresso' },
  },
  {
    flag: '--base-url <url>',
    help: { en: 'API base URL (overrides the profile)', pt: 'URL base da API (sobrepõe o perfil)' },
  },
  {
    flag: '--request-id <id>',
    help: { en: 'X-Request-Id to send with every call', pt: 'X-Request-Id enviado em cada chamada' },
  },
  {
    flag: '--idempotency-key <key>',
    help: { en: 'Idempotency-Key for a single write', pt: 'Idempotency-Key de uma escrita' },
  },
  {
    flag: '--lang <lang>',
    help: {
      en: "language of the screens: pt-BR or en (default: the system's language)",
      pt: 'idioma das telas: pt-BR ou en (padrão: o idioma do sistema)',
    },
    values: LANGUAGES,
  },
  {
    flag: '--excel',
    help: {
      en: 'csv as Excel in Portuguese opens it: ; separators, decimal commas, a UTF-8 BOM',
      pt: 'csv como o Excel em português abre: separador ;, vírgula decimal, BOM UTF-8',
    },
  },
] as const satisfies readonly FlagDecl[];

type Declarations = () => Promise<{ commands: readonly CommandDecl[] }>;

const auth: Declarations = () => import('./auth.js');
const config: Declarations = () => import('./config.js');
const payables: Declarations = () => import('./payables.js');
const batches: Declarations = () => import('./batches.js');
const cnab: Declarations = () => import('./cnab.js');
const statements: Declarations = () => import('./statements.js');
const dda: Declarations = () => import('./dda.js');
const nfse: Declarations = () => import('./nfse.js');
const importFiles: Declarations = () => import('./import.js');
const webhooks: Declarations = () => import('./webhooks.js');
const invoices: Declarations = () => import('./invoices.js');
const billing: Declarations = () => import('./billing.js');
const debt: Declarations = () => import('./debt.js');
const agreement: Declarations = () => import('./agreement.js');
const expenses: Declarations = () => import('./expenses.js');
const ledger: Declarations = () => import('./ledger.js');
const reports: Declarations = () => import('./reports.js');
const lookups: Declarations = () => import('./lookups.js');
const api: Declarations = () => import('./api.js');
const sandbox: Declarations = () => import('./sandbox.js');
const demo: Declarations = () => import('./demo.js');

/**
 * Each top-level command and the module that declares it, in the order `condo --help` lists them (a test checks
 * that every module declares exactly the commands named here).
 */
export const COMMAND_GROUPS: Readonly<Record<string, Declarations>> = {
  auth,
  config,
  payables,
  batches,
  approvals: batches,
  cnab,
  statements,
  dda,
  nfse,
  import: importFiles,
  webhooks,
  invoices,
  billing,
  debt,
  agreement,
  expenses,
  ledger,
  report: reports,
  defaulters: reports,
  indexes: reports,
  'bank-accounts': lookups,
  suppliers: lookups,
  units: lookups,
  api,
  sandbox,
  demo,
};

/** The declarations of the groups named, or of every group, in the table's order. */
export async function declarations(names?: readonly string[]): Promise<CommandDecl[]> {
  const modules = [...new Set((names ?? Object.keys(COMMAND_GROUPS)).map((n) => COMMAND_GROUPS[n]))];
  const loaded = await Promise.all(modules.map((load) => load?.()));
  return loaded.flatMap((m) => m?.commands ?? []);
}
