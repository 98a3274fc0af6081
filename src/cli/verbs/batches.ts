import { declared, group, verb } from '../declare.js';
import { ALLOW_EMPTY_FLAG, PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/batches.js');

export const commands = [
  group(
    'batches',
    {
      en: 'payment batches: CNAB 240 remittance files and bank returns',
      pt: 'lotes de pagamento: arquivos de remessa CNAB 240 e retornos do banco',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list payment batches', pt: 'lista os lotes de pagamento' },
        flags: [...PAGING_FLAGS],
        examples: [
          'condo batches list',
          {
            line: 'condo -q batches list --limit 1 | cut -f1   # the newest batch (-q: no "Showing 1 of N" note)',
            pt: 'o lote mais novo (-q: sem o aviso "Mostrando 1 de N")',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).batchesList(deps, declared(opts)),
      }),
      verb({
        name: 'show <id>',
        summary: {
          en: 'a batch with its payables and their states',
          pt: 'um lote com suas contas e os estados delas',
        },
        examples: ['condo batches show 01M8734TGPNKTC2J4W9383D09X'],
        run: async (deps, { args: [id] }) => (await handlers()).showBatch(deps, id),
      }),
      verb({
        name: 'create',
        summary: {
          en: 'put every marked payable into a new CNAB 240 remittance (asks first on a terminal)',
          pt: 'põe toda conta marcada numa nova remessa CNAB 240 (pergunta antes, no terminal)',
        },
        flags: [
          {
            flag: '--date <date>',
            help: {
              en: 'payment date, a bank business day: YYYY-MM-DD, tomorrow, +Nd, next-business-day',
              pt: 'data de pagamento, um dia útil bancário: DD/MM/AAAA, amanhã, +Nd, próximo-dia-útil',
            },
          },
          {
            flag: '--dry-run',
            help: {
              en: 'show what would go (per forma, each payee, warnings) and create nothing',
              pt: 'mostra o que iria (por forma, cada favorecido, avisos) e não cria nada',
            },
          },
          {
            flag: '-y, --yes',
            help: { en: 'do not ask for confirmation on a terminal', pt: 'não pede confirmação no terminal' },
          },
          {
            flag: '--allow-empty',
            help: {
              en: 'nothing marked is not an error: exit 0, no batch (cron, a night with nothing to pay)',
              pt: 'nada marcado não é erro: saída 0, nenhum lote (cron, uma noite sem nada a pagar)',
            },
          },
        ],
        examples: [
          'condo batches create --dry-run --date next-business-day',
          'condo batches create --date next-business-day --yes',
          {
            line: 'condo --json batches create --date next-business-day --yes --allow-empty >> remessa.log    # from cron',
            pt: 'pelo cron',
          },
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).batchesCreate(deps, declared(opts)),
      }),
      verb({
        name: 'cancel <id>',
        summary: {
          en: "take a batch back before any return: its payables are marked again (don't send its file)",
          pt: 'desfaz um lote antes de qualquer retorno: as contas voltam a marcadas (não envie o arquivo)',
        },
        flags: [{ flag: '-y, --yes', help: { en: 'cancel without asking', pt: 'cancela sem perguntar' } }],
        examples: ['condo batches cancel 01M8734TGPNKTC2J4W9383D09X'],
        writes: true,
        run: async (deps, { args: [id], opts }) => (await handlers()).batchesCancel(deps, id, declared(opts)),
      }),
      verb({
        name: 'download <id>',
        summary: {
          en: 'download the .rem (default: its own name, in the current directory)',
          pt: 'baixa o .rem (padrão: com o próprio nome, no diretório atual)',
        },
        flags: [
          {
            flag: '-O, --output-file <file>',
            help: { en: 'write it here (- for stdout)', pt: 'grava aqui (- para a saída padrão)' },
          },
          {
            flag: '--force',
            help: { en: 'overwrite an existing file', pt: 'sobrescreve um arquivo existente' },
          },
          {
            flag: '--skip-lint',
            help: {
              en: "deliver it even when its bank's rules find errors (cnab lint)",
              pt: 'entrega mesmo quando as regras do banco acham erros (cnab lint)',
            },
          },
          {
            flag: '--policy <file>',
            help: {
              en: "the firm's approval policy (default: CONDO_POLICY; without one, no approval step)",
              pt: 'a política de aprovação da administradora (padrão: CONDO_POLICY; sem ela, sem aprovação)',
            },
          },
        ],
        examples: ['condo batches download 01M8734TGPNKTC2J4W9383D09X -O lote.rem'],
        run: async (deps, { args: [id], opts }) => (await handlers()).downloadBatch(deps, id, declared(opts)),
      }),
      verb({
        name: 'import-return <files...>',
        usage: '[ID] <files...>',
        summary: {
          en: "import the bank's return files (.ret), each into the batch its payments name; re-importing changes nothing",
          pt: 'importa os arquivos de retorno do banco (.ret), cada um no lote que os pagamentos indicam; importar de novo não muda nada',
        },
        flags: [ALLOW_EMPTY_FLAG],
        examples: [
          {
            line: 'condo batches import-return retornos/*.ret            # each file finds its batch',
            pt: 'cada arquivo acha o seu lote',
          },
          'condo batches import-return 01M8734TGPNKTC2J4W9383D09X retorno.ret',
        ],
        across: { files: 'return' },
        writes: true,
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).importReturns(deps, files, declared(opts)),
      }),
      verb({
        name: 'approve <id>',
        summary: {
          en: "sign your approval of the batch's exact file (its SHA-256, total and count) with your SSH key",
          pt: 'assina sua aprovação do arquivo exato do lote (SHA-256, total e quantidade) com sua chave SSH',
        },
        flags: [
          {
            flag: '--key <file>',
            help: {
              en: 'your SSH private key (Ed25519 signed here; any other by ssh-keygen)',
              pt: 'sua chave SSH privada (Ed25519 assinada aqui; outras pelo ssh-keygen)',
            },
          },
          {
            flag: '--signer <principal>',
            help: {
              en: 'who signs, as allowed_signers names you (default: your key’s principal there)',
              pt: 'quem assina, como o allowed_signers o nomeia (padrão: o da sua chave)',
            },
          },
          {
            flag: '--policy <file>',
            help: {
              en: "the firm's approval policy (default: CONDO_POLICY; without one, no approval step)",
              pt: 'a política de aprovação da administradora (padrão: CONDO_POLICY; sem ela, sem aprovação)',
            },
          },
        ],
        examples: [
          'condo batches approve 01M8734TGPNKTC2J4W9383D09X --key ~/.ssh/id_ed25519 --policy condo-policy.json',
        ],
        run: async (deps, { args: [id], opts }) =>
          (await import('../commands/approvals.js')).approveBatch(deps, id, declared(opts)),
      }),
    ],
  ),
  group(
    'approvals',
    {
      en: "the firm's four-eyes evidence: who approved which file",
      pt: 'a evidência de quatro olhos da administradora: quem aprovou qual arquivo',
    },
    [
      verb({
        name: 'log',
        summary: {
          en: 'who approved which file and when, with each approval’s status',
          pt: 'quem aprovou qual arquivo e quando, com a situação de cada aprovação',
        },
        flags: [
          {
            flag: '--policy <file>',
            help: {
              en: "the firm's approval policy (default: CONDO_POLICY; without one, no approval step)",
              pt: 'a política de aprovação da administradora (padrão: CONDO_POLICY; sem ela, sem aprovação)',
            },
          },
        ],
        examples: [
          'condo approvals log --policy condo-policy.json',
          'condo approvals log -o csv > aprovacoes.csv',
        ],
        run: async (deps, { opts }) =>
          (await import('../commands/approvals.js')).approvalsLog(deps, declared(opts)),
      }),
    ],
  ),
];
