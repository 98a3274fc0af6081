/**
 * Fresh data for a new data dir: two condominiums that look like real ones in São Paulo, three OAuth clients,
 * and twelve closed monthly periods before the open current one. Everything but the client secrets is fixed,
 * so a fresh sandbox always has the same ids, names and balances.
 */
import { randomBytes } from 'node:crypto';
import { todayIn } from '../../domain/dates.js';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../domain/documents.js';
import type {
  BankAccount,
  ChartAccount,
  ClientRecord,
  Condominium,
  SandboxState,
  Scope,
  Supplier,
  Unit,
} from '../model.js';
import { SCOPES } from '../model.js';
import { seededPeriods } from '../services/periods.js';
import { seedSettledEntries } from './entries.js';
import { quotaFractions, seedInvoices } from './invoices.js';

export const TEST_CONDOMINIUM = 'residencial-jardim-botanico';
export const OTHER_CONDOMINIUM = 'edificio-aurora';

const READ_SCOPES = SCOPES.filter((s) => s.endsWith('.read'));

export type Sequences = Record<string, number>;
export function next(seq: Sequences, kind: string): number {
  const id = seq[kind] ?? 1;
  seq[kind] = id + 1;
  return id;
}

export function newClient(
  name: ClientRecord['name'],
  condominium: string,
  scopes: readonly Scope[],
): ClientRecord {
  return {
    name,
    condominium,
    client_id: `sbx_${name.startsWith('firm:') ? 'firm' : name.replace('-', '')}_${randomBytes(6).toString('hex')}`,
    client_secret: `sbxs_${randomBytes(24).toString('base64url')}`,
    scopes: [...scopes],
  };
}

export function seedClients(): ClientRecord[] {
  return [
    newClient('default', TEST_CONDOMINIUM, SCOPES),
    newClient('read-only', TEST_CONDOMINIUM, READ_SCOPES),
    newClient('other', OTHER_CONDOMINIUM, SCOPES),
  ];
}

/**
 * A whole fresh state; `clients` lets a reset keep the existing credentials; `units` makes the test condominium a
 * building of that many units (#67: a bench's 500), in blocks of ten floors of four.
 */
export function seedState(now: Date, clients: ClientRecord[] = seedClients(), units?: number): SandboxState {
  const sequences: Sequences = {};
  const condominiums = [jardimBotanico(sequences, now, units), edificioAurora(sequences, now)];
  seedSettledEntries(condominiums[0] as Condominium, sequences, now);
  seedInvoices(condominiums[0] as Condominium, now);
  return {
    format: 'condo-sandbox',
    version: 1,
    base_url: null,
    sequences,
    clients,
    tokens: [],
    condominiums,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Chart of accounts (plano de contas): synthetic groups and the analytic accounts entries post to.

type ChartRow = [code: string, name: string, state?: 'inactive'];
const CHART: ChartRow[] = [
  ['1', 'Receitas'],
  ['1.1', 'Receitas ordinárias'],
  ['1.1.01', 'Taxa condominial'],
  ['1.1.02', 'Fundo de reserva'],
  ['1.1.03', 'Fundo de obras'],
  ['1.1.04', 'Rateio de consumo de água'],
  ['1.2', 'Outras receitas'],
  ['1.2.01', 'Multas e juros'],
  ['1.2.02', 'Rendimentos de aplicações financeiras'],
  ['1.2.03', 'Locação do salão de festas'],
  ['1.2.04', 'Estacionamento rotativo', 'inactive'],
  ['2', 'Despesas'],
  ['2.1', 'Despesas com pessoal'],
  ['2.1.01', 'Folha de pagamento'],
  ['2.1.02', 'Encargos sociais (INSS e FGTS)'],
  ['2.1.03', 'Vale-transporte e benefícios'],
  ['2.1.04', 'Férias e 13º salário'],
  ['2.2', 'Consumo'],
  ['2.2.01', 'Energia elétrica'],
  ['2.2.02', 'Água e esgoto'],
  ['2.2.03', 'Gás'],
  ['2.3', 'Manutenção e conservação'],
  ['2.3.01', 'Manutenção de elevadores'],
  ['2.3.02', 'Limpeza e conservação'],
  ['2.3.03', 'Jardinagem'],
  ['2.3.04', 'Dedetização e controle de pragas'],
  ['2.3.05', 'Manutenção de bombas e portões'],
  ['2.3.06', 'Aquecimento da piscina', 'inactive'],
  ['2.4', 'Despesas administrativas'],
  ['2.4.01', 'Administradora'],
  ['2.4.02', 'Portaria e segurança terceirizada'],
  ['2.4.03', 'Seguro predial obrigatório'],
  ['2.4.04', 'Tarifas bancárias'],
  ['2.4.05', 'Honorários advocatícios'],
  ['2.4.06', 'Material de escritório'],
  ['2.4.07', 'Honorários contábeis'],
];

function chartOfAccounts(seq: Sequences): ChartAccount[] {
  const byCode = new Map<string, ChartAccount>();
  const out: ChartAccount[] = [];
  for (const [code, name, state] of CHART) {
    const parentCode = code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : null;
    const account: ChartAccount = {
      id: next(seq, 'chart_accounts'),
      code,
      name,
      type: code.startsWith('1') ? 'revenue' : 'expense',
      state: state ?? 'active',
      parent_id: parentCode ? (byCode.get(parentCode)?.id ?? null) : null,
    };
    byCode.set(code, account);
    out.push(account);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Units and owners

const OWNERS = [
  'Maria Aparecida da Silva',
  'José Roberto Santos',
  'Ana Paula Oliveira',
  'Carlos Eduardo Souza',
  'Fernanda Lima Rodrigues',
  'Paulo Henrique Ferreira',
  'Juliana Alves Costa',
  'Marcos Vinícius Pereira',
  'Patrícia Gomes Ribeiro',
  'Ricardo Martins Carvalho',
  'Luciana Araújo Barbosa',
  'Rafael Cardoso Teixeira',
  'Camila Rocha Almeida',
  'André Luiz Nascimento',
  'Beatriz Moreira Dias',
  'Thiago Mendes Castro',
  'Gabriela Pinto Correia',
  'Felipe Azevedo Monteiro',
  'Renata Campos Freitas',
  'Gustavo Ramos Vieira',
  'Aline Cavalcanti Nunes',
  'Eduardo Batista Lopes',
  'Vanessa Duarte Machado',
  'Rodrigo Fernandes Moura',
  'Simone Barros Rezende',
  'Leonardo Tavares Pires',
  'Cristina Farias Siqueira',
  'Bruno Sales Antunes',
];

function units(
  seq: Sequences,
  blockNames: string[],
  floors: number,
  perFloor: number,
  ownerOffset: number,
  cpfSeed: number,
  limit = Number.POSITIVE_INFINITY,
): Unit[] {
  const out: Unit[] = [];
  let n = 0;
  for (const block of blockNames) {
    for (let floor = 1; floor <= floors; floor++) {
      for (let i = 1; i <= perFloor && n < limit; i++) {
        const number = `${floor}0${i}`;
        const owner = OWNERS[(ownerOffset + n) % OWNERS.length] as string;
        out.push({
          id: next(seq, 'units'),
          block,
          number,
          label: `Bloco ${block} - ${number}`,
          owner,
          owner_document: cpfWithCheckDigits(
            String(cpfSeed + n * 7_919_351)
              .padStart(9, '0')
              .slice(-9),
          ),
          ideal_fraction: 0,
        });
        n++;
      }
    }
  }
  // fração ideal: by each unit's fee, so the seed's budget bills each its seeded quota (#67)
  const fractions = quotaFractions(out);
  out.forEach((u, i) => {
    u.ideal_fraction = fractions[i] as number;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The test condominium

/** The test condominium's suppliers; a firm's condominiums hire most of them too (firm.ts). */
export const JARDIM_SUPPLIERS: Omit<Supplier, 'id'>[] = [
  {
    name: 'Elevadores Horizonte Manutenção Ltda',
    document: cnpjWithCheckDigits('123456780001'),
    bank: { code: '341', agency: '0912', account: '45873-4', account_type: 'checking' },
    pix_key: cnpjWithCheckDigits('123456780001'),
    pix_key_type: 'cnpj',
  },
  {
    name: 'Brilho Serviços de Limpeza e Conservação Ltda',
    document: cnpjWithCheckDigits('234567890001'),
    bank: { code: '237', agency: '3321-9', account: '0071234-5', account_type: 'checking' },
    pix_key: null,
    pix_key_type: null,
  },
  {
    name: 'Paulista Administração de Condomínios Ltda',
    document: cnpjWithCheckDigits('345678910001'),
    bank: { code: '001', agency: '1607-1', account: '00028410-6', account_type: 'checking' },
    pix_key: 'financeiro@paulistaadm.com.br',
    pix_key_type: 'email',
  },
  {
    name: 'João Carlos Pereira',
    document: cpfWithCheckDigits('271845093'),
    bank: null,
    pix_key: '+5511987654321',
    pix_key_type: 'phone',
  },
  {
    name: 'Vigilare Portaria e Segurança Ltda',
    document: cnpjWithCheckDigits('456789120001'),
    bank: null,
    pix_key: '7d9f2c1e-4b8a-4f3e-9a61-2c5d8e0b7f14',
    pix_key_type: 'random',
  },
  {
    name: 'Dedetizadora Boa Vista ME',
    document: cnpjWithCheckDigits('567891230001'),
    bank: { code: '104', agency: '0235', account: '022.00012876-6', account_type: 'savings' },
    pix_key: null,
    pix_key_type: null,
  },
  {
    name: 'Distribuidora Paulista de Energia S.A.',
    document: cnpjWithCheckDigits('678912340001'),
    bank: null,
    pix_key: null,
    pix_key_type: null,
  },
  {
    name: 'Jardins & Cia Paisagismo Ltda',
    document: cnpjWithCheckDigits('789123450001'),
    bank: { code: '260', agency: '0001', account: '9384756-9', account_type: 'checking' },
    pix_key: cnpjWithCheckDigits('789123450001'),
    pix_key_type: 'cnpj',
  },
  {
    name: 'Maria Helena Costa (contadora)',
    document: cpfWithCheckDigits('384920175'),
    bank: { code: '033', agency: '4410', account: '01004532-0', account_type: 'checking' },
    pix_key: cpfWithCheckDigits('384920175'),
    pix_key_type: 'cpf',
  },
];

function jardimBotanico(seq: Sequences, now: Date, unitCount?: number): Condominium {
  const suppliers = JARDIM_SUPPLIERS;
  const accounts: Omit<BankAccount, 'id'>[] = [
    {
      name: 'Conta corrente - pagamentos',
      bank_code: '341',
      bank_name: 'Itaú Unibanco S.A.',
      agency: '0350',
      account_number: '12345-1',
      type: 'checking',
      current_balance_cents: 4_823_517,
      is_payment_account: true,
    },
    {
      name: 'Poupança - fundo de reserva',
      bank_code: '104',
      bank_name: 'Caixa Econômica Federal',
      agency: '1679',
      // Caixa's operação 022 (a company's savings) before the conta: its digit is worked over all three
      account_number: '022.00023456-3',
      type: 'savings',
      current_balance_cents: 15_230_000,
      is_payment_account: false,
      // the código do convênio Caixa gives the condominium for its payment files (SIACC, 6 digits)
      convenio: '417520',
    },
    {
      name: 'CDB - fundo de obras',
      bank_code: '001',
      bank_name: 'Banco do Brasil S.A.',
      agency: '3064-3',
      account_number: '00055012-4',
      type: 'investment',
      current_balance_cents: 8_500_000,
      is_payment_account: false,
      // Banco do Brasil's convênio de pagamento (9 digits), were the condominium to pay from it
      convenio: '000812734',
    },
  ];
  return condominium(seq, now, {
    slug: TEST_CONDOMINIUM,
    name: 'Condomínio Residencial Jardim Botânico',
    document: cnpjWithCheckDigits('112223330001'),
    address: 'Rua das Orquídeas, 450 - Jardim Botânico, Ribeirão Preto - SP, 14021-620',
    // a building of `unitCount` units: blocks of ten floors of four (A, B, C…)
    ...(unitCount
      ? {
          blocks: Array.from(
            { length: Math.ceil(unitCount / 40) },
            (_, i) => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : ''),
          ),
          floors: 10,
          perFloor: 4,
          units: unitCount,
        }
      : { blocks: ['A', 'B'], floors: 6, perFloor: 2 }),
    ownerOffset: 0,
    cpfSeed: 123_456_789,
    suppliers,
    accounts,
  });
}

// ---------------------------------------------------------------------------------------------------------
// The second condominium, for cross-tenant checks

function edificioAurora(seq: Sequences, now: Date): Condominium {
  return condominium(seq, now, {
    slug: OTHER_CONDOMINIUM,
    name: 'Condomínio Edifício Aurora',
    document: cnpjWithCheckDigits('998887770001'),
    address: 'Avenida Paulista, 1200 - Bela Vista, São Paulo - SP, 01310-100',
    blocks: ['Único'],
    floors: 8,
    perFloor: 2,
    ownerOffset: 11,
    cpfSeed: 987_654_321,
    suppliers: [
      {
        name: 'Elevadores Aurora Assistência Técnica Ltda',
        document: cnpjWithCheckDigits('890123450001'),
        bank: { code: '341', agency: '1500', account: '77812-9', account_type: 'checking' },
        pix_key: 'contato@aurora-elevadores.com.br',
        pix_key_type: 'email',
      },
      {
        name: 'Zeladoria Central Serviços Ltda',
        document: cnpjWithCheckDigits('901234560001'),
        bank: { code: '237', agency: '0101-5', account: '0034567-9', account_type: 'checking' },
        pix_key: null,
        pix_key_type: null,
      },
      {
        name: 'Companhia de Saneamento Metropolitana',
        document: cnpjWithCheckDigits('432109870001'),
        bank: null,
        pix_key: null,
        pix_key_type: null,
      },
    ],
    accounts: [
      {
        name: 'Conta corrente',
        bank_code: '237',
        bank_name: 'Banco Bradesco S.A.',
        agency: '2290-P',
        account_number: '0098765-4',
        type: 'checking',
        current_balance_cents: 2_174_090,
        is_payment_account: true,
      },
      {
        name: 'Poupança - fundo de reserva',
        bank_code: '237',
        bank_name: 'Banco Bradesco S.A.',
        agency: '2290-P',
        account_number: '1098765-2',
        type: 'savings',
        current_balance_cents: 6_410_000,
        is_payment_account: false,
      },
    ],
  });
}

export interface CondominiumSeed {
  slug: string;
  name: string;
  document: string;
  address: string;
  blocks: string[];
  floors: number;
  perFloor: number;
  ownerOffset: number;
  cpfSeed: number;
  /** at most this many units (a bench's building) */
  units?: number;
  suppliers: Omit<Supplier, 'id'>[];
  accounts: Omit<BankAccount, 'id'>[];
}

export function condominium(seq: Sequences, now: Date, s: CondominiumSeed): Condominium {
  const condo: Condominium = {
    slug: s.slug,
    name: s.name,
    document: s.document,
    address: s.address,
    blocks: s.blocks.map((name) => ({ id: next(seq, 'blocks'), name })),
    units: units(seq, s.blocks, s.floors, s.perFloor, s.ownerOffset, s.cpfSeed, s.units),
    suppliers: s.suppliers.map((sup) => ({ id: next(seq, 'suppliers'), ...sup })),
    bank_accounts: s.accounts.map((acc) => ({ id: next(seq, 'bank_accounts'), ...acc })),
    chart_of_accounts: chartOfAccounts(seq),
    periods: seededPeriods(todayIn(now)),
    payables: [],
    batches: [],
    entries: [],
    invoices: [],
    expenses: [],
    nosso_numero_sequence: 0,
    statement_imports: [],
    statement_movements: [],
    webhook_subscriptions: [],
    webhook_attempts: [],
  };
  return condo;
}
