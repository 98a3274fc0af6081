import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/lookups.js');

export const commands = [
  group('bank-accounts', { en: 'bank accounts of the condominium', pt: 'contas bancárias do condomínio' }, [
    verb({
      name: 'list',
      summary: {
        en: 'list bank accounts with type and current balance',
        pt: 'lista as contas bancárias com tipo e saldo atual',
      },
      examples: ['condo bank-accounts list'],
      across: 'read',
      run: async (deps) => (await handlers()).bankAccounts(deps),
    }),
  ]),
  group('suppliers', { en: 'suppliers (fornecedores)', pt: 'fornecedores' }, [
    verb({
      name: 'list',
      summary: {
        en: 'list suppliers with their bank data and PIX keys',
        pt: 'lista os fornecedores com dados bancários e chaves PIX',
      },
      examples: ['condo suppliers list'],
      run: async (deps) => (await handlers()).suppliers(deps),
    }),
    verb({
      name: 'show <supplier>',
      summary: {
        en: "a supplier's payment data and its rejected payables (SUPPLIER: id or name)",
        pt: 'os dados de pagamento de um fornecedor e as contas rejeitadas dele (FORNECEDOR: id ou nome)',
      },
      examples: ['condo suppliers show jardins', 'condo suppliers show 8'],
      run: async (deps, { args: [supplier] }) => (await handlers()).showSupplier(deps, supplier),
    }),
    verb({
      name: 'update <supplier>',
      summary: {
        en: "correct a supplier's bank account or PIX key, as a bank's rejection names it",
        pt: 'corrige a conta bancária ou a chave PIX de um fornecedor, como a rejeição do banco apontou',
      },
      flags: [
        {
          flag: '--bank-code <nnn>',
          help: {
            en: 'bank code (COMPE, 3 digits), e.g. 341',
            pt: 'código do banco (COMPE, 3 dígitos), p. ex. 341',
          },
        },
        {
          flag: '--agency <agency>',
          help: {
            en: 'agency, with -digit when it has one: 0912 or 1607-5',
            pt: 'agência, com -dígito quando tiver: 0912 ou 1607-5',
          },
        },
        {
          flag: '--account <account>',
          help: { en: 'account and check digit: 45873-4', pt: 'conta e dígito: 45873-4' },
        },
        {
          flag: '--account-type <type>',
          help: { en: 'checking or savings', pt: 'checking (corrente) ou savings (poupança)' },
          values: ['checking', 'savings'],
        },
        {
          flag: '--pix-key <key>',
          help: {
            en: 'PIX key: CPF/CNPJ digits, +55 phone, e-mail or random key',
            pt: 'chave PIX: CPF/CNPJ só dígitos, telefone +55, e-mail ou chave aleatória',
          },
        },
        { flag: '--no-pix-key', help: { en: 'remove the PIX key', pt: 'remove a chave PIX' } },
        { flag: '--name <name>', help: { en: "the supplier's name", pt: 'o nome do fornecedor' } },
      ],
      examples: [
        'condo suppliers update jardins --agency 0001 --account 9384756-1',
        'condo suppliers update vigilare --pix-key financeiro@vigilare.com.br',
      ],
      writes: true,
      run: async (deps, { args: [supplier], opts }) =>
        (await handlers()).suppliersUpdate(deps, supplier, declared(opts)),
    }),
  ]),
  group('units', { en: 'units of the condominium', pt: 'unidades do condomínio' }, [
    verb({
      name: 'list',
      summary: { en: 'list units with block and owner', pt: 'lista as unidades com bloco e proprietário' },
      examples: ['condo units list'],
      run: async (deps) => (await handlers()).units(deps),
    }),
  ]),
];
