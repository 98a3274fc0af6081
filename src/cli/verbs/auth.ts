import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/auth.js');

export const commands = [
  group(
    'auth',
    { en: 'log in, check and print credentials', pt: 'entrar, conferir e imprimir credenciais' },
    [
      verb({
        name: 'login',
        summary: {
          en: 'save a profile after proving its credentials (prompts on a terminal)',
          pt: 'salva um perfil depois de testar as credenciais (pergunta no terminal)',
        },
        flags: [
          {
            flag: '--condominium <slug>',
            help: { en: 'condominium slug', pt: 'identificador (slug) do condomínio' },
          },
          { flag: '--client-id <id>', help: { en: 'OAuth client id', pt: 'client id OAuth' } },
          {
            flag: '--client-secret-stdin',
            help: { en: 'read the client secret from stdin', pt: 'lê o client secret da entrada padrão' },
          },
          {
            flag: '--scopes <list>',
            help: {
              en: 'scopes to request, space- or comma-separated (default: all the client has)',
              pt: 'escopos a pedir, separados por espaço ou vírgula (padrão: todos os do cliente)',
            },
          },
        ],
        examples: [
          'condo auth login',
          'echo "$SECRET" | condo auth login --no-input --base-url https://api.example.com --condominium residencial-jardim-botanico --client-id ID --client-secret-stdin',
        ],
        run: async (deps, { opts }) => (await handlers()).login(deps, declared(opts)),
      }),
      verb({
        name: 'status',
        summary: {
          en: 'show the profile in use and whether its token works (exit 3 if not)',
          pt: 'mostra o perfil em uso e se o token funciona (saída 3 se não)',
        },
        examples: ['condo auth status', 'condo --profile prod auth status --json'],
        run: async (deps) => (await handlers()).status(deps),
      }),
      verb({
        name: 'token',
        summary: { en: 'print a valid access token', pt: 'imprime um token de acesso válido' },
        examples: ['curl -H "Authorization: Bearer $(condo auth token)" "$BASE/api/v1/ping"'],
        run: async (deps) => (await handlers()).token(deps),
      }),
      verb({
        name: 'logout',
        summary: { en: 'remove the profile and its cached token', pt: 'remove o perfil e o token guardado' },
        examples: ['condo auth logout', 'condo --profile old auth logout'],
        run: async (deps) => (await handlers()).logout(deps),
      }),
    ],
  ),
];
