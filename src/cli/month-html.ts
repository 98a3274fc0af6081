/**
 * The month's document as one self-contained HTML page (#36): the same model and sections as the PDF
 * (month-document.ts), for e-mail or a portal; the charts inline SVG, no script, no file beside it.
 */
import { formatDateBr } from '../domain/dates.js';
import { formatDocument } from '../domain/documents.js';
import { formatReais } from '../domain/money.js';
import type { MonthReport } from '../domain/month-report.js';
import { FORMAS, MONTHS, monthName, PENDING_STATES, payeeOf, shortReais, totalByDay } from './month-words.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Col<T> {
  title: string;
  value: (row: T) => string;
  right?: boolean;
}

function table<T>(cols: Col<T>[], rows: readonly T[], total?: string[]): string {
  const cell = (tag: string, text: string, right?: boolean) =>
    `<${tag}${right ? ' class="n"' : ''}>${esc(text)}</${tag}>`;
  const head = `<tr>${cols.map((c) => cell('th', c.title, c.right)).join('')}</tr>`;
  const body = rows
    .map((r) => `<tr>${cols.map((c) => cell('td', c.value(r), c.right)).join('')}</tr>`)
    .join('');
  const foot = total
    ? `<tr class="t">${total.map((t, i) => cell('td', t, cols[i]?.right)).join('')}</tr>`
    : '';
  return `<table>${head}${body}${foot}</table>`;
}

function expensesChart(r: MonthReport): string {
  const groups = r.paid.by_chart_account.slice(0, 10);
  const most = Math.max(1, ...groups.map((g) => g.total_cents));
  const rows = groups
    .map((g, i) => {
      const w = (360 * g.total_cents) / most;
      const y = i * 22;
      return `<text x="0" y="${y + 12}">${esc(g.name)}</text><rect x="230" y="${y + 2}" width="${w.toFixed(1)}" height="14" fill="#c05621"/><text x="${(234 + w).toFixed(1)}" y="${y + 13}">${esc(shortReais(g.total_cents))}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 700 ${groups.length * 22}" role="img" aria-label="Despesas do mês por conta do plano">${rows}</svg>`;
}

function monthsChart(r: MonthReport): string {
  const peak = Math.max(1, ...r.months.flatMap((m) => [m.revenue_cents, m.expense_cents]));
  const slot = 700 / r.months.length;
  const h = 180;
  const bars = r.months
    .map((m, i) => {
      const x = i * slot + slot * 0.12;
      const pair = [
        [0, m.revenue_cents, '#2f855a'],
        [1, m.expense_cents, '#c05621'],
      ] as const;
      const [y, mo] = m.month.split('-');
      return `${pair
        .map(([j, cents, color]) => {
          const bh = (h * cents) / peak;
          const bx = x + j * slot * 0.36;
          return `<rect x="${bx.toFixed(1)}" y="${(h - bh + 30).toFixed(1)}" width="${(slot * 0.36 - 1).toFixed(1)}" height="${Math.max(0.5, bh).toFixed(1)}" fill="${color}"><title>${esc(shortReais(cents))}</title></rect>`;
        })
        .join(
          '',
        )}<text x="${(i * slot + slot / 2).toFixed(1)}" y="${h + 46}" text-anchor="middle">${(MONTHS[Number(mo) - 1] ?? '').slice(0, 3)}/${y?.slice(2)}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 700 ${h + 52}" role="img" aria-label="Receitas e despesas, últimos 12 meses">${bars}</svg>`;
}

function balanceChart(r: MonthReport): string {
  const days = totalByDay(r);
  if (days.length === 0) return '';
  const lo = Math.min(...days.map((d) => d.cents));
  const hi = Math.max(...days.map((d) => d.cents));
  const span = Math.max(1, hi - lo);
  const points = days
    .map(
      (d, i) =>
        `${(60 + (620 * i) / Math.max(1, days.length - 1)).toFixed(1)},${(10 + 140 - (140 * (d.cents - lo)) / span).toFixed(1)}`,
    )
    .join(' ');
  return `<svg viewBox="0 0 700 175" role="img" aria-label="Saldo ao longo do mês"><polyline points="${points}" fill="none" stroke="#2b6cb0" stroke-width="2"/><text x="0" y="16">${esc(shortReais(hi))}</text><text x="0" y="150">${esc(shortReais(lo))}</text><text x="60" y="170">${esc(formatDateBr(days[0]?.date ?? ''))}</text><text x="680" y="170" text-anchor="end">${esc(formatDateBr(days.at(-1)?.date ?? ''))}</text></svg>`;
}

/** The page: cover, summary, revenue, expenses with each payment, refused and pending, defaulters, charts, signatures. */
export function monthHtml(r: MonthReport): string {
  const c = r.cover;
  const title = `Prestação de contas ${monthName(r.month)} - ${c.name}`;
  const expenses = r.paid.by_chart_account
    .map(
      (g) =>
        `<h3>${esc(g.name)} — ${esc(formatReais(g.total_cents))}</h3>${table(
          [
            { title: 'Data', value: (p) => formatDateBr(p.date) },
            { title: 'Favorecido', value: payeeOf },
            { title: 'CPF/CNPJ', value: (p) => (p.document ? formatDocument(p.document) : '') },
            { title: 'Forma', value: (p) => (p.forma ? (FORMAS[p.forma] ?? p.forma) : '') },
            { title: 'Lote', value: (p) => p.batch_id ?? '' },
            { title: 'Valor', value: (p) => formatReais(p.amount_cents), right: true },
          ],
          r.payments.filter((p) => p.chart_account === g.name),
        )}`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font:14px/1.45 "DejaVu Sans",system-ui,sans-serif;color:#1f2933;max-width:860px;margin:2em auto;padding:0 1em}
h1{font-size:26px;margin:.2em 0}h2{font-size:18px;border-bottom:1px solid #cbd2d9;margin-top:2em}h3{font-size:14px;margin:1.2em 0 .3em}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{padding:3px 6px;border-bottom:1px solid #e4e7eb;text-align:left}
th{color:#616e7c;font-weight:600}.n{text-align:right;white-space:nowrap}tr.t td{font-weight:700}
.muted{color:#616e7c}svg{width:100%;height:auto;font-size:11px}.sign{margin-top:3.5em;border-top:1px solid #1f2933;width:55%;padding-top:4px;color:#616e7c}
</style></head><body>
<p class="muted">PRESTAÇÃO DE CONTAS</p><h1>${esc(c.name)}</h1>
${c.document ? `<p class="muted">CNPJ ${esc(formatDocument(c.document))}</p>` : ''}
<p>${esc(monthName(c.month))}${c.administradora ? ` · Administradora: ${esc(c.administradora)}` : ''} · Emitido em ${esc(formatDateBr(c.issued_on))}</p>
<h2>Resumo do mês</h2>
${table(
  [
    { title: 'Receitas', value: () => formatReais(r.revenue.total_cents), right: true },
    { title: 'Despesas', value: () => formatReais(r.paid.total_cents), right: true },
    { title: 'Resultado', value: () => formatReais(r.revenue.total_cents - r.paid.total_cents), right: true },
    { title: 'Inadimplência', value: () => formatReais(r.defaulters.outstanding_cents), right: true },
  ],
  [null],
)}
${table(
  [
    { title: 'Conta', value: (b) => b.name },
    { title: 'Saldo inicial', value: (b) => formatReais(b.start_cents), right: true },
    { title: 'Entradas', value: (b) => formatReais(b.in_cents), right: true },
    { title: 'Saídas', value: (b) => formatReais(b.out_cents), right: true },
    { title: 'Saldo final', value: (b) => formatReais(b.end_cents), right: true },
  ],
  r.balances,
)}
<h2>Receitas</h2>
${table(
  [
    { title: 'Conta do plano', value: (g) => g.name },
    { title: 'Lançamentos', value: (g) => String(g.count), right: true },
    { title: 'Valor', value: (g) => formatReais(g.total_cents), right: true },
  ],
  r.revenue.by_chart_account,
  ['Total', String(r.revenue.entries), formatReais(r.revenue.total_cents)],
)}
<h2>Despesas</h2>${expenses}
<p><b>Total das despesas (${r.paid.payments} pagamentos): ${esc(formatReais(r.paid.total_cents))}</b></p>
<h2>Pagamentos recusados e pendentes</h2>
${table(
  [
    { title: 'Favorecido', value: (x) => x.payee },
    { title: 'Vencimento', value: (x) => formatDateBr(x.due_date) },
    { title: 'Motivo do banco', value: (x) => `${x.code} ${x.reason}`.trim() },
    { title: 'Valor', value: (x) => formatReais(x.amount_cents), right: true },
  ],
  r.rejected,
)}
${table(
  [
    { title: 'A pagar: favorecido', value: (x) => x.payee },
    { title: 'Vencimento', value: (x) => formatDateBr(x.due_date) },
    { title: 'Situação', value: (x) => PENDING_STATES[x.state] ?? x.state },
    { title: 'Valor', value: (x) => formatReais(x.amount_cents), right: true },
  ],
  r.pending,
)}
<h2>Inadimplência por unidade</h2>
${table(
  [
    { title: 'Unidade', value: (x) => x.unit },
    { title: 'Cobranças', value: (x) => String(x.invoices), right: true },
    { title: 'Dias de atraso', value: (x) => String(x.days_overdue), right: true },
    { title: 'Em aberto', value: (x) => formatReais(x.outstanding_cents), right: true },
  ],
  r.defaulters.rows,
  ['Total', '', '', formatReais(r.defaulters.outstanding_cents)],
)}
<h2>Gráficos</h2>
<h3>Despesas do mês por conta do plano</h3>${expensesChart(r)}
<h3>Receitas e despesas, últimos 12 meses</h3>${monthsChart(r)}
<h3>Saldo ao longo do mês (todas as contas)</h3>${balanceChart(r)}
<h2>Aprovação</h2>
<p>Declaramos que examinamos as contas de ${esc(monthName(r.month))} do ${esc(c.name)}, com as receitas, as despesas e os saldos acima.</p>
${['Síndico(a)', 'Conselho fiscal', 'Conselho fiscal', 'Conselho fiscal'].map((w) => `<p class="sign">${w} — nome, assinatura e data</p>`).join('')}
</body></html>
`;
}
