/**
 * The council's sheet of a month's plan (#68 point 3): units × components with their totals, and what the council
 * asks of a split: which fractions and their sum, the cents the rounding gave or took and to whom, the exempt units
 * and where their share went. The CLI draws it (`billing plan --pdf`, cli/plan-pdf.ts); `-o csv --excel` is the
 * same table for a spreadsheet.
 */

import type { Client } from '../client/index.js';
import { formatDateBr, formatMonthBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { Plan } from './billing-plan.js';

export interface CouncilSheet {
  title: Text;
  condominium: string;
  components: string[];
  /** a row a unit: its fraction, each component's cents (null where it has no part), its total */
  rows: { unit: string; fraction: string; cents: (number | null)[]; total: number }[];
  totals: { cents: number[]; total: number };
  notes: Text[];
}

const comma = (decimal: string) => decimal.replace('.', ',');

/** The sheet of `plan`, the condominium named as its server names it (its slug where the server says none). */
export async function councilSheetOf(client: Client, plan: Plan): Promise<CouncilSheet> {
  const condo = await client.condominiums.get().catch(() => undefined);
  return councilSheet(plan, condo?.name);
}

export function councilSheet(plan: Plan, condominiumName: string | undefined): CouncilSheet {
  const month = formatMonthBr(plan.month);
  const rows = plan.units.map((u) => ({
    unit: u.unit,
    fraction: comma(u.fraction ?? ''),
    cents: plan.components.map((c) => u.lines.find((l) => l.component === c.name)?.cents ?? null),
    total: u.total_cents,
  }));
  const notes: Text[] = [
    {
      en: `Due ${formatDateBr(plan.due_date)}. Fractions: ${plan.fractions.source === 'server' ? "the server's ideal fractions" : plan.fractions.source}, adding to ${plan.fractions.sum}${plan.fractions.factor ? `, each taken × ${plan.fractions.factor} (normalizar: sim)` : ''}.`,
      pt: `Vencimento ${formatDateBr(plan.due_date)}. Frações: ${plan.fractions.source === 'server' ? 'as frações ideais do servidor' : plan.fractions.source}, somando ${plan.fractions.sum}${plan.fractions.factor ? `, cada uma × ${plan.fractions.factor} (normalizar: sim)` : ''}.`,
    },
    {
      en: 'Each component is split at its own total by largest remainder, so its units add up to it to the cent; a tie goes to the unit of the lower id.',
      pt: 'Cada componente é rateado no próprio total pelo maior resto, de modo que suas unidades somam o total ao centavo; um empate vai à unidade de menor id.',
    },
  ];
  for (const c of plan.components) {
    if (c.cent_more.length > 0)
      notes.push({
        en: `${c.name} (${formatReais(c.total_cents)}): a cent more than its share rounded to ${c.cent_more.join(', ')}.`,
        pt: `${c.name} (${formatReais(c.total_cents)}): um centavo a mais que a parte arredondada para ${c.cent_more.join(', ')}.`,
      });
    if (c.cent_less.length > 0)
      notes.push({
        en: `${c.name} (${formatReais(c.total_cents)}): a cent less than its share rounded for ${c.cent_less.join(', ')}.`,
        pt: `${c.name} (${formatReais(c.total_cents)}): um centavo a menos que a parte arredondada para ${c.cent_less.join(', ')}.`,
      });
  }
  for (const e of plan.exempt)
    notes.push({
      en: `${e.unit} is exempt (${e.source}): its share was split among the others by each component's rule.`,
      pt: `${e.unit} é isenta (${e.source}): sua parte foi rateada entre as demais pela regra de cada componente.`,
    });
  notes.push(...plan.warnings);
  return {
    title: { en: `The month's quotas, ${month}`, pt: `Rateio da cota condominial, ${month}` },
    condominium: condominiumName ?? plan.condominium,
    components: plan.components.map((c) => c.name),
    rows,
    totals: { cents: plan.components.map((c) => c.total_cents), total: plan.total_cents },
    notes,
  };
}
