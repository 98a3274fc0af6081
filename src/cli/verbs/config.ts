import { FIRM_KEYS, PROFILE_KEYS } from '../../config/store.js';
import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/config.js');

/** `--firm` on get, set and unset: the firm's section instead of the profile (#52). */
const FIRM_FLAG = {
  flag: '--firm',
  help: {
    en: `the firm's setting, which every profile reads unless it sets its own (${FIRM_KEYS.join(', ')})`,
    pt: `a configuração da administradora, que todo perfil lê se não tiver a sua (${FIRM_KEYS.join(', ')})`,
  },
};

export const commands = [
  group(
    'config',
    {
      en: 'profiles: list, read and change settings, switch profile',
      pt: 'perfis: listar, ler e mudar configurações, trocar de perfil',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list profiles (the current one marked)', pt: 'lista os perfis (o atual marcado)' },
        examples: ['condo config list'],
        run: async (deps) => (await handlers()).listProfiles(deps),
      }),
      verb({
        name: 'get <key>',
        summary: {
          en: `print a setting of the profile (${PROFILE_KEYS.join(', ')})`,
          pt: `imprime uma configuração do perfil (${PROFILE_KEYS.join(', ')})`,
        },
        flags: [FIRM_FLAG],
        examples: ['condo config get base_url', 'condo config get --firm administradora'],
        run: async (deps, { args: [key], opts }) => (await handlers()).getKey(deps, key, declared(opts)),
      }),
      verb({
        name: 'set <key> <value>',
        summary: { en: 'change a setting of the profile', pt: 'muda uma configuração do perfil' },
        flags: [FIRM_FLAG],
        examples: [
          'condo config set base_url https://api.example.com',
          {
            line: 'condo config set policy condo-policy.json   # downloads then deliver only approved files',
            pt: 'os downloads então só entregam arquivos aprovados',
          },
          {
            line: "condo config set --firm administradora_logo logo.png   # on every condominium's document",
            pt: 'em todo documento dos condomínios',
          },
        ],
        run: async (deps, { args: [key, value], opts }) =>
          (await handlers()).setKey(deps, key, value, declared(opts)),
      }),
      verb({
        name: 'unset <key>',
        summary: { en: 'remove a setting of the profile', pt: 'remove uma configuração do perfil' },
        flags: [FIRM_FLAG],
        examples: ['condo config unset scopes', 'condo config unset --firm administradora_crc'],
        run: async (deps, { args: [key], opts }) => (await handlers()).unsetKey(deps, key, declared(opts)),
      }),
      verb({
        name: 'prune',
        summary: {
          en: 'remove the sandbox profiles whose sandbox no longer answers (asks first)',
          pt: 'remove os perfis de sandbox cujo sandbox não responde mais (pergunta antes)',
        },
        flags: [{ flag: '-y, --yes', help: { en: 'remove without asking', pt: 'remove sem perguntar' } }],
        examples: ['condo config prune', 'condo config prune --yes'],
        run: async (deps, { opts }) => (await handlers()).pruneProfiles(deps, declared(opts)),
      }),
      verb({
        name: 'migrate-secrets',
        summary: {
          en: "move the profiles' client secrets and tokens to the system's keyring (or back, --to file)",
          pt: 'move os segredos e tokens dos perfis para o chaveiro do sistema (ou de volta, --to file)',
        },
        flags: [
          {
            flag: '--to <where>',
            help: {
              en: 'keyring (default) or file; sandbox profiles stay in the file',
              pt: 'keyring (padrão) ou file; perfis de sandbox ficam no arquivo',
            },
          },
        ],
        examples: ['condo config migrate-secrets', 'condo --profile prod config migrate-secrets --to file'],
        run: async (deps, { opts }) => (await handlers()).migrateSecrets(deps, declared(opts)),
      }),
      verb({
        name: 'use <profile>',
        summary: { en: 'make a profile the current one', pt: 'torna um perfil o atual' },
        examples: ['condo config use prod'],
        run: async (deps, { args: [profile] }) => (await handlers()).useProfile(deps, profile),
      }),
    ],
  ),
];
