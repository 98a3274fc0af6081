import { describe, expect, test } from 'vitest';
import { dueOn, obligationsOf, withholdingDue } from '../../../../src/domain/nfse/deadlines.js';
import type { NfseInvoice, ProviderRegime } from '../../../../src/domain/nfse/invoice.js';
import { NFSE_RULES } from '../../../../src/domain/nfse/rules.js';
import { ofRate, reviewWithholdings } from '../../../../src/domain/nfse/withholding.js';

/**
 * Golden cases of the withholding rules (#55): one per rule, each with its figures worked by hand and its source
 * (the same sources the rules file cites). A condominium is the taker in every case.
 */

function invoice(over: {
  item: string;
  cents: number;
  regime?: ProviderRegime;
  declared?: Partial<NfseInvoice['declared']>;
  materials?: number;
  discount?: number;
  iss?: { withheld: boolean | null; rate?: number };
  issue?: string;
}): NfseInvoice {
  return {
    kind: 'nfse',
    access_key: null,
    number: '1',
    verification_code: null,
    issue_date: over.issue ?? '2025-10-02',
    competence: null,
    provider: {
      document: '23456789000190',
      name: 'Prestador',
      regime: over.regime ?? 'normal',
      regime_detail: null,
    },
    taker: { document: '11222333000181', name: 'Condomínio' },
    service: { code: null, item: over.item, description: null },
    service_value_cents: over.cents,
    unconditional_discount_cents: over.discount ?? 0,
    conditional_discount_cents: 0,
    materials_cents: over.materials ?? 0,
    iss_rate_bp: over.iss?.rate ?? 200,
    iss_withheld: over.iss ? over.iss.withheld : false,
    declared: {
      inss_cents: 0,
      irrf_cents: 0,
      pis_cents: 0,
      cofins_cents: 0,
      csll_cents: 0,
      iss_cents: 0,
      net_cents: 0,
      ...over.declared,
    },
    ibs_cbs: null,
  };
}

const computedOf = (i: NfseInvoice, withholdIrrf = false) => {
  const { computed } = reviewWithholdings(i, { withholdIrrf });
  return [
    computed.inss_cents,
    computed.pis_cents,
    computed.cofins_cents,
    computed.csll_cents,
    computed.irrf_cents,
  ];
};

describe('INSS (Lei 8.212/1991 art. 31; IN RFB 2.110/2022 arts. 108-115)', () => {
  test('cleaning outside Simples, R$ 8.450,00: INSS 11% = 929,50; PCC 0,65% + 3% + 1% = 54,93 + 253,50 + 84,50 (half-up)', () => {
    expect(computedOf(invoice({ item: '7.10', cents: 845_000 }))).toEqual([92_950, 5_493, 25_350, 8_450, 0]);
  });

  test('a Simples security firm is Anexo IV by its service (LC 123/2006 art. 18 §5-C): INSS 11% of R$ 12.300,00 = 1.353,00, no PCC; said', () => {
    const r = reviewWithholdings(invoice({ item: '11.02', cents: 1_230_000, regime: 'simples' }));
    expect([r.computed.inss_cents, r.computed.pis_cents]).toEqual([135_300, 0]);
    expect(r.notes.map((n) => n.code)).toContain('nfse.simples-anexo-iv');
  });

  test('a Simples provider of a service outside Anexo IV: nothing', () => {
    expect(computedOf(invoice({ item: '14.01', cents: 100_000, regime: 'simples' }))).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  test('never from an MEI; the 20% CPP is the taker’s, said as a reminder (LC 123/2006 art. 18-B): R$ 480,00 → 96,00', () => {
    const r = reviewWithholdings(invoice({ item: '7.02', cents: 48_000, regime: 'mei' }));
    expect(r.computed.inss_cents).toBe(0);
    expect(r.notes.find((n) => n.code === 'nfse.mei-cpp')?.params).toEqual({ item: '7.02', amount: 9_600 });
  });

  test('materials the invoice states leave INSS’s base (IN RFB 2.110/2022): 11% of 10.000 − 4.000 = 660,00; PCC on the whole', () => {
    expect(computedOf(invoice({ item: '7.02', cents: 1_000_000, materials: 400_000 }))).toEqual([
      66_000, 0, 0, 0, 0,
    ]);
  });

  test('half-up to the cent: 11% of R$ 100,50 = 11,055 → 11,06', () => {
    expect(ofRate(10_050, 1100)).toBe(1_106);
  });

  test('maintenance is withheld only under cessão: taken from what the invoice declares', () => {
    expect(computedOf(invoice({ item: '14.01', cents: 100_000, declared: { inss_cents: 11_000 } }))[0]).toBe(
      11_000,
    );
    expect(computedOf(invoice({ item: '14.01', cents: 100_000 }))[0]).toBe(0);
  });

  test('3,5% declared by a provider on CPRB (Lei 12.546/2011 art. 7 §6) is taken, and said uncertain', () => {
    const r = reviewWithholdings(
      invoice({
        item: '7.10',
        cents: 100_000,
        declared: { inss_cents: 3_500, pis_cents: 650, cofins_cents: 3_000, csll_cents: 1_000 },
      }),
    );
    expect(r.divergences).toEqual([]);
    expect(r.notes.map((n) => n.code)).toContain('nfse.cprb');
  });
});

describe('PIS/COFINS/CSLL (Lei 10.833/2003 arts. 30-31; IN SRF 459/2004)', () => {
  test('R$ 10,00 or less is not withheld (art. 31 §3): a R$ 180,00 repair gives 8,37', () => {
    const r = reviewWithholdings(invoice({ item: '14.01', cents: 18_000 }));
    expect(computedOf(invoice({ item: '14.01', cents: 18_000 }))).toEqual([0, 0, 0, 0, 0]);
    expect(r.explanations.find((e) => e.tax === 'pcc')?.reason.params).toEqual({ tax: 'pcc', amount: 837 });
  });

  test('the threshold itself: R$ 215,05 gives exactly 10,00 (not withheld); R$ 216,00 gives 10,04 (withheld)', () => {
    expect(computedOf(invoice({ item: '7.10', cents: 21_505 })).slice(1, 4)).toEqual([0, 0, 0]);
    expect(computedOf(invoice({ item: '7.10', cents: 21_600 })).slice(1, 4)).toEqual([140, 648, 216]);
  });

  test('never from Simples or MEI providers', () => {
    expect(computedOf(invoice({ item: '17.19', cents: 500_000, regime: 'simples' }))).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  test('on the base less the unconditional discount', () => {
    expect(computedOf(invoice({ item: '17.19', cents: 110_000, discount: 10_000 })).slice(1, 4)).toEqual([
      650, 3_000, 1_000,
    ]);
  });

  test('a gardener whose invoice leaves the CSLL out: one divergence, named by its tax and rule', () => {
    const r = reviewWithholdings(
      invoice({ item: '7.11', cents: 260_000, declared: { pis_cents: 1_690, cofins_cents: 7_800 } }),
    );
    expect(r.divergences.map((d) => [d.tax, d.declared_cents, d.computed_cents, d.rule])).toEqual([
      ['csll', 0, 2_600, 'pis-cofins-csll'],
    ]);
  });
});

describe('IRRF: a condominium is not a company (SC Cosit 17/2017): the firm’s policy', () => {
  const consulting = () =>
    invoice({
      item: '17.01',
      cents: 8_000_000,
      declared: { irrf_cents: 120_000, pis_cents: 52_000, cofins_cents: 240_000, csll_cents: 80_000 },
    });

  test('off (the default): a declared IRRF is the policy’s, not a divergence, and said', () => {
    const r = reviewWithholdings(consulting());
    expect(r.computed.irrf_cents).toBe(0);
    expect(r.divergences).toEqual([]);
    expect(r.notes.map((n) => n.code)).toContain('nfse.irrf-policy-off');
  });

  test('on: 1,5% of professional services (RIR art. 714) = 1.200,00, as the real invoice declares', () => {
    expect(reviewWithholdings(consulting(), { withholdIrrf: true }).divergences).toEqual([]);
    expect(computedOf(consulting(), true)[4]).toBe(120_000);
  });

  test('on: 1% of cleaning (RIR art. 716); R$ 10,00 or less not withheld', () => {
    expect(computedOf(invoice({ item: '7.10', cents: 845_000 }), true)[4]).toBe(8_450);
    expect(computedOf(invoice({ item: '7.10', cents: 100_000 }), true)[4]).toBe(0);
  });
});

describe('ISS follows the invoice’s flag (LC 116/2003 art. 6)', () => {
  test('withheld by the taker: the rate on the base', () => {
    const r = reviewWithholdings(
      invoice({
        item: '7.10',
        cents: 100_000,
        iss: { withheld: true, rate: 200 },
        declared: { iss_cents: 2_000 },
      }),
    );
    expect(r.computed.iss_cents).toBe(2_000);
  });

  test('not said: the invoice’s figure, and the municipality decides', () => {
    const r = reviewWithholdings(
      invoice({ item: '7.10', cents: 100_000, iss: { withheld: null }, declared: { iss_cents: 5_000 } }),
    );
    expect(r.computed.iss_cents).toBe(5_000);
    expect(r.explanations.find((e) => e.tax === 'iss')?.reason.code).toBe('nfse.iss-unknown');
  });
});

test('the net is the gross less the discounts and what is withheld', () => {
  const r = reviewWithholdings(invoice({ item: '7.10', cents: 845_000 }));
  expect(r.computed.net_cents).toBe(845_000 - 92_950 - 5_493 - 25_350 - 8_450);
});

test('every rule in the file cites its source, and a rule not in force is said so', () => {
  for (const rule of NFSE_RULES.rules) expect(rule.citation, rule.id).toMatch(/\d/);
  const r = reviewWithholdings(invoice({ item: '7.10', cents: 100_000, issue: '1990-01-02' }));
  expect(r.explanations.filter((e) => e.reason.code === 'nfse.not-valid').map((e) => e.tax)).toEqual([
    'inss',
    'pcc',
    'iss',
  ]);
});

describe('due dates (the national bank calendar, 20 November a holiday since 2024)', () => {
  test('October 2025: INSS 19/11 (the 20th a holiday, earlier); PCC paid in October 19/11; Reinf and DCTFWeb 17/11 (15th a Saturday, later)', () => {
    expect(withholdingDue(['inss', 'pcc'], { issue: '2025-10-02', payment: '2025-10-12' })).toEqual([
      { tax: 'inss', date: '2025-11-19', rule: 'inss-dia-20' },
      { tax: 'pcc', date: '2025-11-19', rule: 'federais-segundo-decendio' },
    ]);
    // DCTFWeb: the last business day of the next month (IN RFB 2.248/2025)
    expect(obligationsOf('2025-10', ['inss', 'pcc']).map((o) => [o.id, o.date])).toEqual([
      ['reinf-r2010', '2025-11-17'],
      ['reinf-r4020', '2025-11-17'],
      ['dctfweb', '2025-11-28'],
    ]);
  });

  test('the federal ones count from the payment: an invoice of October paid in November is due 18/12/2025', () => {
    expect(withholdingDue(['pcc'], { issue: '2025-10-30', payment: '2025-11-10' })[0]?.date).toBe(
      '2025-12-19',
    );
  });

  test('a 20th on a Sunday moves to Friday the 18th (September 2026); a 15th on a Sunday to Monday the 16th (November 2026)', () => {
    const inss = NFSE_RULES.due.find((d) => d.tax === 'inss');
    const reinf = NFSE_RULES.obligations.find((o) => o.id === 'reinf-r2010');
    if (!inss || !reinf) throw new Error('rules missing');
    expect(dueOn(inss, '2026-08-10')).toBe('2026-09-18');
    expect(dueOn(reinf, '2026-10-01')).toBe('2026-11-16');
  });

  test('DCTFWeb on the last business day: November 2026 ends on a Monday the 30th; January 2026 on Saturday the 31st, so Friday the 30th', () => {
    expect(obligationsOf('2026-10', ['inss']).find((o) => o.id === 'dctfweb')?.date).toBe('2026-11-30');
    expect(obligationsOf('2025-12', ['inss']).find((o) => o.id === 'dctfweb')?.date).toBe('2026-01-30');
  });

  test('INSS below R$ 10,00 on an invoice is not withheld (IN RFB 2.110/2022 art. 115): 11% of R$ 90,00 = 9,90', () => {
    expect(reviewWithholdings(invoice({ item: '7.10', cents: 9_000 })).computed.inss_cents).toBe(0);
  });

  test('no withholding, no declaration asked for it', () => {
    expect(obligationsOf('2025-10', [])).toEqual([]);
  });
});

test('the real ABRASF answer, the firm withholding IRRF: two invoices agree; the third’s issuer truncated 1,5% of R$ 918,40 (13,776) to 13,77, half-up gives 13,78', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { readNfse } = await import('../../../../src/formats/nfse/read.js');
  const r = readNfse(
    readFileSync(
      join(import.meta.dirname, '../../../fixtures/corpus/nfse/abrasf/porto-alegre-soap-abrasf100.xml'),
    ),
  );
  if (!r.ok) throw new Error(r.finding.message);
  const divergences = r.invoices.map((i) =>
    reviewWithholdings(i, { withholdIrrf: true }).divergences.map((d) => [
      d.tax,
      d.declared_cents,
      d.computed_cents,
    ]),
  );
  expect(divergences).toEqual([[], [], [['irrf', 1_377, 1_378]]]);
});

test('each national code a rule lists belongs to one of its LC 116 items (the rules file agrees with itself)', async () => {
  const { serviceItem } = await import('../../../../src/formats/nfse/read.js');
  for (const rule of NFSE_RULES.rules)
    for (const code of rule.services.ctribnac)
      expect(rule.services.lc116, `${rule.id} ${code}`).toContain(serviceItem(code));
});
