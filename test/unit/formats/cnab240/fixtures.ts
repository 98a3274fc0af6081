// Test inputs for the CNAB 240 writer. Barcodes are built here with their own check-digit code
// (independent of src/formats/cnab240) so a wrong implementation cannot agree with itself.
import type {
  DdaBoletoInput,
  DdaFileInput,
  DialectId,
  PaymentRemittanceInput,
  RemittancePayment,
} from '../../../../src/formats/cnab240/index.js';

function mod11Boleto(digits43: string): number {
  let sum = 0;
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  [...digits43].reverse().forEach((d, i) => {
    sum += Number(d) * weights[i % 8]!;
  });
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return (10 - (sum % 10)) % 10;
}

/** A valid 44-digit boleto barcode: bank, currency 9, DV, factor, value, 25-digit free field. */
export function boletoBarcode(bank: string, factor: number, valueCents: number, free: string): string {
  const body = `${bank}9${String(factor).padStart(4, '0')}${String(valueCents).padStart(10, '0')}${free.padStart(25, '0')}`;
  const dv = mod11Boleto(body);
  return `${body.slice(0, 4)}${dv}${body.slice(4)}`;
}

/** The 47-digit linha digitável of a boleto barcode. */
export function linhaDigitavel(barcode: string): string {
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/**
 * A valid 48-digit arrecadação linha digitável (value identifier 6: mod 10) and its barcode; segment 3 (energy)
 * unless another is given (5: government bodies, as an FGTS guide).
 */
export function arrecadacao(valueCents: number, segment = '3'): { linha: string; barcode: string } {
  const body43 = `8${segment}6${String(valueCents).padStart(11, '0')}${'0123456789012345678901234567890'.slice(0, 29)}`;
  const barcode = `${body43.slice(0, 3)}${mod10(body43)}${body43.slice(3)}`;
  let linha = '';
  for (let i = 0; i < 4; i++) {
    const block = barcode.slice(i * 11, i * 11 + 11);
    linha += `${block}${mod10(block)}`;
  }
  return { linha, barcode };
}

export const COMPANY = {
  name: 'Condomínio Edifício São Luís',
  document: '11.222.333/0001-81',
  bankCode: '341',
  bankName: 'Banco Itaú S.A.',
  agency: '1234',
  agencyDigit: '5',
  account: '67890',
  // Itaú's DAC over agência 1234 and conta 67890 (module 10: domain/account-check-digits.ts)
  accountDigit: '0',
  address: { street: 'Rua das Acácias', number: '100', city: 'São Paulo', zip: '01310-100', state: 'SP' },
};

/**
 * The company's account at each bank whose check digits condo judges, with the digits its bank's algorithm gives
 * (worked by hand from the banks' rules, as domain/account-check-digits.ts cites them) and the convênio the bank
 * requires; any other bank gets COMPANY's numbers.
 */
export function companyAt(bankCode: string): typeof COMPANY & { convenio?: string } {
  const at: Record<string, Partial<typeof COMPANY> & { convenio?: string }> = {
    '341': { agency: '1234', account: '67890', accountDigit: '0' },
    '237': { agency: '1234', agencyDigit: '3', account: '0067890', accountDigit: '2' },
    '001': {
      agency: '1234',
      agencyDigit: '3',
      account: '00067890',
      accountDigit: '2',
      convenio: '123456789',
    },
    // Caixa's conta carries its operação (003, a company's checking account) before its 8 digits
    '104': { agency: '1234', agencyDigit: '', account: '00300067890', accountDigit: '2', convenio: '123456' },
    '033': { agency: '1234', agencyDigit: '', account: '00067890', accountDigit: '4' },
  };
  return { ...COMPANY, bankCode, ...(at[bankCode] ?? {}) };
}

export const OWN_BOLETO = boletoBarcode('341', 1500, 45_678, '1090000012345678123456789');
export const OTHER_BOLETO = boletoBarcode('237', 1510, 99_900, '3381260007827136500000000');
export const UTILITY = arrecadacao(12_345);

export function samplePayments(): RemittancePayment[] {
  return [
    {
      seuNumero: 'PIXCPF0001',
      forma: 'pix',
      amountCents: 10_001,
      payeeName: 'José Ação Çeará',
      payeeDocument: '529.982.247-25',
      pixKey: '529.982.247-25',
      pixKeyType: 'cpf',
    },
    {
      seuNumero: 'PIXCNPJ0002',
      forma: 'pix',
      amountCents: 20_002,
      payeeName: 'Limpeza Ltda',
      payeeDocument: '11444777000161',
      pixKey: '11.444.777/0001-61',
      pixKeyType: 'cnpj',
    },
    {
      seuNumero: 'PIXMAIL0003',
      forma: 'pix',
      amountCents: 30_003,
      payeeName: 'Jardinagem ME',
      payeeDocument: '11444777000161',
      pixKey: 'Contas@Jardim.com.br',
      pixKeyType: 'email',
    },
    {
      seuNumero: 'PIXFONE0004',
      forma: 'pix',
      amountCents: 40_004,
      payeeName: 'Zelador',
      payeeDocument: '52998224725',
      pixKey: '(11) 98765-4321',
      pixKeyType: 'phone',
    },
    {
      seuNumero: 'PIXRAND0005',
      forma: 'pix',
      amountCents: 50_005,
      payeeName: 'Portaria SA',
      payeeDocument: '11444777000161',
      pixKey: '123e4567-e89b-42d3-a456-426614174000',
      pixKeyType: 'random',
    },
    {
      seuNumero: 'PIXBANK0006',
      forma: 'pix',
      amountCents: 60_006,
      payeeName: 'Elevadores',
      payeeDocument: '11444777000161',
      bank: { bankCode: '001', agency: '4321', account: '998877', accountDigit: 'X', accountType: 'savings' },
    },
    {
      seuNumero: '01J9Z3TED0000000007',
      forma: 'ted',
      amountCents: 70_007,
      payeeName: 'Água & Gás Distribuidora',
      payeeDocument: '11444777000161',
      bank: { bankCode: '237', agency: '0001', agencyDigit: '9', account: '12345', accountDigit: '6' },
    },
    {
      seuNumero: 'DOC0008',
      forma: 'doc',
      amountCents: 80_008,
      payeeName: 'Pintor Autônomo',
      payeeDocument: '52998224725',
      bank: { bankCode: '104', agency: '777', account: '1', accountDigit: '0' },
    },
    {
      seuNumero: 'BOLOWN0009',
      forma: 'boleto',
      amountCents: 45_678,
      payeeName: 'Seguradora Própria',
      payeeDocument: '11444777000161',
      barcode: OWN_BOLETO,
    },
    {
      seuNumero: 'BOLOTH0010',
      forma: 'boleto',
      amountCents: 95_000,
      payeeName: 'Energia Elétrica',
      payeeDocument: '11444777000161',
      barcode: linhaDigitavel(OTHER_BOLETO),
      dueDate: '2025-03-10',
      discountCents: 4_900,
      fineCents: 0,
    },
    {
      seuNumero: 'UTIL0011',
      forma: 'boleto',
      amountCents: 12_345,
      payeeName: 'Sabesp',
      payeeDocument: '11444777000161',
      barcode: UTILITY.linha,
      dueDate: '2025-03-15',
    },
  ];
}

/** The sample as a bank takes it today: without its DOC, which ended on 29/02/2024 (lint makes it an error). */
export function samplePaymentsToday(): RemittancePayment[] {
  return samplePayments().filter((p) => p.forma !== 'doc');
}

/**
 * The sample remittance in FEBRABAN's generic layout (the tests of that layout's positions); Itaú's own dialect,
 * which an Itaú account's remittance is written in by default, is tested in dialects.test.ts.
 */
export function sampleInput(
  payments: RemittancePayment[] = samplePayments(),
  dialect: DialectId | null = 'febraban',
): PaymentRemittanceInput {
  return {
    ...(dialect ? { dialect } : {}),
    company: COMPANY,
    fileSequence: 42,
    generatedAt: '2025-03-01T09:30:15',
    paymentDate: '2025-03-05',
    payments,
  };
}

/** An FGTS guide's code: an arrecadação barcode of segment 5 (government bodies). */
export const FGTS_GUIDE = arrecadacao(48_210, '5');

/** IRRF withheld on a service (1708), its fine and interest; INSS (2100) with other entities; FGTS by barcode. */
export function sampleGuides(): RemittancePayment[] {
  return [
    {
      forma: 'tribute',
      tribute: 'darf',
      seuNumero: 'DARF-OUT',
      payeeName: 'Receita Federal',
      amountCents: 15_150, // 150.00 + 1.00 fine + 0.50 interest
      revenueCode: '1708',
      period: '2025-01-31',
      reference: '12345',
      dueDate: '2025-02-20',
      fineCents: 100,
      interestCents: 50,
    },
    {
      forma: 'tribute',
      tribute: 'gps',
      seuNumero: 'GPS-JAN',
      payeeName: 'INSS',
      amountCents: 98_700, // 900.00 INSS + 87.00 other entities
      revenueCode: '2100',
      period: '2025-01',
      otherEntitiesCents: 8_700,
    },
    {
      forma: 'tribute',
      tribute: 'fgts',
      seuNumero: 'FGTS-JAN',
      payeeName: 'Caixa FGTS',
      amountCents: 48_210,
      revenueCode: '0115',
      barcode: FGTS_GUIDE.linha,
      fgtsIdentifier: '1234567890123456',
    },
  ];
}

const DDA_COMPANY = {
  name: 'CONDOMINIO RESIDENCIAL JARDIM',
  document: '11222333000181',
  agency: '0350',
  account: '12345',
  accountDigit: '1',
};

/** A boleto's barcode due on `dueDate` (YYYY-MM-DD): factor 1000 is 2025-02-22, the cycle begun in 2025. */
function ddaBarcode(bankCode: string, dueDate: string, amountCents: number, freeField: string): string {
  const days = (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('2025-02-22T00:00:00Z')) / 86_400_000;
  return boletoBarcode(bankCode, 1000 + days, amountCents, freeField);
}

/** Two boletos a bank's DDA lists for the condominium: one with every charge, payer and invoices; one bare. */
export const SAMPLE_DDA_BOLETOS: DdaBoletoInput[] = [
  {
    barcode: ddaBarcode('341', '2026-12-10', 185000, '1090000447120912458734000'),
    beneficiary: { document: '12345678000195', name: 'ELEVADORES HORIZONTE LTDA' },
    dueDate: '2026-12-10',
    amountCents: 185000,
    documentNumber: 'NF 4471',
    issueDate: '2026-11-20',
    interestPerDayCents: 62,
    discount: { code: '1', date: '2026-12-05', valueCents: 5000 },
    fine: { code: '2', date: '2026-12-11', valueCents: 200 },
    payer: { document: '11222333000181', name: 'CONDOMINIO RESIDENCIAL JARDIM BOTANICO' },
    invoices: [
      { number: '4471', amountCents: 150000, date: '2026-11-20' },
      { number: '4472', amountCents: 35000, date: '2026-11-20' },
    ],
  },
  {
    barcode: ddaBarcode('237', '2026-12-15', 48000, '2846090000000007700066960'),
    beneficiary: { document: '38492017597', name: 'MARIA HELENA COSTA' },
    dueDate: '2026-12-15',
    amountCents: 48000,
  },
];

/** A day's DDA file as `bankCode` (341 Itaú, 237 Bradesco) writes it. */
export const sampleDdaInput = (bankCode: string): DdaFileInput => ({
  bankCode,
  bankName: bankCode === '341' ? 'BANCO ITAU SA' : 'BANCO BRADESCO S.A.',
  company: DDA_COMPANY,
  generatedAt: '2026-11-26T06:15:00',
  fileSequence: 31,
  boletos: SAMPLE_DDA_BOLETOS,
});
