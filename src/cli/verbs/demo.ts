import { verb } from '../declare.js';

const handlers = () => import('../commands/demo.js');

export const commands = [
  verb({
    name: 'demo',
    summary: {
      en: 'walk through a month of payables and the CNAB 240 remittance run against a throw-away sandbox',
      pt: 'percorre um mês de contas a pagar e a remessa CNAB 240 num sandbox descartável',
    },
    examples: ['condo demo'],
    run: async (deps) => (await handlers()).demo(deps),
  }),
];
