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
            flag: '--secret-store <where>',
            help: {
              en: "where the secret and the token are kept: auto (the system's keyring where one answers, else the private config file), keyring or file (env CONDO_SECRET_STORE)",
              pt: 'onde o segredo e o token ficam: auto (o chaveiro do sistema onde houver um, senão o arquivo de configuração privado), keyring ou file (variável CONDO_SECRET_STORE)',
            },
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
        summary: {
          en: 'remove the profile, its secret and its cached token (the keyring entry too)',
          pt: 'remove o perfil, seu segredo e o token guardado (a entrada do chaveiro também)',
        },
        examples: ['condo auth logout', 'condo --profile old auth logout'],
        run: async (deps) => (await handlers()).logout(deps),
      }),
    ],
  ),
];
