/**
 * The month's document as one self-contained HTML page (#36): the same sections as the PDF (month-sections.ts),
 * for e-mail or a portal; the charts inline SVG, no script, no file beside it but the firm's logo, embedded.
 * A phone reads it too (#52): under 600 px a table becomes one card a row, each value under its heading, so no
 * figure is cut and the page never scrolls sideways; a table wider than its page scrolls inside its own box.
 * Each chart is drawn for the width there is (#66): a page's, and a phone's, where the months run down the page.
 */
import { readFileSync } from 'node:fs';
import {
  type Block,
  CHARTS,
  COLORS,
  coverOf,
  type DocTable,
  documentTitle,
  monthBlocks,
} from '../app/month-sections.js';
import { MONTHS, shortReais, totalByDay } from '../app/month-words.js';
import { formatDateBr } from '../domain/dates.js';
import { IMAGE_MIME, imageKind } from '../domain/images.js';
import type { MonthReport } from '../domain/month-report.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function table(t: DocTable<unknown>): string {
  const cls = (c: { right?: boolean; nowrap?: boolean }) =>
    [c.right ? 'n' : '', c.nowrap ? 'nw' : ''].filter(Boolean).join(' ');
  const cell = (
    tag: string,
    text: string,
    c: { title: string; right?: boolean; nowrap?: boolean } | undefined,
  ) => {
    const k = c ? cls(c) : '';
    const label = tag === 'td' && c?.title ? ` data-label="${esc(c.title)}"` : '';
    return `<${tag}${k ? ` class="${k}"` : ''}${label}>${esc(text)}</${tag}>`;
  };
  const head = t.columns.some((c) => c.title)
    ? `<thead><tr>${t.columns.map((c) => cell('th', c.title, c)).join('')}</tr></thead>`
    : '';
  const body = t.rows
    .map((r) => `<tr>${t.columns.map((c) => cell('td', c.value(r), c)).join('')}</tr>`)
    .join('');
  // the total row's first cell says "Total" on its own, not under the first column's heading
  const foot = t.total
    ? `<tr class="t">${t.total.map((text, i) => (!text ? '<td class="e"></td>' : i === 0 ? `<td>${esc(text)}</td>` : cell('td', text, t.columns[i]))).join('')}</tr>`
    : '';
  return `<div class="tw"><table>${head}<tbody>${body}${foot}</tbody></table></div>`;
}

/** A chart is drawn twice, for a page's width and a phone's (#66): a phone never scrolls a chart to see its end. */
const WIDE = 700;
const NARROW = 360;

function expensesChart(r: MonthReport, width: number): string {
  const groups = r.paid.by_chart_account.slice(0, 10);
  const most = Math.max(1, ...groups.map((g) => g.total_cents));
  // room right of the longest bar for its value
  const longest = width - 140;
  // the label its own line above its bar: a long chart account's name never runs into the bar
  const rows = groups
    .map((g, i) => {
      const w = (longest * g.total_cents) / most;
      const y = i * 38;
      return `<text x="0" y="${y + 12}">${esc(g.name)}</text><rect x="0" y="${y + 17}" width="${Math.max(1, w).toFixed(1)}" height="14" fill="${COLORS.expense}"/><text x="${(w + 6).toFixed(1)}" y="${y + 28}">${esc(shortReais(g.total_cents))}</text>`;
    })
    .join('');
  return svg(width, Math.max(1, groups.length * 38), CHARTS.expenses, rows);
}

function legend(): string {
  return CHARTS.legend
    .map(
      ([name, color], i) =>
        `<rect x="${i * 110}" y="4" width="12" height="12" fill="${color}"/><text x="${i * 110 + 17}" y="15">${esc(name)}</text>`,
    )
    .join('');
}

const monthLabel = (month: string) => {
  const [y, mo] = month.split('-');
  return `${(MONTHS[Number(mo) - 1] ?? '').slice(0, 3)}/${y?.slice(2)}`;
};

/** Twelve months side by side: each month's revenue and expense as a pair of columns, their values turned. */
function monthsColumns(r: MonthReport): string {
  // headroom above the tallest bar for its value, turned to fit the bar's width
  const peak = Math.max(1, ...r.months.flatMap((m) => [m.revenue_cents, m.expense_cents])) / 0.72;
  const slot = WIDE / r.months.length;
  const bar = slot * 0.36;
  const top = 34;
  const h = 220;
  const bars = r.months
    .map((m, i) => {
      const x = i * slot + slot * 0.12;
      const pair = [m.revenue_cents, m.expense_cents]
        .map((cents, j) => {
          const bh = (h * cents) / peak;
          const bx = x + j * bar;
          const cx = bx + bar / 2 + 3;
          const ty = top + h - bh - 4;
          return `<rect x="${bx.toFixed(1)}" y="${(top + h - bh).toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${Math.max(0.5, bh).toFixed(1)}" fill="${CHARTS.legend[j]?.[1]}"><title>${esc(`${CHARTS.legend[j]?.[0]}: ${shortReais(cents)}`)}</title></rect><text class="v" transform="translate(${cx.toFixed(1)} ${ty.toFixed(1)}) rotate(-90)">${esc(shortReais(cents))}</text>`;
        })
        .join('');
      return `${pair}<text x="${(i * slot + slot / 2).toFixed(1)}" y="${top + h + 16}" text-anchor="middle">${monthLabel(m.month)}</text>`;
    })
    .join('');
  return svg(
    WIDE,
    top + h + 22,
    CHARTS.months,
    `${legend()}<line x1="0" y1="${top + h}" x2="${WIDE}" y2="${top + h}" stroke="#cbd2d9"/>${bars}`,
  );
}

/** On a phone, the months one under another: twelve columns in 360 units would be too thin to read. */
function monthsRows(r: MonthReport): string {
  const most = Math.max(1, ...r.months.flatMap((m) => [m.revenue_cents, m.expense_cents]));
  const left = 58;
  const longest = NARROW - left - 64;
  const top = 28;
  const row = 30;
  const rows = r.months
    .map((m, i) => {
      const y = top + i * row;
      const pair = [m.revenue_cents, m.expense_cents]
        .map((cents, j) => {
          const w = (longest * cents) / most;
          const by = y + j * 11;
          return `<rect x="${left}" y="${by}" width="${Math.max(0.5, w).toFixed(1)}" height="10" fill="${CHARTS.legend[j]?.[1]}"/><text class="v" x="${(left + w + 4).toFixed(1)}" y="${by + 8}">${esc(shortReais(cents))}</text>`;
        })
        .join('');
      return `<text x="0" y="${y + 15}">${monthLabel(m.month)}</text>${pair}`;
    })
    .join('');
  return svg(NARROW, top + r.months.length * row, CHARTS.months, `${legend()}${rows}`);
}

function balanceChart(r: MonthReport, width: number): string {
  const days = totalByDay(r);
  if (days.length === 0) return '';
  const lo = Math.min(...days.map((d) => d.cents));
  const hi = Math.max(...days.map((d) => d.cents));
  const span = Math.max(1, hi - lo);
  // the amounts left of the plot, ending before it; the dates under it: no label on the line
  const left = width === WIDE ? 110 : 78;
  const right = width - 10;
  const x = (i: number) => left + ((right - left) * i) / Math.max(1, days.length - 1);
  const y = (cents: number) => 14 + 140 - (140 * (cents - lo)) / span;
  const axis = `<line x1="${left}" y1="156" x2="${right}" y2="156" stroke="#cbd2d9"/>`;
  const first = formatDateBr(days[0]?.date ?? '');
  if (days.length === 1) {
    // one day: a point, said in words (smaller on a phone, to fit), and its one date (#66: an empty chart, two
    // dates drawn on each other)
    const cx = left + 24;
    return svg(
      width,
      186,
      CHARTS.balance(r),
      `${axis}<circle cx="${cx}" cy="85" r="4" fill="${COLORS.balance}"/><text${width === WIDE ? '' : ' class="v"'} x="${cx + 12}" y="89">${esc(CHARTS.oneDay)}</text><text x="${left - 8}" y="89" text-anchor="end">${esc(shortReais(hi))}</text><text x="${cx}" y="178" text-anchor="middle">${esc(first)}</text>`,
    );
  }
  const points = days.map((d, i) => `${x(i).toFixed(1)},${y(d.cents).toFixed(1)}`).join(' ');
  const amounts = `<text x="${left - 8}" y="${y(hi) + 4}" text-anchor="end">${esc(shortReais(hi))}</text>${hi === lo ? '' : `<text x="${left - 8}" y="${y(lo) + 4}" text-anchor="end">${esc(shortReais(lo))}</text>`}`;
  return svg(
    width,
    186,
    CHARTS.balance(r),
    `${axis}<line x1="${left}" y1="14" x2="${left}" y2="156" stroke="#cbd2d9"/><polyline points="${points}" fill="none" stroke="${COLORS.balance}" stroke-width="2"/>${amounts}<text x="${left}" y="178">${esc(first)}</text><text x="${right}" y="178" text-anchor="end">${esc(formatDateBr(days.at(-1)?.date ?? ''))}</text>`,
  );
}

const svg = (width: number, height: number, label: string, body: string) =>
  `<svg class="${width === WIDE ? 'wide' : 'narrow'}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">${body}</svg>`;

/** The firm's logo as a data: URL (the page carries it, as it carries its charts); none when unreadable now. */
function logoUrl(file: string | null): string | null {
  if (!file) return null;
  try {
    const bytes = readFileSync(file);
    const kind = imageKind(bytes);
    return kind ? `data:${IMAGE_MIME[kind]};base64,${bytes.toString('base64')}` : null;
  } catch {
    return null;
  }
}

function block(r: MonthReport, b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h2>${esc(b.text)}</h2>`;
    case 'subheading':
      return `<h3>${esc(b.text)}</h3>`;
    case 'table':
      return table(b.table);
    case 'note':
      return `<p class="muted">${esc(b.text)}</p>`;
    case 'charts':
      // each chart drawn for a page and for a phone, the page's width choosing which is shown
      return [
        [CHARTS.expenses, expensesChart(r, WIDE) + expensesChart(r, NARROW)],
        [CHARTS.months, monthsColumns(r) + monthsRows(r)],
        [CHARTS.balance(r), balanceChart(r, WIDE) + balanceChart(r, NARROW)],
      ]
        .map(([title, drawn]) => `<h3>${esc(title ?? '')}</h3><div class="chart">${drawn}</div>`)
        .join('');
    case 'signatures':
      return `<p>${esc(b.text)}</p>${b.lines.map((w) => `<p class="sign">${esc(w)}</p>`).join('')}`;
  }
}

/** The page: cover, then the sections the PDF has, in its order. */
export function monthHtml(r: MonthReport): string {
  const c = coverOf(r);
  const logo = logoUrl(c.administradora?.logo ?? null);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${documentTitle(r)} — ${c.name}`)}</title>
<style>
body{font:14px/1.45 "DejaVu Sans",system-ui,sans-serif;color:#1f2933;max-width:860px;margin:2em auto;padding:0 1em;overflow-wrap:anywhere}
h1{font-size:26px;margin:.2em 0}h2{font-size:18px;border-bottom:1px solid #cbd2d9;margin-top:2em}h3{font-size:14px;margin:1.2em 0 .3em}
.tw{overflow-x:auto;margin:.6em 0}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{padding:3px 8px;border-bottom:1px solid #e4e7eb;text-align:left;vertical-align:top}
th{color:#616e7c;font-weight:600}.n{text-align:right;white-space:nowrap}.nw{white-space:nowrap;overflow-wrap:normal}tr.t td{font-weight:700}
.muted{color:#616e7c}svg{width:100%;height:auto;font-size:11px}svg .v{font-size:9px}.sign{margin-top:3.5em;border-top:1px solid #1f2933;max-width:360px;padding-top:4px;color:#616e7c}
.chart .narrow{display:none}
.cover .logo{max-width:180px;max-height:80px;display:block;margin:1em 0 .4em}
@media (max-width:600px){
  body{margin:1em auto}h1{font-size:22px}
  thead{display:none}table,tbody,tr,td{display:block;width:auto}
  tr{border-bottom:1px solid #cbd2d9;padding:4px 0}td{border:0;padding:1px 0;text-align:left}
  td[data-label]::before{content:attr(data-label);display:inline-block;min-width:9.5em;color:#616e7c;font-weight:600}
  td.n{text-align:left}td.e{display:none}
  .chart .wide{display:none}.chart .narrow{display:block}
}
</style></head><body>
<div class="cover">
<p class="muted">PRESTAÇÃO DE CONTAS</p><h1>${esc(c.name)}</h1>
${c.document ? `<p class="muted"><span class="nw">${esc(c.document)}</span></p>` : ''}
<p><b>${esc(c.title)}</b> · ${esc(c.position)}</p>
${logo ? `<img class="logo" src="${logo}" alt="${esc(c.administradora?.lines[0] ?? 'Administradora')}">` : ''}
${c.administradora ? `<p class="muted">${c.administradora.lines.map((l) => (/^(CNPJ|CRC) /.test(l) ? `<span class="nw">${esc(l)}</span>` : esc(l))).join('<br>')}</p>` : ''}
<p class="muted">${esc(c.issued)}</p>
</div>
${monthBlocks(r)
  .map((b) => block(r, b))
  .join('\n')}
</body></html>
`;
}
