import type { Deps } from '../context.js';
import { printList } from '../output.js';
import type { Register } from '../program.js';

/** Read-only lists a person needs to find ids: chart of accounts, bank accounts, suppliers, units. */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function bankAccounts(deps: Deps): Promise<number> {
  const client = await deps.client();
  const rows = (await client.bankAccounts.list()) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: 'NAME', value: (r) => r.name },
    { header: 'BANK', value: (r) => `${str(r.bank_code)} ${str(r.bank_name)}`.trim() },
    { header: 'AGENCY', value: (r) => r.agency },
    { header: 'ACCOUNT', value: (r) => r.account_number },
    { header: 'TYPE', value: (r) => r.type },
    { header: 'BALANCE', value: (r) => r.current_balance, kind: 'reais' },
    { header: 'PAYMENTS', value: (r) => (r.is_payment_account ? 'yes' : '') },
  ]);
  return 0;
}

export async function suppliers(deps: Deps): Promise<number> {
  const client = await deps.client();
  const rows = (await client.suppliers.list()) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: 'NAME', value: (r) => r.name },
    { header: 'DOCUMENT', value: (r) => r.document },
    {
      header: 'BANK',
      value: (r) => {
        const b = r.bank as Row | null | undefined;
        return b ? `${str(b.code)} ag ${str(b.agency)} cc ${str(b.account)}` : '';
      },
    },
    { header: 'PIX', value: (r) => (r.pix_key ? `${str(r.pix_key_type)}: ${str(r.pix_key)}` : '') },
  ]);
  return 0;
}

export async function units(deps: Deps): Promise<number> {
  const client = await deps.client();
  const rows = (await client.units.list()) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: 'UNIT', value: (r) => r.label ?? `${str(r.block)} ${str(r.number)}` },
    { header: 'BLOCK', value: (r) => r.block },
    { header: 'NUMBER', value: (r) => r.number },
    {
      header: 'OWNER',
      value: (r) => (typeof r.owner === 'object' && r.owner ? (r.owner as Row).name : r.owner),
    },
  ]);
  return 0;
}

export const register: Register = (program, run) => {
  const bank = program.command('bank-accounts').description('bank accounts of the condominium');
  bank
    .command('list')
    .description('list bank accounts with type and current balance')
    .action(run((deps) => bankAccounts(deps)));
  program
    .command('suppliers')
    .description('suppliers (fornecedores)')
    .command('list')
    .description('list suppliers with their bank data and PIX keys')
    .action(run((deps) => suppliers(deps)));
  program
    .command('units')
    .description('units of the condominium')
    .command('list')
    .description('list units with block and owner')
    .action(run((deps) => units(deps)));
};
