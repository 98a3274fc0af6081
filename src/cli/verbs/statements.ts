import { STATEMENT_FORMATS } from '../../domain/ledger.js';
import { declared, group, verb } from '../declare.js';
import { ALLOW_EMPTY_FLAG, GENERIC_CSV_FLAGS, PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/statements.js');

export const commands = [
  group(
    'statements',
    {
      en: 'bank statements: OFX and CSV import with reconciliation',
      pt: 'extratos bancários: importação OFX e CSV com conciliação',
    },
    [
      verb({
        name: 'import <files...>',
        summary: {
          en: 'import OFX, CSV or CNAB 240 statements (extrato para conciliação) into their bank accounts (parsed locally first; safe to re-run)',
          pt: 'importa extratos OFX, CSV ou CNAB 240 (extrato para conciliação) nas contas deles (lidos localmente antes; pode repetir sem risco)',
        },
        flags: [
          {
            flag: '--account <id>',
            help: {
              en: 'bank account id (default: the account the file names; see condo bank-accounts list)',
              pt: 'id da conta bancária (padrão: a conta que o arquivo indica; veja condo bank-accounts list)',
            },
          },
          {
            flag: '--format <format>',
            help: {
              en: 'ofx or csv (default: detected from the file)',
              pt: 'ofx ou csv (padrão: detectado no arquivo)',
            },
            values: STATEMENT_FORMATS,
          },
          {
            flag: '--force',
            help: {
              en: 'import even when the bank or account in the file differ from the bank account',
              pt: 'importa mesmo quando o banco ou a conta do arquivo diferem da conta bancária',
            },
          },
          {
            flag: '--dry-run',
            help: {
              en: 'parse and summarize only: no account, credentials or network needed',
              pt: 'só lê e resume: não precisa de conta, credenciais nem rede',
            },
          },
          ALLOW_EMPTY_FLAG,
          {
            flag: '--rules <file>',
            help: {
              en: 'then run these reconciliation rules over what the import left unmatched (see statements reconcile)',
              pt: 'depois aplica estas regras de conciliação ao que a importação deixou sem par (veja statements reconcile)',
            },
          },
          ...GENERIC_CSV_FLAGS,
        ],
        examples: [
          'condo statements import extrato.ofx --dry-run',
          {
            line: 'condo statements import /srv/extratos/*.ofx           # each into the account it names',
            pt: 'cada um na conta que ele indica',
          },
          'condo statements import extrato.csv --account 1 --format csv --csv-columns date=Data,amount=Valor,description=Histórico',
        ],
        across: { files: 'statement' },
        writes: true,
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).importStatements(deps, files, declared(opts)),
      }),
      verb({
        name: 'list',
        summary: {
          en: 'the statement imports that ran, newest first, with what each left unmatched',
          pt: 'as importações de extrato feitas, da mais nova, com o que cada uma deixou sem par',
        },
        flags: [
          { flag: '--account <id>', help: { en: 'only this bank account', pt: 'só esta conta bancária' } },
          ...PAGING_FLAGS,
        ],
        examples: ['condo statements list', 'condo statements list --account 1 --limit 5'],
        run: async (deps, { opts }) => (await handlers()).listStatements(deps, declared(opts)),
      }),
      verb({
        name: 'reconcile <account-or-file>',
        summary: {
          en: "run the firm's rules file over the lines nobody matched: book, settle, split (a file offline with --dry-run)",
          pt: 'aplica o arquivo de regras da administradora às linhas sem par: lança, baixa, divide (um arquivo sem servidor com --dry-run)',
        },
        flags: [
          {
            flag: '--rules <file>',
            help: {
              en: 'the rules file (YAML; default CONDO_RULES or the profile’s rules)',
              pt: 'o arquivo de regras (YAML; padrão CONDO_RULES ou o rules do perfil)',
            },
          },
          {
            flag: '--explain',
            help: {
              en: 'each line with the rule that matched, or the closest and the condition that failed',
              pt: 'cada linha com a regra que casou, ou a mais próxima e a condição que falhou',
            },
          },
          {
            flag: '--dry-run',
            help: {
              en: 'say what the rules would do, do nothing (a statement file: offline, no server)',
              pt: 'diz o que as regras fariam, sem fazer nada (um arquivo de extrato: sem servidor)',
            },
          },
          {
            flag: '--month <YYYY-MM>',
            help: { en: "the month's lines (default: this one)", pt: 'as linhas do mês (padrão: o atual)' },
          },
          {
            flag: '--format <format>',
            help: {
              en: 'a statement file: ofx or csv (default: detected from the file)',
              pt: 'um arquivo de extrato: ofx ou csv (padrão: detectado no arquivo)',
            },
            values: STATEMENT_FORMATS,
          },
          ...GENERIC_CSV_FLAGS,
        ],
        examples: [
          'condo statements reconcile extrato.ofx --rules conciliacao.yaml --dry-run --explain',
          'condo statements reconcile 1 --rules conciliacao.yaml',
        ],
        run: async (deps, { args: [target], opts }) =>
          (await handlers()).reconcileStatements(deps, target, declared(opts)),
      }),
      verb({
        name: 'show <id>',
        summary: {
          en: 'one statement import and its movements still unmatched',
          pt: 'uma importação de extrato e os lançamentos ainda sem par',
        },
        examples: ['condo statements show 01M8744CJVHGS9YP1NHC70H94Z'],
        run: async (deps, { args: [id] }) => (await handlers()).showStatement(deps, id),
      }),
    ],
  ),
];
