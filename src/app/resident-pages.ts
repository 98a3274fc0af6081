/**
 * The resident's page (#68 point 2): what one unit's page of the month says, from the plan and the invoice the
 * run created: who bills (the condominium, its administradora), whom (the unit, its owner), each part of the quota
 * with what it is of ("fração 0,0412 de R$ 18.420,00", "consumo 14 m³ a R$ 9,80"), the total, and how to pay it
 * (the linha digitável and its bar code, the PIX copia e cola). The CLI draws it (cli/resident-pdf.ts).
 */

import type { Client } from '../client/index.js';
import type { Invoice } from '../client/resources/invoices.js';
import { formatDateBr, formatMonthBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { planInvoices } from './billing-apply.js';
import type { Plan, PlanUnit } from './billing-plan.js';
import { unitName } from './names.js';

export interface ResidentPage {
  condominium: { name: string; document: string | undefined };
  administradora: PageFacts['administradora'];
  unit: { label: string; owner: string | undefined };
  /** MM/AAAA */
  month: string;
  due: string;
  lines: { name: string; basis: Text; cents: number }[];
  total_cents: number;
  invoice: string;
  boleto: { linha_digitavel: string; barcode: string } | undefined;
  pix: string | undefined;
}

/** What the run read of the server for the pages. */
export interface PageFacts {
  condominium: { name?: string | undefined; document?: string | undefined };
  administradora: { name?: string | undefined; cnpj?: string | undefined; logo?: string | undefined };
  owners: ReadonlyMap<number, string>;
  /** each unit's label, where a page is drawn from an invoice alone */
  labels?: ReadonlyMap<number, string>;
  invoices: ReadonlyMap<number, PageInvoice>;
}

/** What a page reads of an invoice: its id, and its boleto and PIX where issued. */
interface PageInvoice {
  public_id: string;
  payment?: {
    boleto?: { linha_digitavel: string; barcode: string } | null;
    pix?: { payload: string } | null;
  } | null;
}

const comma = (decimal: string) => decimal.replace('.', ',');

/** What one part of a unit's quota is of, in both languages. */
export function basisOf(plan: Plan, unit: PlanUnit, line: PlanUnit['lines'][number]): Text {
  const c = plan.components.find((x) => x.name === line.component);
  if (!c) return { en: '', pt: '' };
  const total = formatReais(c.total_cents);
  const of = c.percent
    ? { en: ` (${comma(c.percent)}% of ${c.of})`, pt: ` (${comma(c.percent)}% de ${c.of})` }
    : undefined;
  if (line.reading !== undefined && c.price)
    return {
      en: `use ${comma(line.reading)} m³ at R$ ${comma(c.price)} the m³`,
      pt: `consumo ${comma(line.reading)} m³ a R$ ${comma(c.price)} o m³`,
    };
  if (line.reading !== undefined)
    return {
      en: `use ${comma(line.reading)} m³, its share of ${total}`,
      pt: `consumo ${comma(line.reading)} m³, a parte dele em ${total}`,
    };
  if (c.split === 'igual')
    return {
      en: `equal among ${c.units ?? '?'} units, of ${total}`,
      pt: `igual entre ${c.units ?? '?'} unidades, de ${total}`,
    };
  const among = c.group
    ? { en: ` among the group ${c.group}`, pt: ` entre o grupo ${c.group}` }
    : { en: '', pt: '' };
  return {
    en: `fraction ${comma(unit.fraction ?? '?')} of ${total}${among.en}${of?.en ?? ''}`,
    pt: `fração ${comma(unit.fraction ?? '?')} de ${total}${among.pt}${of?.pt ?? ''}`,
  };
}

/** What every page says whatever its parts: who bills, whom, and how to pay the invoice. */
type Frame = Pick<ResidentPage, 'condominium' | 'administradora' | 'unit' | 'invoice' | 'boleto' | 'pix'>;

function frameOf(
  facts: PageFacts,
  unit: { id: number; label: string },
  inv: { public_id: string; payment?: PageInvoice['payment'] },
  condominium: string,
): Frame {
  const boleto = inv.payment?.boleto ?? undefined;
  return {
    condominium: { name: facts.condominium.name ?? condominium, document: facts.condominium.document },
    administradora: facts.administradora,
    unit: { label: unit.label, owner: facts.owners.get(unit.id) },
    invoice: inv.public_id,
    boleto: boleto ? { linha_digitavel: boleto.linha_digitavel, barcode: boleto.barcode } : undefined,
    pix: inv.payment?.pix?.payload ?? undefined,
  };
}

/** Each billed unit's page, in the plan's order; a unit without an invoice of the plan has none. */
export function residentPages(plan: Plan, facts: PageFacts): ResidentPage[] {
  return plan.units.flatMap((u) => {
    const inv = facts.invoices.get(u.unit_id);
    if (!inv || u.total_cents <= 0) return [];
    return [
      {
        ...frameOf(facts, { id: u.unit_id, label: u.unit }, inv, plan.condominium),
        month: formatMonthBr(plan.month),
        due: formatDateBr(plan.due_date),
        lines: u.lines
          .filter((l) => l.cents !== 0)
          .map((l) => ({ name: l.component, basis: basisOf(plan, u, l), cents: l.cents })),
        total_cents: u.total_cents,
      },
    ];
  });
}

/** What the pages read of the server: the condominium's name and CNPJ, each unit's owner. */
export async function pageFactsOf(
  client: Client,
  invoices: PageFacts['invoices'],
  administradora: PageFacts['administradora'],
): Promise<PageFacts> {
  const [condo, units] = await Promise.all([
    client.condominiums.get().catch(() => undefined),
    client.units.list(),
  ]);
  return {
    condominium: { name: condo?.name, document: condo?.document ?? undefined },
    administradora,
    owners: new Map(units.map((u) => [u.id, String(u.owner ?? '')])),
    labels: new Map(units.map((u) => [u.id, unitName(u)])),
    invoices,
  };
}

/**
 * One invoice's page (`invoices show ID --pdf`): from its plan where the billing run made it and the plan file is
 * at hand (each part with its basis), else from its items, else its total as one line.
 */
export function pageOfInvoice(inv: Invoice, plan: Plan | undefined, facts: PageFacts): ResidentPage {
  const unitId = Number(inv.unit_id);
  const fromPlan = plan
    ? residentPages(plan, { ...facts, invoices: new Map([[unitId, inv as never]]) })[0]
    : undefined;
  if (fromPlan) return fromPlan;
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const items = (inv as { items?: { name: string; amount: unknown }[] | null }).items ?? [];
  const lines =
    items.length > 0
      ? items.map((i) => ({ name: i.name, basis: { en: '', pt: '' }, cents: cents(i.amount) }))
      : [{ name: 'Valor da cobrança', basis: { en: '', pt: '' }, cents: cents(inv.subtotal) }];
  const extras: [Text, unknown][] = [
    [{ en: 'Fine', pt: 'Multa' }, inv.fine_amount],
    [{ en: 'Interest', pt: 'Juros' }, inv.interest_amount],
    [{ en: 'Monetary correction', pt: 'Correção monetária' }, inv.monetary_correction_amount],
  ];
  for (const [name, v] of extras)
    if (cents(v) !== 0) lines.push({ name: name.pt, basis: { en: '', pt: '' }, cents: cents(v) });
  if (cents(inv.discount_amount) !== 0)
    lines.push({ name: 'Desconto', basis: { en: '', pt: '' }, cents: -cents(inv.discount_amount) });
  const label = facts.labels?.get(unitId) ?? String((inv as { unit_label?: unknown }).unit_label ?? unitId);
  return {
    ...frameOf(facts, { id: unitId, label }, inv as PageInvoice, ''),
    month: formatMonthBr(String(inv.period)),
    due: formatDateBr(String(inv.due_date)),
    lines,
    total_cents: cents(inv.total),
  };
}

/** The residents' pages of an applied plan: each billed unit's page from its invoice of this plan. */
export async function residentPagesOfPlan(
  client: Client,
  planPath: string,
  administradora: Parameters<typeof pageFactsOf>[2],
): Promise<{ plan: Plan; pages: ResidentPage[] }> {
  const { plan, invoices } = await planInvoices(client, planPath);
  return { plan, pages: residentPages(plan, await pageFactsOf(client, invoices, administradora)) };
}
