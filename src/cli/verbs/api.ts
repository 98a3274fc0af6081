import { declared, verb } from '../declare.js';

const handlers = () => import('../commands/api.js');

export const commands = [
  verb({
    name: 'api <method> <path>',
    summary: {
      en: 'make an authenticated API call; a path not starting with /api/ is relative to the condominium',
      pt: 'faz uma chamada autenticada à API; um caminho que não começa com /api/ é relativo ao condomínio',
    },
    flags: [
      {
        flag: '-F, --field <key=value>',
        help: {
          en: 'a body field (query parameter for GET), typed: numbers, true, false, null',
          pt: 'um campo do corpo (parâmetro de consulta no GET), tipado: números, true, false, null',
        },
        repeat: true,
      },
      {
        flag: '-f, --raw-field <key=value>',
        help: { en: 'a body field kept as a string', pt: 'um campo do corpo mantido como texto' },
        repeat: true,
      },
      {
        flag: '--input <file>',
        help: {
          en: 'the request body as JSON from a file, or - for stdin',
          pt: 'o corpo da requisição em JSON de um arquivo, ou - para a entrada padrão',
        },
      },
    ],
    examples: [
      'condo api GET payables -F state=pending',
      'condo api POST payables/01M87.../mark-for-remessa',
    ],
    run: async (deps, { args: [method, path], opts }) =>
      (await handlers()).apiCall(deps, method, path, declared(opts)),
  }),
];
