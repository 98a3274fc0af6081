import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { monthBreaks } from '../../src/domain/month-report.js';
import { ledgerBalance, type MonthScene, monthScene } from './month-scene.js';

/**
 * #52: the prestação de contas a council can sign. The sandbox's bank lives on today's date; the document states
 * its cut-off and shows nothing after it as paid; every figure comes from one model whose invariants hold; a
 * refusal paid since says so; a firm's run never collides with itself; the reader's words.
 */

let m: MonthScene;
beforeAll(async () => {
  m = await monthScene();
});
afterAll(() => m.s.close());

const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const report = async (args: string[] = []) => m.s.condo.json(['report', 'month', ...args]);
const later = async (args: string[]) => {
  const r = await m.laterRun(args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
};
/** The month read on the 28th by the built CLI, and its two documents: made once, read by several tests. */
let on28thOnce: Promise<{ json: any; pdfText: string; html: string }> | undefined;
const on28th = () => {
  on28thOnce ??= (async () => {
    const pdf = join(m.s.condo.configDir, 'on-28th.pdf');
    const html = join(m.s.condo.configDir, 'on-28th.html');
    const [json] = await Promise.all([
      later(['--json', 'report', 'month']).then((t) => JSON.parse(t)),
      later(['report', 'month', '--pdf', pdf, '--html', html]),
    ]);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(pdf))), {
      mergePages: true,
    });
    return { json, pdfText: text.replace(/\s+/g, ' '), html: await readFile(html, 'utf8') };
  })();
  return on28thOnce;
};

describe('the bank lives on today', () => {
  test("today's return schedules what is paid later; the statement ends today; the month stands at today", async () => {
    const today = m.s.today();
    const r = await report();
    expect(r.cut_off).toBe(today);
    // nothing the bank pays on the payday is paid today: it is to pay, scheduled for its day
    expect(r.payments.every((p: { date: string }) => p.date <= today)).toBe(true);
    const scheduled = r.pending.filter((p: { state: string }) => p.state === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    expect(scheduled.every((p: { date: string }) => p.date === m.payday)).toBe(true);
    const ofx = await readFile(join(m.s.condo.configDir, 'today.ofx'), 'latin1');
    const compact = today.replaceAll('-', '');
    expect(ofx).toContain(`<DTSERVER>${compact}`);
    expect(ofx).toContain(`<DTEND>${compact}`);
    const table = await m.s.condo.ok(['-o', 'table', '--lang', 'pt-BR', 'report', 'month']);
    expect(table.split('\n')[0]).toContain(`posição em ${day(today)}/${today.slice(0, 4)}`);
    expect(table).toContain(`agendado para ${day(m.payday)}`);
  });
});

describe('one model, its invariants', () => {
  test('on the seeded month, today and on the 28th: the figures add up, and the closing balance is the statement’s LEDGERBAL', async () => {
    const today = await report();
    expect(monthBreaks(today)).toEqual([]);
    const payment = (r: any) => r.balances.find((b: any) => b.statement_through !== null);
    // the statement of today, imported: the bank's balance is the month's closing balance at today
    expect(payment(today).end_cents).toBe(await ledgerBalance(join(m.s.condo.configDir, 'today.ofx')));
    expect(payment(today).statement_through).toBe(m.s.today());
    // on the 28th, the statement of that day says what the month says at that day
    const { json: r28 } = await on28th();
    expect(r28.cut_off).toBe(`${m.month}-28`);
    expect(monthBreaks(r28)).toEqual([]);
    const file = join(m.s.condo.configDir, 'on-28th.ofx');
    await later(['sandbox', 'statement', '--data-dir', m.s.dataDir, '-O', file]);
    expect(payment(r28).end_cents).toBe(await ledgerBalance(file));
    // what was scheduled on the 15th is paid by the 28th
    expect(r28.paid.total_cents).toBeGreaterThan(today.paid.total_cents);
    expect(r28.pending.some((p: any) => p.state === 'scheduled' && p.date <= r28.cut_off)).toBe(false);
  });

  test('on generated condominiums (the firm seed): the figures add up for every one of them', async () => {
    await m.s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', m.s.dataDir]);
    const firm = await m.s.condo.json(['--all-profiles', 'report', 'month']);
    expect(firm.length).toBeGreaterThan(1);
    for (const c of firm) {
      expect(c.error, c.profile).toBeUndefined();
      expect(monthBreaks(c.rows[0]), c.condominium).toEqual([]);
    }
  });

  test("report paid's shares add up to 100%, as a table and as JSON", async () => {
    const json = JSON.parse(await later(['--json', 'report', 'paid', '--by', 'supplier']));
    expect(json.groups.reduce((n: number, g: { share_pct: number }) => n + g.share_pct, 0)).toBe(100);
    const table = await later(['-o', 'tsv', 'report', 'paid', '--by', 'supplier']);
    const shares = table
      .trim()
      .split('\n')
      .map((l) => Number(/(\d+)%$/.exec(l)?.[1]));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('a refusal paid since', () => {
  test('reads "recusado em DD/MM, pago em DD/MM" in the terminal, the PDF and the HTML, and is not pending', async () => {
    const { json: r28, pdfText, html } = await on28th();
    const refusal = r28.rejected.find((r: any) => r.public_id === m.refused.public_id);
    expect(refusal.fate).toEqual({ state: 'paid', on: m.payday });
    expect(r28.pending.map((p: any) => p.public_id)).not.toContain(m.refused.public_id);
    const words = `recusado em ${day(m.s.today())}, pago em ${day(m.payday)}`;
    const table = await later(['-o', 'table', '--lang', 'pt-BR', 'report', 'month']);
    expect(table.replace(/\s+/g, ' ')).toMatch(new RegExp(words.split(' ').join('\\s*')));
    expect(pdfText).toContain(words);
    expect(html).toContain(words);
  });
});

describe("the firm's run", () => {
  test('config set --firm: every profile’s cover names the administradora; a profile’s own value wins', async () => {
    const c = m.s.condo;
    await c.ok(['config', 'set', '--firm', 'administradora', 'Paulista Administração de Condomínios']);
    await c.ok(['config', 'set', '--firm', 'administradora_cnpj', '11.444.777/0001-61']);
    await c.ok(['config', 'set', '--firm', 'administradora_crc', 'CRC-SP 2SP034567/O-8']);
    expect((await c.ok(['config', 'get', '--firm', 'administradora_cnpj'])).trim()).toBe('11444777000161');
    const firm = await c.json(['--all-profiles', 'report', 'month']);
    for (const x of firm)
      expect(x.rows[0].cover.administradora).toMatchObject({
        name: 'Paulista Administração de Condomínios',
        document: '11444777000161',
      });
    const own = firm[1].profile;
    await c.ok(['--profile', own, 'config', 'set', 'administradora', 'Outra Administradora']);
    expect((await c.json(['--profile', own, 'report', 'month'])).cover.administradora.name).toBe(
      'Outra Administradora',
    );
    await c.ok(['--profile', own, 'config', 'unset', 'administradora']);
    expect((await c.json(['--profile', own, 'report', 'month'])).cover.administradora.name).toBe(
      'Paulista Administração de Condomínios',
    );
    const across = await c.run(['--all-profiles', 'config', 'set', 'administradora', 'X']);
    expect(across.exitCode).toBe(2);
    expect(across.stderr).toContain("for every profile, the firm's setting: condo config set --firm");
    const wrong = await c.run(['config', 'set', '--firm', 'base_url', 'http://x']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('"base_url" is not a firm setting');
  });

  test('a logo is a PNG or a JPEG by its bytes and at most 2 MB; it is on the cover', async () => {
    const c = m.s.condo;
    const dir = c.configDir;
    const renamed = join(dir, 'logo.png');
    await writeFile(renamed, '%PDF-1.4 not an image');
    const notImage = await c.run(['config', 'set', '--firm', 'administradora_logo', renamed]);
    expect(notImage.exitCode).toBe(2);
    expect(notImage.stderr).toMatch(/administradora_logo: .*logo\.png is not a PNG or a JPEG by its content/);
    const big = join(dir, 'grande.jpg');
    await writeFile(
      big,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024)]),
    );
    const tooBig = await c.run(['config', 'set', '--firm', 'administradora_logo', big]);
    expect(tooBig.exitCode).toBe(2);
    expect(tooBig.stderr).toContain('a logo has at most 2 MB');
    // nothing was kept of either
    expect((await c.run(['config', 'get', '--firm', 'administradora_logo'])).exitCode).toBe(4);
    const png = join(dir, 'logo-ok.png');
    await writeFile(png, Buffer.from(TINY_PNG, 'base64'));
    await c.ok(['config', 'set', '--firm', 'administradora_logo', png]);
    const html = join(dir, 'com-logo.html');
    await c.ok(['report', 'month', '--html', html]);
    expect(await readFile(html, 'utf8')).toContain(`src="data:image/png;base64,${TINY_PNG}"`);
  });

  test('two profiles of one condominium on two servers: files named by profile, said, none written over', async () => {
    const c = m.s.condo;
    const base = m.s.sandbox.baseUrl;
    const store = JSON.parse(await readFile(join(c.configDir, 'config.json'), 'utf8'));
    const [name, profile] = Object.entries(store.profiles).find(
      ([, p]: any) => p.condominium === 'residencial-jardim-botanico' && p.base_url === base,
    ) as [string, any];
    // the same condominium through another address of the same server: a second server to condo
    store.profiles['jardim-outro'] = { ...profile, base_url: base.replace('127.0.0.1', 'localhost') };
    await writeFile(join(c.configDir, 'config.json'), JSON.stringify(store));
    const dir = join(c.configDir, 'prestacoes');
    const run = await c.run(['-o', 'csv', '--all-profiles', 'report', 'month', '--pdf', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    const files = await readdir(dir);
    expect(files).toContain(`${m.month}-${name}.pdf`);
    expect(files).toContain(`${m.month}-jardim-outro.pdf`);
    expect(files).not.toContain(`${m.month}-residencial-jardim-botanico.pdf`);
    expect(run.stderr).toContain(
      'named by its profile: another profile of this run names the same condominium',
    );
    const rows = run.stdout.trim().split('\n').slice(1);
    expect(rows).toHaveLength(files.length);
    // as JSON: a line a condominium, its pages, closing balance and what it owes
    const json = JSON.parse(
      (await c.ok(['--json', '--all-profiles', 'report', 'month', '--pdf', dir, '--force'])).trim(),
    );
    for (const x of json)
      expect(x.rows[0]).toMatchObject({ pages: expect.any(Number), end_cents: expect.any(Number) });
    const table = await c.ok(['-o', 'table', '--all-profiles', 'report', 'month']);
    expect(table).toMatch(/^│?\s*TOTAL\b/m);
  });
});

describe('what a reader sees', () => {
  test('the HTML: CNPJs never break, tables scroll in their box and reflow on a phone, the 12 months have a legend and values', async () => {
    const { html } = await on28th();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // each CNPJ in a cell or a span that does not wrap
    for (const cnpj of html.match(/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/g) ?? [])
      expect(html).toMatch(new RegExp(`class="nw"[^>]*>(CNPJ )?${cnpj.replace(/[./]/g, '\\$&')}<`));
    expect(html).toContain('.tw{overflow-x:auto');
    expect((html.match(/<div class="tw"><table>/g) ?? []).length).toBe((html.match(/<table>/g) ?? []).length);
    expect(html).toMatch(/@media \(max-width:600px\)\{[\s\S]*thead\{display:none\}/);
    const months = /<svg [^>]*aria-label="Receitas e despesas, últimos 12 meses">([\s\S]*?)<\/svg>/.exec(
      html,
    )?.[1];
    expect(months).toContain('>Receitas</text>');
    expect(months).toContain('>Despesas</text>');
    expect((months?.match(/class="v"/g) ?? []).length).toBe(24);
  });

  test('the PDF: its title, plurals, a heading a council understands, the cut-off', async () => {
    const { json: r, pdfText: all } = await on28th();
    expect(all).toMatch(/Prestação de contas de \p{L}+ de \d{4}/u);
    expect(all).toContain(`Posição em 28/${m.month.slice(5)}/${m.month.slice(0, 4)}`);
    expect(all).not.toMatch(/\(s\)/);
    expect(all).toMatch(/\d+ unidades? em atraso|Nenhuma unidade em atraso/);
    expect(all).toContain('Contas a pagar em 28/');
    expect(all).not.toContain('A pagar: favorecido');
    // nothing cut to an ellipsis in a column too narrow: each batch's end is there whole
    const batches = r.payments.filter((p: { batch_id: string | null }) => p.batch_id);
    expect(batches.length).toBeGreaterThan(0);
    for (const p of batches) expect(all).toContain(`…${p.batch_id.slice(-6)}`);
  });

  test('-o csv --excel speaks the reader’s language; plain csv stays the scripts’ English', async () => {
    const excel = await m.s.condo.ok(['-o', 'csv', '--excel', '--lang', 'pt-BR', 'report', 'month']);
    expect(excel.startsWith('\uFEFFSEÇÃO;ITEM;DETALHE;QTD;VALOR')).toBe(true);
    expect(excel).toContain('pago por fornecedor;');
    expect(excel).toContain('saldo final;');
    expect(excel).not.toMatch(/paid by supplier|balance at end/);
    const csv = await m.s.condo.ok(['-o', 'csv', '--lang', 'pt-BR', 'report', 'month']);
    expect(csv.startsWith('SECTION,ITEM,DETAIL,COUNT,AMOUNT')).toBe(true);
    expect(csv).toContain('paid by supplier,');
  });

  test('a month as Brazilians write it (#53): typed MM/AAAA, titled "novembro de 2026"; English and JSON keep ISO', async () => {
    const [y, mo] = m.month.split('-');
    const typed = await m.s.condo.json(['report', 'month', `${Number(mo)}/${y}`]);
    expect(typed.month).toBe(m.month);
    const pt = await m.s.condo.ok(['-o', 'table', '--lang', 'pt-BR', 'report', 'month', `${mo}/${y}`]);
    expect(pt.split('\n')[0]).toMatch(new RegExp(` · \\p{L}+ de ${y} · posição em `, 'u'));
    expect(pt.split('\n')[0]).not.toContain(m.month);
    const en = await m.s.condo.ok(['-o', 'table', '--lang', 'en', 'report', 'month', m.month]);
    expect(en.split('\n')[0]).toContain(` · ${m.month} · as of `);
    const bad = await m.s.condo.run(['--lang', 'pt-BR', 'report', 'month', '13/2026']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('não é um mês (MM/AAAA ou AAAA-MM)');
  });

  test('a month with no statement says which balance is missing; a month not begun is refused', async () => {
    const table = await m.s.condo.ok(['-o', 'table', '--lang', 'pt-BR', 'report', 'month']);
    // the savings account has no statement imported: said by name, not a figure that looks checked
    expect(table).toMatch(/Poupança[^\n]*: nenhum extrato de \p{L}+ de \d{4} importado/u);
    const next = await m.s.condo.run(['report', 'month', `${Number(m.month.slice(0, 4)) + 1}-01`]);
    expect(next.exitCode).toBe(2);
    expect(next.stderr).toContain('has not begun');
  });
});

/** A 1x1 PNG. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
