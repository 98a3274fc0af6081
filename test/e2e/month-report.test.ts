import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { addDays, formatDateBr } from '../../src/domain/dates.js';
import { formatReais } from '../../src/domain/money.js';
import {
  leafExpenseAccount,
  midMonthClock,
  returnOnItsDate,
  type Session,
  sandboxSession,
} from './harness.js';
import { writePaymentAccountStatement } from './payment-account.js';

/**
 * #28 point 3: the month report counts every rejection the month's returns carried, whatever the payable's due
 * date, and keeps apart those still waiting to be corrected. A PIX due this month and a boleto due next month
 * are rejected; the PIX is corrected and paid by a second batch.
 */

let s: Session;
let today: string;
let month: string;

beforeAll(async () => {
  // on the 15th: the batches paid on the next business day are this month's, whatever day the suite runs
  s = await sandboxSession({ midMonth: true });
  today = s.today();
  month = today.slice(0, 7);
});
afterAll(() => s.close());

async function batchAndReturn(reject: string[]): Promise<{ paid: number; rejected: number }> {
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, `${batch.public_id}.rem`);
  const ret = join(s.condo.configDir, `${batch.public_id}.ret`);
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret, ...reject.flatMap((r) => ['--reject', r])]);
  // a refusal still waiting for its fix is left for a person: exit 1 (#66)
  const importing = ['batches', 'import-return', ret];
  const imported = await (reject.length > 0 ? s.condo.jsonNeedsPerson(importing) : s.condo.json(importing));
  return { paid: imported.paid, rejected: imported.rejected };
}

test("the month's rejections are the returns' rejections; those corrected since leave 'still rejected'", async () => {
  const account = await leafExpenseAccount(s.condo);
  const suppliers = await s.condo.json('suppliers list');
  const pixSupplier = suppliers.find((x: any) => x.pix_key && x.document);
  const bankSupplier = suppliers.find((x: any) => x.bank && x.document);
  const nextMonthDue = addDays(`${month}-01`, 40);
  const boleto = buildBoleto({
    bankCode: '237',
    dueDate: nextMonthDue,
    amountCents: 74_000,
    freeField: '3381260007827136500000000',
  });
  const create = (args: string[]) =>
    s.condo.json(['payables', 'create', '--chart-account', String(account), ...args]);
  const pix = await create([
    ...['--supplier', String(pixSupplier.id), '--method', 'pix', '--amount', '95,00'],
    ...['--due', today, '--description', 'Dedetização'],
  ]);
  const nextMonth = await create([
    ...['--supplier', String(bankSupplier.id), '--method', 'boleto', '--amount', '740,00'],
    ...['--due', nextMonthDue, '--document', boleto.linhaDigitavel, '--description', 'Seguro predial'],
  ]);
  const ted = await create([
    ...['--supplier', String(bankSupplier.id), '--method', 'ted', '--amount', '300,00'],
    ...['--due', today, '--description', 'Limpeza da caixa d’água'],
  ]);
  await s.condo.ok(['payables', 'mark', pix.public_id, nextMonth.public_id, ted.public_id]);
  expect(await batchAndReturn([`${pix.public_id}:PJ`, `${nextMonth.public_id}:CC`])).toEqual({
    paid: 1,
    rejected: 2,
  });

  // the PIX key is corrected and the PIX paid by another batch
  await s.condo.ok(['suppliers', 'update', String(pixSupplier.id), '--pix-key', 'financeiro@example.com']);
  await s.condo.ok(['payables', 'mark', pix.public_id]);
  expect(await batchAndReturn([])).toEqual({ paid: 1, rejected: 0 });

  const report = await s.condo.json(['report', 'month', month]);
  expect(report.rejected.map((r: any) => [r.public_id, r.code, r.amount_cents, r.still_rejected])).toEqual(
    expect.arrayContaining([
      [pix.public_id, 'PJ', 9_500, false],
      [nextMonth.public_id, 'CC', 74_000, true],
    ]),
  );
  expect(report.rejected).toHaveLength(2);
  expect(report.rejected.find((r: any) => r.public_id === nextMonth.public_id).due_date).toBe(nextMonthDue);
  expect(report.still_rejected.map((r: any) => r.public_id)).toEqual([nextMonth.public_id]);

  const csv = (await s.condo.ok(['-o', 'csv', 'report', 'month', month])).split('\n');
  expect(csv.filter((l) => l.startsWith('rejected,'))).toHaveLength(2);
  expect(csv.filter((l) => l.startsWith('still rejected,'))).toHaveLength(1);
  const table = await s.condo.ok(['-o', 'table', 'report', 'month', month]);
  expect(table).toContain("Rejected by the bank in the month's returns: 2");
  expect(table).toContain('Still refused by the bank: 1');
  // titled with the condominium's name, as its cover is, and the day its figures stand at (#52)
  expect(table.split('\n')[0]).toBe(`${report.cover.name} · ${month} · as of ${formatDateBr(today)}`);
  expect(report.cover.name).toMatch(/Jardim Botânico/);
  // the PIX rejected and sent again says how it ended (#52: the bank pays it on the batch's day, after today) and
  // asks nothing more (its advice would pay it twice); the boleto's still asks
  const rowOf = (id: string) => table.split('\n').find((l) => l.includes(id)) ?? '';
  const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
  const pixFate = report.rejected.find((r: any) => r.public_id === pix.public_id).fate;
  expect(pixFate.state).toBe('scheduled');
  expect(pixFate.on > today).toBe(true);
  expect(rowOf(pix.public_id)).toContain(`refused on ${day(today)}, scheduled for ${day(pixFate.on)}`);
  expect(rowOf(nextMonth.public_id)).not.toMatch(/refused on/);
  const pt = await s.condo.ok(['-o', 'table', '--lang', 'pt-BR', 'report', 'month', month]);
  expect(pt).toContain('Rejeitadas pelo banco nos retornos do mês: 2');

  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  const firm = await s.condo.json('--all-profiles report month');
  const ours = firm.find((c: any) => c.condominium === 'residencial-jardim-botanico');
  expect(ours.rows[0].rejected).toHaveLength(2);
});

test('a refusal that says the bill is paid already (ZK) asks no second payment on any page, and is not owed (#66)', async () => {
  const account = await leafExpenseAccount(s.condo);
  const supplier = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document);
  const boleto = buildBoleto({
    bankCode: '237',
    dueDate: today,
    amountCents: 41_275,
    freeField: '3381260007827136500000000',
  });
  const p = await s.condo.json([
    ...['payables', 'create', '--chart-account', String(account), '--supplier', String(supplier.id)],
    ...['--method', 'boleto', '--amount', '412,75', '--due', today, '--document', boleto.linhaDigitavel],
    ...['--description', 'Manutenção do portão'],
  ]);
  const before = await s.condo.json(['report', 'month', month]);
  await s.condo.ok(['payables', 'mark', p.public_id]);
  await batchAndReturn([`${p.public_id}:ZK`]);

  const report = await s.condo.json(['report', 'month', month]);
  const row = report.rejected.find((r: any) => r.public_id === p.public_id);
  expect(row.fate).toEqual({ state: 'settled', on: null });
  expect(row.settled_by_bank).toBe(true);
  // not owed: what is pending and its total leave it out, as they did before it was sent
  expect(report.pending.map((x: any) => x.public_id)).not.toContain(p.public_id);
  const owed = (r: any) => r.pending.reduce((n: number, x: any) => n + x.amount_cents, 0);
  expect(owed(report)).toBe(owed(before) - 41_275);
  expect(report.still_rejected.find((r: any) => r.public_id === p.public_id).settled_by_bank).toBe(true);

  const advice = 'já pago pelo banco: confira o extrato, não reenvie';
  const pt = await s.condo.ok(['-o', 'table', '--lang', 'pt-BR', 'report', 'month', month]);
  const ptRow = pt
    .split('\n')
    .filter((l) => l.includes(p.public_id))
    .join(' ');
  expect(ptRow).not.toMatch(/reenviar|a corrigir/);
  const html = join(s.condo.configDir, 'zk.html');
  await s.condo.ok(['report', 'month', month, '--html', html]);
  const page = await readFile(html, 'utf8');
  expect(page).toContain(advice);
  const csv = await s.condo.ok(['-o', 'csv', '--excel', '--lang', 'pt-BR', 'report', 'month', month]);
  const lines = csv.split('\n').filter((l) => l.includes('Manutenção do portão') || l.includes('ZK'));
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect(l).not.toMatch(/a corrigir e reenviar|recusado, a reenviar/);
  expect(csv).toContain(advice);
});

test("the month's balances count the statement's movements no entry accounts for, as the account's balance does", async () => {
  interface Balance {
    bank_account_id: number;
    start_cents: number;
    in_cents: number;
    out_cents: number;
    end_cents: number;
  }
  const balanceOf = (r: { balances: Balance[] }) =>
    r.balances.find((b) => b.bank_account_id === 1) as Balance;
  const before = balanceOf(await s.condo.json(['report', 'month', month]));
  // the bank's fee and a credit nobody recorded: they move the account's balance (DECISIONS.md)
  const file = join(s.condo.configDir, 'extrato-sem-par.ofx');
  await writePaymentAccountStatement(file, today, [
    { fitid: 'NOPAR-1', amountCents: -8950, memo: 'TARIFA AVULSA' },
    { fitid: 'NOPAR-2', amountCents: 35000, memo: 'CREDITO NAO IDENTIFICADO' },
  ]);
  expect((await s.condo.json(['statements', 'import', file])).unmatched).toBe(2);
  const after = balanceOf(await s.condo.json(['report', 'month', month]));
  const account = (await s.condo.json('bank-accounts list')).find((a: { id: number }) => a.id === 1);
  // the month ends at the bank's balance today (less what the ledger dates after today: the batches the bank pays
  // on their day, #52), and began where it began: the money moved in the month
  const ahead = (
    await s.condo.json(['ledger', 'entries', 'list', '--from', addDays(today, 1), '--all'])
  ).filter((e: { bank_account_id: number }) => e.bank_account_id === 1);
  const later = ahead.reduce(
    (n: number, e: { amount: number; type: string }) =>
      n + Math.round(e.amount * 100) * (e.type === 'revenue' ? 1 : -1),
    0,
  );
  expect(after.end_cents).toBe(Math.round(account.current_balance * 100) - later);
  expect(after.start_cents).toBe(before.start_cents);
  expect(after.in_cents - before.in_cents).toBe(35000);
  expect(after.out_cents - before.out_cents).toBe(8950);
});

test('the JSON holds what the month’s document prints: the cover, each payment, twelve months, the balance day by day', async () => {
  await s.condo.ok(['config', 'set', 'administradora', 'Paulista Administração de Condomínios']);
  const r = await s.condo.json(['report', 'month', month]);
  const condominium = await s.condo.json(['api', 'GET', '/api/v1/condominiums/residencial-jardim-botanico']);
  expect(r.cover).toEqual({
    name: condominium.data.name,
    document: condominium.data.document,
    month,
    administradora: {
      name: 'Paulista Administração de Condomínios',
      document: null,
      crc: null,
      logo_file: null,
    },
    issued_on: today,
  });
  expect(r.cut_off).toBe(today);
  // each payment, and they add up to what was paid
  expect(r.payments.length).toBe(r.paid.payments);
  expect(r.payments.reduce((n: number, p: { amount_cents: number }) => n + p.amount_cents, 0)).toBe(
    r.paid.total_cents,
  );
  // the batches are paid on the next business day: read on the 28th, when the bank has paid them
  const on28th = await s.condo.run(['--json', 'report', 'month', month], {
    spawn: true,
    env: { CONDO_TEST_CLOCK_OFFSET_MS: String(midMonthClock().offsetMs + 13 * 86_400_000) },
  });
  expect(on28th.exitCode, on28th.stderr).toBe(0);
  const later = JSON.parse(on28th.stdout);
  expect(later.cut_off).toBe(`${month}-28`);
  const byBatch = later.payments.filter((p: { batch_id: string | null }) => p.batch_id);
  expect(byBatch.length).toBeGreaterThan(0);
  for (const p of byBatch) {
    expect(p.forma).toMatch(/^(pix|ted|boleto|doc|credito_conta|tributo|concessionaria)/);
    expect(p.document).toMatch(/^\d{11}$|^\d{14}$|[./-]/);
  }
  // twelve months, this one last, its sums the month's
  expect(r.months).toHaveLength(12);
  expect(r.months.at(-1)).toEqual({
    month,
    revenue_cents: r.revenue.total_cents,
    expense_cents: r.paid.total_cents,
  });
  // each day of the month to today, the cut-off (#52); the last day's balance is the month's end: what is dated
  // later (a batch the bank pays on the next business day) is in neither
  expect(r.payments.every((p: { date: string }) => p.date <= today)).toBe(true);
  for (const b of r.balances) {
    expect(b.days.map((d: { date: string }) => d.date)).toEqual(
      Array.from(
        { length: Number(today.slice(8, 10)) },
        (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
      ),
    );
    expect(b.days.at(-1).end_cents).toBe(b.end_cents);
  }
});

test('report month --pdf: one A4 document in Portuguese, fonts embedded, every figure the JSON’s', async () => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const file = join(s.condo.configDir, `prestacao-${month}.pdf`);
  const written = await s.condo.run(['report', 'month', month, '--pdf', file]);
  expect(written.exitCode, written.stderr).toBe(0);
  expect(written.stdout.trim()).toBe(file);
  const r = await s.condo.json(['report', 'month', month]);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // the font travels with the file: a TrueType subset of DejaVu Sans, every Portuguese glyph
  const raw = bytes.toString('latin1');
  expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  expect(raw).toContain('/FontFile2');
  // read back by another reader (pdf.js, through unpdf): every total, every payee, the month, each page numbered
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const all = text.join('\n').replace(/\s+/g, ' ');
  expect(all).toContain(`Prestação de contas de ${monthNamePt(month).toLowerCase()} de ${month.slice(0, 4)}`);
  expect(all).toContain(`Posição em ${formatDateBr(today)}`);
  expect(all).toContain(r.cover.name);
  for (const cents of [r.revenue.total_cents, r.paid.total_cents, r.defaulters.outstanding_cents])
    expect(all).toContain(formatReais(cents));
  for (const b of r.balances) {
    expect(all).toContain(formatReais(b.start_cents));
    expect(all).toContain(formatReais(b.end_cents));
  }
  for (const p of r.payments) expect(all).toContain(p.payee === '(no payee)' ? p.description : p.payee);
  for (const x of r.pending) expect(all).toContain(x.payee);
  for (const [i, page] of text.entries()) expect(page).toContain(`página ${i + 1} de ${totalPages}`);
  // the 12-month chart's bars are labelled with the JSON's figures
  const chartPage = text.find((t: string) => t.includes('últimos 12 meses')) ?? '';
  for (const m of r.months)
    for (const cents of [m.revenue_cents, m.expense_cents])
      expect(chartPage).toContain(formatReais(Math.round(cents / 100) * 100).replace(/,00$/, ''));
});

function monthNamePt(m: string): string {
  const names = [
    'Janeiro',
    'Fevereiro',
    'Março',
    'Abril',
    'Maio',
    'Junho',
    'Julho',
    'Agosto',
    'Setembro',
    'Outubro',
    'Novembro',
    'Dezembro',
  ];
  return names[Number(m.slice(5, 7)) - 1] as string;
}

test('report month --html: the same document as one self-contained page, charts inline', async () => {
  const file = join(s.condo.configDir, `prestacao-${month}.html`);
  const r = await s.condo.json(['report', 'month', month]);
  expect((await s.condo.run(['report', 'month', month, '--html', file])).exitCode).toBe(0);
  const html = await readFile(file, 'utf8');
  expect(html.startsWith('<!doctype html>')).toBe(true);
  expect(html).toContain('lang="pt-BR"');
  // nothing to fetch: no script, no image, no stylesheet from elsewhere
  expect(html).not.toMatch(/<script|<img|<link|src=|https?:\/\//);
  // three charts, each drawn for a page and for a phone (#66)
  expect((html.match(/<svg class="wide" /g) ?? []).length).toBe(3);
  expect((html.match(/<svg class="narrow" /g) ?? []).length).toBe(3);
  for (const cents of [r.revenue.total_cents, r.paid.total_cents]) expect(html).toContain(formatReais(cents));
  for (const p of r.payments)
    expect(html).toContain((p.payee === '(no payee)' ? p.description : p.payee).replace(/&/g, '&amp;'));
});

test('report month --pdf over a document already there is refused (a signed one is kept); --force replaces it', async () => {
  const file = join(s.condo.configDir, `assinado-${month}.pdf`);
  await writeFile(file, 'a signed document');
  const kept = await s.condo.run(['report', 'month', month, '--pdf', file]);
  expect(kept.exitCode).toBe(2);
  expect(kept.stderr).toContain(`--pdf: ${file} already exists (--force overwrites it)`);
  expect(await readFile(file, 'utf8')).toBe('a signed document');
  expect((await s.condo.run(['report', 'month', month, '--pdf', file, '--force'])).exitCode).toBe(0);
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
});

test("on the month's first day the balance chart draws the one day, says there is no movement yet, and names its date once (#66)", async () => {
  // the clock on the 1st: this session's clock is on the 15th
  const env = { CONDO_TEST_CLOCK_OFFSET_MS: String(midMonthClock().offsetMs - 14 * 86_400_000) };
  const html = join(s.condo.configDir, 'primeiro-dia.html');
  const pdfFile = join(s.condo.configDir, 'primeiro-dia.pdf');
  const r = await s.condo.run(['report', 'month', month, '--html', html, '--pdf', pdfFile], {
    spawn: true,
    env,
  });
  expect(r.exitCode, r.stderr).toBe(0);
  const page = await readFile(html, 'utf8');
  const balance = /<svg[^>]*aria-label="Saldo ao longo do mês[^"]*">([\s\S]*?)<\/svg>/.exec(page)?.[1] ?? '';
  expect(balance).toContain('um dia só até aqui: o saldo ao fim dele');
  expect(balance).toContain('<circle');
  expect(balance.match(/\d\d\/\d\d\/\d{4}/g)).toEqual([`01/${month.slice(5, 7)}/${month.slice(0, 4)}`]);
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(pdfFile))), {
    mergePages: true,
  });
  expect(String(text)).toContain('um dia só até aqui: o saldo ao fim dele');
});

test("a delete refused once is asked again for today's answer, not replayed from its key (#66)", async () => {
  const account = await leafExpenseAccount(s.condo);
  const supplier = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document);
  const p = await s.condo.json([
    ...['payables', 'create', '--chart-account', String(account), '--supplier', String(supplier.id)],
    ...['--method', 'ted', '--amount', '77,00', '--due', today, '--description', 'Reparo do interfone'],
  ]);
  await s.condo.ok(['payables', 'mark', p.public_id]);
  await batchAndReturnWithout(async () => {
    const inBatch = await s.condo.run(['payables', 'delete', p.public_id, '--yes']);
    expect(inBatch.exitCode).toBe(5);
    expect(inBatch.stdout + inBatch.stderr).toMatch(/in_batch/);
  });
  expect((await s.condo.json(['payables', 'show', p.public_id])).state).toMatch(/scheduled|paid/);
  const again = await s.condo.run(['payables', 'delete', p.public_id, '--yes']);
  expect(again.exitCode).toBe(5);
  expect(again.stdout + again.stderr).not.toMatch(/in_batch/);
  expect(again.stdout + again.stderr).toMatch(/scheduled|paid/);
});

/** A batch of what is marked, `between` run while it is out, then the bank's return on its date imported. */
async function batchAndReturnWithout(between: () => Promise<void>): Promise<void> {
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  await between();
  const rem = join(s.condo.configDir, `${batch.public_id}.rem`);
  const ret = join(s.condo.configDir, `${batch.public_id}.ret`);
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret]);
  await s.condo.json(['batches', 'import-return', ret]);
}
