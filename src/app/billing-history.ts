/**
 * What a month's plan is told by the earlier ones (#67): the plan files `billing plan` wrote in the same folder for
 * the same condominium, one a month. A unit's quota that moved more than 10% from the last plan, and a reading far
 * from the unit's readings of the earlier months (a meter read wrong, a leak), are warnings a person reads before
 * applying; nothing is refused for them.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatMonthBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';

/** What the history reads of a plan: its month, and each unit's total and readings. */
export interface PlanHistoryShape {
  condominium: string;
  month: string;
  units: readonly {
    unit_id: number;
    unit: string;
    total_cents: number;
    lines: readonly { component: string; reading?: string | undefined }[];
  }[];
}

/** How many earlier months a reading is compared with. */
const READING_MONTHS = 6;

/** The warnings of `plan` from the earlier plans in `dir`. */
export async function historyWarnings(dir: string, plan: PlanHistoryShape): Promise<Text[]> {
  const earlier = await earlierPlans(dir, plan);
  return [...movedQuotas(earlier, plan), ...farReadings(earlier, plan)];
}

/**
 * The condominium's plans of the months before `plan`'s, the newest month first, one a month: of two plans of a
 * month (a budget corrected and applied with --replace), the one written last.
 */
async function earlierPlans(dir: string, plan: PlanHistoryShape): Promise<PlanHistoryShape[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const slug = plan.condominium.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^(\\d{4}-\\d{2})-${slug}-[0-9a-f]{8}\\.plan\\.json$`);
  const byMonth = new Map<string, { name: string; at: number }>();
  for (const name of names) {
    const m = pattern.exec(name)?.[1];
    if (!m || m >= plan.month) continue;
    const at = await stat(join(dir, name)).then(
      (st) => st.mtimeMs,
      () => 0,
    );
    const was = byMonth.get(m);
    if (!was || at > was.at || (at === was.at && name > was.name)) byMonth.set(m, { name, at });
  }
  const months = [...byMonth.keys()].sort().reverse().slice(0, READING_MONTHS);
  const plans = await Promise.all(
    months.map((m) =>
      readFile(join(dir, (byMonth.get(m) as { name: string }).name), 'utf8')
        .then((t) => JSON.parse(t) as PlanHistoryShape)
        .catch(() => undefined),
    ),
  );
  return plans.filter((p): p is PlanHistoryShape => Array.isArray(p?.units));
}

/** Each unit whose quota moved more than 10% from the last plan. */
function movedQuotas(earlier: readonly PlanHistoryShape[], plan: PlanHistoryShape): Text[] {
  const last = earlier[0];
  if (!last) return [];
  const before = new Map(last.units.map((u) => [u.unit_id, u.total_cents]));
  return plan.units.flatMap((u) => {
    const was = before.get(u.unit_id);
    if (!was || Math.abs(u.total_cents - was) * 10 <= was) return [];
    const pct = `${u.total_cents > was ? '+' : ''}${(((u.total_cents - was) / was) * 100).toFixed(0)}`;
    return [
      {
        en: `${u.unit}: ${formatReais(u.total_cents)}, ${pct}% from ${formatReais(was)} in ${formatMonthBr(last.month)}`,
        pt: `${u.unit}: ${formatReais(u.total_cents)}, ${pct}% desde ${formatReais(was)} em ${formatMonthBr(last.month)}`,
      },
    ];
  });
}

/**
 * Each reading more than twice, or less than half, the unit's average of the same component in the earlier months
 * (up to six), and at least 1 (m³) from it: a meter read wrong or a leak, seen before the residents are.
 */
function farReadings(earlier: readonly PlanHistoryShape[], plan: PlanHistoryShape): Text[] {
  const past = new Map<string, number[]>();
  for (const p of earlier)
    for (const u of p.units)
      for (const l of u.lines)
        if (l.reading !== undefined) {
          const key = `${u.unit_id}\u0000${l.component}`;
          past.set(key, [...(past.get(key) ?? []), Number(l.reading)]);
        }
  return plan.units.flatMap((u) =>
    u.lines.flatMap((l) => {
      const before = past.get(`${u.unit_id}\u0000${l.component}`);
      if (l.reading === undefined || !before || before.length === 0) return [];
      const now = Number(l.reading);
      const average = before.reduce((a, b) => a + b, 0) / before.length;
      const far = (now > average * 2 || now < average / 2) && Math.abs(now - average) >= 1;
      if (!far) return [];
      const avg = average.toFixed(1);
      return [
        {
          en: `${u.unit}: ${l.component} read ${l.reading}, against ${avg} ${before.length === 1 ? 'the month before' : `on average in the ${before.length} months before`} (check the meter)`,
          pt: `${u.unit}: ${l.component} com leitura ${l.reading.replace('.', ',')}, contra ${avg.replace('.', ',')} ${before.length === 1 ? 'no mês anterior' : `em média nos ${before.length} meses anteriores`} (confira o medidor)`,
        },
      ];
    }),
  );
}
