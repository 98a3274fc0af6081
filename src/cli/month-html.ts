/**
 * The month's document as one self-contained HTML page (#36): the same sections as the PDF (month-sections.ts),
 * for e-mail or a portal; the charts inline SVG, no script, no file beside it but the firm's logo, embedded.
 * A phone reads it too (#52): under 600 px a table becomes one card a row, each value under its heading, so no
 * figure is cut and the page never scrolls sideways; a table wider than its page scrolls inside its own box.
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

function expensesChart(r: MonthReport): string {
  const groups = r.paid.by_chart_account.slice(0, 10);
  const most = Math.max(1, ...groups.map((g) => g.total_cents));
  // the label its own line above its bar: a long chart account's name never runs into the bar
  const rows = groups
    .map((g, i) => {
      const w = (560 * g.total_cents) / most;
      const y = i * 38;
      return `<text x="0" y="${y + 12}">${esc(g.name)}</text><rect x="0" y="${y + 17}" width="${Math.max(1, w).toFixed(1)}" height="14" fill="${COLORS.expense}"/><text x="${(w + 6).toFixed(1)}" y="${y + 28}">${esc(shortReais(g.total_cents))}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 700 ${Math.max(1, groups.length * 38)}" role="img" aria-label="${esc(CHARTS.expenses)}">${rows}</svg>`;
}

function monthsChart(r: MonthReport): string {
  // headroom above the tallest bar for its value, turned to fit the bar's width
  const peak = Math.max(1, ...r.months.flatMap((m) => [m.revenue_cents, m.expense_cents])) / 0.72;
  const slot = 700 / r.months.length;
  const bar = slot * 0.36;
  const top = 34;
  const h = 220;
  const legend = CHARTS.legend
    .map(
      ([name, color], i) =>
        `<rect x="${i * 110}" y="4" width="12" height="12" fill="${color}"/><text x="${i * 110 + 17}" y="15">${esc(name)}</text>`,
    )
    .join('');
  const bars = r.months
    .map((m, i) => {
      const x = i * slot + slot * 0.12;
      const [y, mo] = m.month.split('-');
      const pair = [m.revenue_cents, m.expense_cents]
        .map((cents, j) => {
          const bh = (h * cents) / peak;
          const bx = x + j * bar;
          const cx = bx + bar / 2 + 3;
          const ty = top + h - bh - 4;
          return `<rect x="${bx.toFixed(1)}" y="${(top + h - bh).toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${Math.max(0.5, bh).toFixed(1)}" fill="${CHARTS.legend[j]?.[1]}"><title>${esc(`${CHARTS.legend[j]?.[0]}: ${shortReais(cents)}`)}</title></rect><text class="v" transform="translate(${cx.toFixed(1)} ${ty.toFixed(1)}) rotate(-90)">${esc(shortReais(cents))}</text>`;
        })
        .join('');
      return `${pair}<text x="${(i * slot + slot / 2).toFixed(1)}" y="${top + h + 16}" text-anchor="middle">${(MONTHS[Number(mo) - 1] ?? '').slice(0, 3)}/${y?.slice(2)}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 700 ${top + h + 22}" role="img" aria-label="${esc(CHARTS.months)}">${legend}<line x1="0" y1="${top + h}" x2="700" y2="${top + h}" stroke="#cbd2d9"/>${bars}</svg>`;
}

function balanceChart(r: MonthReport): string {
  const days = totalByDay(r);
  if (days.length === 0) return '';
  const lo = Math.min(...days.map((d) => d.cents));
  const hi = Math.max(...days.map((d) => d.cents));
  const span = Math.max(1, hi - lo);
  // the amounts left of the plot, ending before it; the dates under it: no label on the line
  const left = 110;
  const x = (i: number) => left + ((690 - left) * i) / Math.max(1, days.length - 1);
  const y = (cents: number) => 14 + 140 - (140 * (cents - lo)) / span;
  if (days.length === 1)
    // one day: a point, said in words, and its one date (#66: an empty chart, two dates drawn on each other)
    return `<svg viewBox="0 0 700 186" role="img" aria-label="${esc(CHARTS.balance(r))}"><line x1="${left}" y1="156" x2="690" y2="156" stroke="#cbd2d9"/><circle cx="400" cy="85" r="4" fill="${COLORS.balance}"/><text x="412" y="89">${esc(CHARTS.oneDay)}</text><text x="${left - 8}" y="89" text-anchor="end">${esc(shortReais(hi))}</text><text x="400" y="178" text-anchor="middle">${esc(formatDateBr(days[0]?.date ?? ''))}</text></svg>`;
  const points = days.map((d, i) => `${x(i).toFixed(1)},${y(d.cents).toFixed(1)}`).join(' ');
  return `<svg viewBox="0 0 700 186" role="img" aria-label="${esc(CHARTS.balance(r))}"><line x1="${left}" y1="156" x2="690" y2="156" stroke="#cbd2d9"/><line x1="${left}" y1="14" x2="${left}" y2="156" stroke="#cbd2d9"/><polyline points="${points}" fill="none" stroke="${COLORS.balance}" stroke-width="2"/><text x="${left - 8}" y="${y(hi) + 4}" text-anchor="end">${esc(shortReais(hi))}</text>${hi === lo ? '' : `<text x="${left - 8}" y="${y(lo) + 4}" text-anchor="end">${esc(shortReais(lo))}</text>`}<text x="${left}" y="178">${esc(formatDateBr(days[0]?.date ?? ''))}</text><text x="690" y="178" text-anchor="end">${esc(formatDateBr(days.at(-1)?.date ?? ''))}</text></svg>`;
}

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
      // each chart in a box of its own: on a phone it keeps a readable size and scrolls inside the box
      return [
        [CHARTS.expenses, expensesChart(r)],
        [CHARTS.months, monthsChart(r)],
        [CHARTS.balance(r), balanceChart(r)],
      ]
        .map(([title, svg]) => `<h3>${esc(title ?? '')}</h3><div class="tw chart">${svg}</div>`)
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
.cover .logo{max-width:180px;max-height:80px;display:block;margin:1em 0 .4em}
@media (max-width:600px){
  body{margin:1em auto}h1{font-size:22px}
  thead{display:none}table,tbody,tr,td{display:block;width:auto}
  tr{border-bottom:1px solid #cbd2d9;padding:4px 0}td{border:0;padding:1px 0;text-align:left}
  td[data-label]::before{content:attr(data-label);display:inline-block;min-width:9.5em;color:#616e7c;font-weight:600}
  td.n{text-align:left}td.e{display:none}
  .chart svg{min-width:600px}
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
