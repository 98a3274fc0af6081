/**
 * The sandbox plays the suppliers (#55): `condo sandbox nfse` writes the month's national-standard NFS-e of a
 * condominium's service providers, one case of the withholding rules each, issued to the condominium's CNPJ:
 * - a cleaning firm outside Simples Nacional: INSS 11% and PIS/COFINS/CSLL 4.65% withheld;
 * - a Simples Nacional security firm (Anexo IV): INSS only, and its ISS withheld, as the invoice says;
 * - an MEI electrician (no supplier yet): nothing withheld, the CPP reminder;
 * - a small elevator repair, whose PIS/COFINS/CSLL would be R$ 10,00 or less: nothing;
 * - a gardener whose invoice leaves the CSLL out: a divergence.
 * Each provider declares what the rules give (but the gardener), so `nfse check` agrees on four of five.
 * And the elevator firm's monthly maintenance in São Paulo's own layout (#71: the city keeps its issuer beside the
 * national one), its service code the city's, which names no LC 116 item: the rules that need one say so.
 */

import { nextBusinessDay } from '../domain/business-days.js';
import { addDays, type IsoDate } from '../domain/dates.js';
import { cnpjWithCheckDigits } from '../domain/documents.js';
import { ofRate } from '../domain/nfse/withholding.js';
import {
  type NationalInvoiceInput,
  nationalAccessKey,
  nationalInvoiceXml,
  type PaulistanaInput,
  paulistanaXml,
} from '../formats/nfse/write.js';
import { TEST_CONDOMINIUM } from './seed/index.js';
import { SandboxStore } from './store.js';

/** The MEI electrician of the month: a provider no supplier is yet (`nfse import --create-suppliers`). */
export const MEI_ELECTRICIAN = {
  name: 'Luz Certa Instalações Elétricas MEI',
  cnpj: cnpjWithCheckDigits('512345670001'),
};

interface Case {
  file: string;
  supplier: RegExp | null;
  provider?: { cnpj: string; name: string };
  simples: 1 | 2 | 3;
  service: { code: string; description: string };
  cents: number;
  /** the ISS rate, as the invoice writes it */
  iss: string;
  issWithheld?: boolean;
  withholds: { inss?: boolean; pcc?: boolean; csllForgotten?: boolean };
}

const CASES: Case[] = [
  {
    file: 'limpeza',
    supplier: /Brilho/,
    simples: 1,
    service: {
      code: '071001',
      description: 'Limpeza e conservação das áreas comuns: 4 auxiliares, 44 h semanais',
    },
    cents: 845_000,
    iss: '2.00',
    withholds: { inss: true, pcc: true },
  },
  {
    file: 'portaria',
    supplier: /Vigilare/,
    simples: 3,
    service: { code: '110201', description: 'Vigilância e portaria 24 horas, posto único' },
    cents: 1_230_000,
    iss: '2.00',
    // the municipality makes the taker withhold this one's ISS, and the invoice says so
    issWithheld: true,
    withholds: { inss: true },
  },
  {
    file: 'eletricista',
    supplier: null,
    provider: MEI_ELECTRICIAN,
    simples: 2,
    service: { code: '070201', description: 'Troca do quadro de distribuição da garagem (mão de obra)' },
    cents: 48_000,
    iss: '2.00',
    withholds: {},
  },
  {
    file: 'reparo-elevador',
    supplier: /Elevadores/,
    simples: 1,
    service: { code: '140101', description: 'Reparo do botão do 3º andar, elevador social' },
    cents: 18_000,
    iss: '5.00',
    withholds: {},
  },
  {
    file: 'jardinagem',
    supplier: /Jardins/,
    simples: 1,
    service: { code: '071101', description: 'Jardinagem e poda das áreas comuns' },
    cents: 260_000,
    iss: '2.00',
    withholds: { pcc: true, csllForgotten: true },
  },
];

export interface NfseFilesOptions {
  condominium?: string;
  /** the month the invoices are issued in, YYYY-MM */
  month: string;
}

export interface NfseFile {
  name: string;
  xml: string;
}

export function nfseFilesOf(store: SandboxStore, opts: NfseFilesOptions): NfseFile[] {
  const slug = opts.condominium ?? TEST_CONDOMINIUM;
  return store.read(slug, (tx) => {
    const condo = tx.condominiums.get(slug);
    if (!condo) throw new Error(`no condominium ${slug} in the sandbox`);
    const suppliers = tx.suppliers.find();
    const out: NfseFile[] = [];
    let day: IsoDate = nextBusinessDay(`${opts.month}-02`);
    for (const [index, c] of CASES.entries()) {
      const supplier = c.supplier ? suppliers.find((s) => c.supplier?.test(s.name)) : undefined;
      const provider =
        c.provider ?? (supplier ? { cnpj: supplier.document ?? '', name: supplier.name } : undefined);
      if (!provider) continue;
      const number = Number(opts.month.replace('-', '').slice(2)) * 100 + index + 1;
      const issuedAt = `${day}T10:${String(10 + index).padStart(2, '0')}:00-03:00`;
      const inss = c.withholds.inss ? ofRate(c.cents, 1100) : 0;
      const pis = c.withholds.pcc ? ofRate(c.cents, 65) : 0;
      const cofins = c.withholds.pcc ? ofRate(c.cents, 300) : 0;
      const csll = c.withholds.pcc && !c.withholds.csllForgotten ? ofRate(c.cents, 100) : 0;
      const issRate = Math.round(Number(c.iss) * 100);
      const issAmount = ofRate(c.cents, issRate);
      const issWithheld = Boolean(c.issWithheld);
      const withheld = { inss, irrf: 0, pis, cofins, csll };
      const net = c.cents - inss - pis - cofins - csll - (issWithheld ? issAmount : 0);
      const input: NationalInvoiceInput = {
        accessKey: nationalAccessKey({
          municipality: '3550308',
          cnpj: provider.cnpj,
          number,
          issuedAt,
          code: 7_100_000 + number,
        }),
        number,
        issuedAt,
        municipality: { code: '3550308', name: 'São Paulo' },
        provider: {
          cnpj: provider.cnpj,
          name: provider.name,
          simples: c.simples,
          ...(c.simples === 3 ? { regApTribSN: 1 as const } : {}),
        },
        taker: { cnpj: condo.document, name: condo.name },
        service: c.service,
        serviceValue: c.cents,
        iss: { ratePercent: c.iss, withheldByTaker: issWithheld, amount: issAmount },
        withheld,
        net,
      };
      out.push({
        name: `NFSe-${opts.month}-${String(number)}-${c.file}.xml`,
        xml: nationalInvoiceXml(input),
      });
      day = nextBusinessDay(addDays(day, 1));
    }
    const elevators = suppliers.find((s) => /Elevadores/.test(s.name));
    if (elevators) {
      const number = Number(opts.month.replace('-', '').slice(2)) * 100 + 50;
      const input: PaulistanaInput = {
        ccm: '48213907',
        number,
        verification: `SBX${String(number).slice(-5)}`,
        issuedAt: `${day}T09:30:00`,
        serviceDay: day,
        status: 'N',
        provider: { cnpj: elevators.document ?? '', name: elevators.name, opcaoSimples: '0' },
        taker: { cnpj: condo.document, name: condo.name },
        // a code as São Paulo's test examples write one (the sandbox's choice, not checked against the city's list)
        serviceCode: '02919',
        description: 'Manutenção mensal preventiva dos dois elevadores, contrato 2026',
        serviceValue: 145_000,
        issRate: '0.02',
        issValue: ofRate(145_000, 200),
        issWithheld: false,
        withheld: { inss: 0, irrf: 0, pis: 0, cofins: 0, csll: 0 },
      };
      out.push({
        name: `NFe-SP-${opts.month}-${number}-manutencao-elevadores.xml`,
        xml: paulistanaXml(input),
      });
    }
    return out;
  });
}

export function nfseForDemo(dataDir: string, opts: NfseFilesOptions): NfseFile[] {
  const store = SandboxStore.open(dataDir);
  try {
    return nfseFilesOf(store, opts);
  } finally {
    store.close();
  }
}
