import { describe, expect, test } from 'vitest';
import type { Plan } from '../../../src/app/billing-plan.js';
import { basisOf, residentPages } from '../../../src/app/resident-pages.js';

/** #68 point 2: what each part of a unit's quota is of, as its page says it. */
const component = (name: string, more: Partial<Plan['components'][number]>): Plan['components'][number] => ({
  name,
  account_code: '1.1.01',
  chart_of_accounts_id: 3,
  total_cents: 1_842_000,
  split: 'fracao',
  cent_more: [],
  cent_less: [],
  units: 24,
  ...more,
});
const plan = {
  condominium: 'residencial-teste',
  month: '2027-01',
  due_date: '2027-01-11',
  components: [
    component('Despesas ordinárias', {}),
    component('Fundo de reserva', { total_cents: 92_100, percent: '5', of: 'Despesas ordinárias' }),
    component('Água', { split: 'leitura', price: '9.8', total_cents: 0 }),
    component('Gás', { split: 'leitura', total_cents: 30_000 }),
    component('Limpeza', { split: 'igual', total_cents: 48_000 }),
    component('Elevador', { split: 'grupo', group: 'elevador', units: 20 }),
  ],
  units: [
    {
      unit_id: 6,
      unit: 'Bloco A - 101',
      fraction: '0.0412',
      total_cents: 90_000,
      lines: [
        { component: 'Despesas ordinárias', cents: 75_890 },
        { component: 'Água', cents: 13_720, reading: '14' },
        { component: 'Gás', cents: 390, reading: '1.5' },
        { component: 'Sem uso', cents: 0 },
      ],
    },
    { unit_id: 7, unit: 'Bloco A - 102', fraction: '0.04', total_cents: 0, lines: [] },
  ],
} as unknown as Plan;
const unit = plan.units[0] as Plan['units'][number];
const basis = (name: string, line: Partial<Plan['units'][number]['lines'][number]> = {}) =>
  basisOf(plan, unit, { component: name, cents: 1, ...line }).pt;

describe("a resident's page", () => {
  test('each part says what it is of: a fraction, a percentage, a reading at a price or of a total, equal, a group', () => {
    expect(basis('Despesas ordinárias')).toBe('fração 0,0412 de R$ 18.420,00');
    expect(basis('Fundo de reserva')).toBe('fração 0,0412 de R$ 921,00 (5% de Despesas ordinárias)');
    expect(basis('Água', { reading: '14' })).toBe('consumo 14 m³ a R$ 9,8 o m³');
    expect(basis('Gás', { reading: '1.5' })).toBe('consumo 1,5 m³, a parte dele em R$ 300,00');
    expect(basis('Limpeza')).toBe('igual entre 24 unidades, de R$ 480,00');
    expect(basis('Elevador')).toBe('fração 0,0412 de R$ 18.420,00 entre o grupo elevador');
  });

  test('a page for each billed unit with an invoice of the plan; a part of 0 is left out', () => {
    const pages = residentPages(plan, {
      condominium: { name: 'Condomínio Teste', document: '11222333000181' },
      administradora: { name: 'Exata' },
      owners: new Map([[6, 'Maria']]),
      invoices: new Map([
        [
          6,
          {
            public_id: 'INV6',
            payment: {
              boleto: { linha_digitavel: '3'.repeat(47), barcode: '4'.repeat(44) },
              pix: { payload: 'PIX' },
            },
          },
        ],
        [7, { public_id: 'INV7', payment: null }],
      ]),
    });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      unit: { label: 'Bloco A - 101', owner: 'Maria' },
      month: '01/2027',
      due: '11/01/2027',
      invoice: 'INV6',
      pix: 'PIX',
      total_cents: 90_000,
    });
    expect(pages[0]?.lines.map((l) => l.name)).toEqual(['Despesas ordinárias', 'Água', 'Gás']);
  });
});
