import { KNOWN_EVENTS } from '../../domain/webhooks.js';
import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/webhooks.js');

export const commands = [
  group(
    'webhooks',
    {
      en: 'webhook subscriptions, a local receiver, signature checks',
      pt: 'assinaturas de webhook, receptor local, conferência de assinatura',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list subscriptions', pt: 'lista as assinaturas' },
        examples: ['condo webhooks list'],
        run: async (deps) => (await handlers()).listWebhooks(deps),
      }),
      verb({
        name: 'create <url>',
        summary: {
          en: 'subscribe a URL to events (prints the id and the secret, shown once)',
          pt: 'assina uma URL a eventos (imprime o id e o segredo, mostrado uma vez)',
        },
        flags: [
          {
            flag: '--events <list>',
            help: {
              en: `comma-separated: ${KNOWN_EVENTS.join(', ')}`,
              pt: `separados por vírgula: ${KNOWN_EVENTS.join(', ')}`,
            },
            default: 'bank.statement.imported',
          },
        ],
        examples: [
          'condo webhooks create https://erp.example.com/hooks/condo --events bank.statement.imported',
        ],
        writes: true,
        run: async (deps, { args: [url], opts }) =>
          (await handlers()).createWebhook(deps, url, declared(opts)),
      }),
      verb({
        name: 'delete <id>',
        summary: { en: 'remove a subscription', pt: 'remove uma assinatura' },
        examples: ['condo webhooks delete 01M87...'],
        writes: true,
        run: async (deps, { args: [id] }) => (await handlers()).deleteWebhook(deps, id),
      }),
      verb({
        name: 'listen',
        summary: {
          en: 'receive events on loopback while it runs: verify, print or forward them',
          pt: 'recebe eventos localmente enquanto roda: confere, imprime ou repassa',
        },
        flags: [
          {
            flag: '--forward-to <url>',
            help: {
              en: 'POST each verified event to this URL',
              pt: 'envia (POST) cada evento conferido a esta URL',
            },
          },
          {
            flag: '--events <list>',
            help: { en: 'events to subscribe to', pt: 'eventos a assinar' },
            default: 'bank.statement.imported',
          },
          {
            flag: '--port <port>',
            help: { en: 'local port (default: a free one)', pt: 'porta local (padrão: uma livre)' },
          },
        ],
        examples: ['condo webhooks listen --forward-to http://localhost:3000/hooks'],
        run: async (deps, { opts }) => (await handlers()).listen(deps, declared(opts)),
      }),
      verb({
        name: 'verify [file]',
        summary: {
          en: 'check a payload (file or stdin) against its X-Condo-Signature and the secret',
          pt: 'confere um payload (arquivo ou entrada) contra o X-Condo-Signature e o segredo',
        },
        flags: [
          {
            flag: '--secret-file <file>',
            help: {
              en: "a file holding the subscription's secret (or set CONDO_WEBHOOK_SECRET)",
              pt: 'um arquivo com o segredo da assinatura (ou defina CONDO_WEBHOOK_SECRET)',
            },
          },
          {
            flag: '--secret <secret>',
            help: {
              en: 'the secret itself (visible in ps: prefer --secret-file)',
              pt: 'o próprio segredo (visível no ps: prefira --secret-file)',
            },
          },
          {
            flag: '--signature <value>',
            help: { en: 'the X-Condo-Signature header value', pt: 'o valor do cabeçalho X-Condo-Signature' },
          },
          {
            flag: '--tolerance <seconds>',
            help: {
              en: 'refuse timestamps further than this from now (0: no check)',
              pt: 'recusa carimbos de tempo mais distantes que isto de agora (0: não confere)',
            },
            default: '300',
          },
        ],
        examples: ['condo webhooks verify --secret-file secret.txt --signature "$HEADER" payload.json'],
        run: async (deps, { args: [file], opts }) => (await handlers()).verify(deps, file, declared(opts)),
      }),
    ],
  ),
];
