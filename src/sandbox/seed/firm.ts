/**
 * The sandbox playing an accounting firm (`condo sandbox start --condominiums N`): besides the two seeded
 * condominiums, the 3rd to Nth, each with its own CNPJ, bank accounts (a payment account at one of five banks,
 * numbers no other condominium has), units, suppliers, ledger history, fee invoices and one API client. The
 * Nth condominium is always the same one: its name, slug and numbers follow from N alone.
 */
import { withCheckDigits } from '../../domain/account-check-digits.js';
import { cnpjWithCheckDigits } from '../../domain/documents.js';
import type { BankAccount, ClientRecord, Condominium } from '../model.js';
import { SCOPES } from '../model.js';
import { seedSettledEntries } from './entries.js';
import { condominium, JARDIM_SUPPLIERS, newClient, type Sequences } from './index.js';
import { seedInvoices } from './invoices.js';

/** The seeded condominiums before the firm's (the test one and the other one). */
export const SEEDED_CONDOMINIUMS = 2;
export const MAX_CONDOMINIUMS = 200;

const BUILDINGS = [
  'Edifício Ipê Amarelo',
  'Residencial Bela Vista',
  'Edifício Solar das Palmeiras',
  'Residencial Parque das Árvores',
  'Edifício Mirante do Vale',
  'Residencial Villa Toscana',
  'Edifício Monte Verde',
  'Residencial Águas Claras',
  'Edifício Porto Seguro',
  'Residencial Jardim Europa',
  'Edifício Santa Cecília',
  'Residencial Vila Mariana',
  'Edifício Higienópolis',
  'Residencial Morumbi Park',
  'Edifício Bandeirantes',
  'Residencial Recanto dos Pássaros',
  'Edifício Itapuã',
  'Residencial Quinta da Boa Vista',
  'Edifício Cidade Jardim',
  'Residencial Portal do Sol',
  'Edifício Serra da Cantareira',
  'Residencial Alto da Lapa',
  'Edifício Saint Germain',
  'Residencial Flor de Lis',
  'Edifício Acácias',
  'Residencial Chácara Klabin',
  'Edifício Pacaembu',
  'Residencial Ilha Bela',
  'Edifício Copan Sul',
  'Residencial Brisa do Mar',
  'Edifício Vitória Régia',
  'Residencial Campo Belo',
  'Edifício Tamboré',
  'Residencial Moinho Velho',
  'Edifício Aclimação',
  'Residencial Lago Azul',
  'Edifício Perdizes',
  'Residencial Jacarandá',
  'Edifício Butantã',
  'Residencial Sabiá',
];

const STREETS = [
  'Rua Augusta',
  'Rua Haddock Lobo',
  'Avenida Brigadeiro Faria Lima',
  'Rua Oscar Freire',
  'Rua Cardeal Arcoverde',
  'Avenida Santo Amaro',
  'Rua Vergueiro',
  'Rua Teodoro Sampaio',
];

/** A payment account's bank, by the condominium's number: the banks firms' condominiums use most. */
const BANKS: { code: string; name: string }[] = [
  { code: '341', name: 'Itaú Unibanco S.A.' },
  { code: '237', name: 'Banco Bradesco S.A.' },
  { code: '001', name: 'Banco do Brasil S.A.' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '033', name: 'Banco Santander (Brasil) S.A.' },
];

const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The name of the nth condominium (n from 3): a building's name, numbered from its second use on. */
export function firmCondominiumName(n: number): string {
  const index = n - SEEDED_CONDOMINIUMS - 1;
  const building = BUILDINGS[index % BUILDINGS.length] as string;
  const round = Math.floor(index / BUILDINGS.length);
  return `Condomínio ${building}${round === 0 ? '' : ` ${round + 1}`}`;
}

export function firmCondominiumSlug(n: number): string {
  return slugOf(firmCondominiumName(n).replace(/^Condomínio /, ''));
}

/** The nth condominium, its ledger of this month and its fee invoices; ids come from `seq`. */
export function firmCondominium(n: number, seq: Sequences, now: Date): Condominium {
  const bank = BANKS[n % BANKS.length] as (typeof BANKS)[number];
  const branch = String(1000 + ((n * 379) % 9000)).padStart(4, '0');
  // each bank's own conta: its width (Itaú 5 digits, Bradesco 7, the others 8), and the digits its algorithm gives
  const width: Record<string, number> = { '341': 5, '237': 7 };
  const numbered = (base: number, operation: string) =>
    withCheckDigits(bank.code, branch, String(base + n * 113).padStart(width[bank.code] ?? 8, '0'), {
      operation,
    });
  const checking = numbered(20_000, '003');
  const savings = numbered(60_000, '022');
  // the convênio Banco do Brasil (9 digits) and Caixa (6) give a company for its payment files (one for the holder)
  const convenio =
    bank.code === '001'
      ? String(100_000_000 + n * 7_919).slice(-9)
      : bank.code === '104'
        ? String(100_000 + n * 379).slice(-6)
        : null;
  const accounts: Omit<BankAccount, 'id'>[] = [
    {
      name: 'Conta corrente',
      bank_code: bank.code,
      bank_name: bank.name,
      agency: checking.agency,
      account_number: checking.account,
      type: 'checking',
      current_balance_cents: 6_000_000 + ((n * 104_729) % 4_000_000),
      is_payment_account: true,
      convenio,
    },
    {
      name: 'Poupança - fundo de reserva',
      bank_code: bank.code,
      bank_name: bank.name,
      agency: savings.agency,
      account_number: savings.account,
      type: 'savings',
      current_balance_cents: 3_000_000 + ((n * 7_919) % 9_000_000),
      is_payment_account: false,
      convenio,
    },
  ];
  const condo = condominium(seq, now, {
    slug: firmCondominiumSlug(n),
    name: firmCondominiumName(n),
    document: cnpjWithCheckDigits(`${String(40_000_000 + n * 7_919).slice(-8)}0001`),
    address: `${STREETS[n % STREETS.length]}, ${100 + ((n * 37) % 1800)} - São Paulo - SP`,
    blocks: ['A'],
    floors: 3 + (n % 4),
    perFloor: 2,
    ownerOffset: n,
    cpfSeed: 100_000_000 + n * 104_729,
    // every supplier of the test condominium but the gardener whose account the bank refused
    suppliers: JARDIM_SUPPLIERS.filter((s) => !s.name.startsWith('Jardins')),
    accounts,
  });
  seedSettledEntries(condo, seq, now);
  seedInvoices(condo, now, 0x5eed + n);
  return condo;
}

/** The API client of a firm's condominium: `keep` holds the credentials a reset must not change. */
export function firmClient(slug: string, keep: readonly ClientRecord[] = []): ClientRecord {
  return keep.find((c) => c.condominium === slug) ?? newClient(`firm:${slug}`, slug, SCOPES);
}
