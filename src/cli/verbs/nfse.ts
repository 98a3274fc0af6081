import { declared, group, verb } from '../declare.js';
import { ALLOW_EMPTY_FLAG, DRY_RUN_FLAG } from './flags.js';

const handlers = () => import('../commands/nfse.js');

export const commands = [
  group(
    'nfse',
    {
      en: "service invoices (NFS-e): the taker's withholdings worked out, checked, and due on the right day",
      pt: 'notas fiscais de serviço (NFS-e): as retenções do tomador calculadas, conferidas e vencendo no dia certo',
    },
    [
      verb({
        name: 'check <files...>',
        summary: {
          en: 'read each invoice (national standard, DPS, ABRASF) offline, work out what a condominium withholds and compare it with what the invoice declares; exit 1 when any differs',
          pt: 'lê cada nota (padrão nacional, DPS, ABRASF) sem rede, calcula o que o condomínio retém e compara com o que a nota declara; saída 1 quando alguma diverge',
        },
        flags: [
          {
            flag: '--explain',
            help: {
              en: 'every rule, applied or not, with its legal source, and the due dates',
              pt: 'cada regra, aplicada ou não, com a fonte legal, e os vencimentos',
            },
          },
          ALLOW_EMPTY_FLAG,
        ],
        examples: [
          'condo nfse check notas/2026-11/',
          'condo nfse check nota.xml --explain',
          'condo nfse check notas/*.xml --json | jq -c ".divergences"',
        ],
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).checkNfse(deps, files, declared(opts)),
      }),
      verb({
        name: 'import <files...>',
        summary: {
          en: "each invoice becomes the supplier's payable of the net, and each tax withheld grows that month's payable of the tax (keyed by the access key: safe to re-run)",
          pt: 'cada nota vira a conta do fornecedor pelo líquido, e cada tributo retido aumenta a conta do mês daquele tributo (pela chave de acesso: pode repetir sem risco)',
        },
        flags: [
          {
            flag: '--due <date>',
            help: {
              en: "the supplier's due date when no DDA boleto gives one (default: the firm's term after the issue)",
              pt: 'o vencimento do fornecedor quando nenhum boleto do DDA dá um (padrão: o prazo da administradora após a emissão)',
            },
          },
          {
            flag: '--iss-due <date>',
            help: {
              en: "the municipality's due date for the ISS withheld",
              pt: 'o vencimento do município para o ISS retido',
            },
          },
          {
            flag: '--create-suppliers',
            help: {
              en: 'a provider no supplier has becomes one (with --chart-account for its invoices)',
              pt: 'um prestador que nenhum fornecedor tem vira fornecedor (com --chart-account para as notas dele)',
            },
          },
          {
            flag: '--chart-account <account>',
            help: {
              en: "chart account of the new payables (default: the supplier's latest payable's)",
              pt: 'conta contábil das novas contas (padrão: a da conta mais recente do fornecedor)',
            },
          },
          {
            flag: '--accept-computed',
            help: {
              en: "an invoice whose declared withholdings differ is imported with the rules' figures",
              pt: 'uma nota cujas retenções declaradas divergem é importada com os valores das regras',
            },
          },
          DRY_RUN_FLAG,
          ALLOW_EMPTY_FLAG,
        ],
        examples: [
          'condo nfse import notas/2026-11/ --dry-run',
          'condo nfse import notas/2026-11/ --create-suppliers --chart-account 2.3.02 --iss-due 10/12/2026',
          {
            line: 'condo --all-profiles nfse import notas/2026-11/    # each invoice to the condominium it names',
            pt: 'cada nota ao condomínio que ela indica',
          },
        ],
        writes: true,
        // --all-profiles: each invoice goes to the condominium whose CNPJ it names as the taker
        across: 'files',
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).importNfseFiles(deps, files, declared(opts)),
      }),
      verb({
        name: 'deadlines',
        summary: {
          en: "the month's withholdings by tax and due date, and the declarations they call for (EFD-Reinf, DCTFWeb)",
          pt: 'as retenções do mês por tributo e vencimento, e as declarações que elas pedem (EFD-Reinf, DCTFWeb)',
        },
        flags: [
          {
            flag: '--month <MM/AAAA>',
            help: { en: 'the month (default: this one)', pt: 'o mês (padrão: o atual)' },
          },
        ],
        examples: [
          'condo nfse deadlines --month 11/2026',
          'condo --all-profiles nfse deadlines -o csv --excel > prazos.csv',
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).nfseDeadlines(deps, declared(opts)),
      }),
    ],
    [
      'condo nfse check notas/2026-11/ --explain',
      'condo nfse import notas/2026-11/ --dry-run',
      'condo nfse deadlines --month 11/2026',
    ],
  ),
];
