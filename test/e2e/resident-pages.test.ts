import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession, unitInvoice } from './harness.js';

/**
 * #68 point 2: `billing apply --issue --pdf DIR` writes each billed unit's page: the condominium and its CNPJ, the
 * unit and its owner, the month and due date, each part with what it is of, the total, the linha digitável (its bar
 * code drawn under it) and the PIX copia e cola; one PDF, or one a unit with --pdf-each.
 */

let s: Session;
let budget: string;
beforeAll(async () => {
  s = await sandboxSession();
  budget = join(s.condo.configDir, 'orcamento.yaml');
  await s.condo.ok(['sandbox', 'budget', '--data-dir', s.dataDir, '-O', budget]);
  await writeFile(
    budget,
    `${await readFile(budget, 'utf8')}  - nome: Fundo de reserva\n    percentual: 5\n    sobre: Taxa condominial\n    conta: 1.1.02\n    rateio: fracao\n`,
  );
}, 60_000);
afterAll(() => s?.close());

/** March 2027's plan of the session's budget, beside its other files (the same inputs give the same file). */
const planOfMarch = () =>
  s.condo.json(['billing', 'plan', '--month', '03/2027', '--budget', budget, '-O', s.condo.configDir]);

async function pdfPages(file: string): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(file))), {
    mergePages: false,
  });
  return (text as string[]).map((t) => t.replace(/\s+/g, ' '));
}

/** The QR code a phone would read on a page, by a reader we did not write (jsQR), over the page as MuPDF draws it. */
async function qrOnPage(file: string, page: number): Promise<string | undefined> {
  const mupdf = await import('mupdf');
  // jsqr's CommonJS build exports { default: jsQR }; its types describe the ES module (as in qr.test.ts)
  type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
  const jsqr = (await import('jsqr')) as unknown as { default: Decoder | { default: Decoder } };
  const jsQR = (typeof jsqr.default === 'function' ? jsqr.default : jsqr.default.default) as Decoder;
  const doc = mupdf.Document.openDocument(await readFile(file), 'application/pdf');
  const pix = doc.loadPage(page).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true);
  const [w, h, n] = [pix.getWidth(), pix.getHeight(), pix.getNumberOfComponents()];
  const rgb = pix.getPixels();
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    for (let k = 0; k < 3; k++) rgba[i * 4 + k] = rgb[i * n + k] as number;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, w, h)?.data;
}

test("the residents' pages: a page a unit, each part with its basis, the linha digitável and the PIX", async () => {
  const dir = join(s.condo.configDir, 'paginas');
  const plan = await planOfMarch();
  const r = await s.condo.run([
    '--lang',
    'pt-BR',
    'billing',
    'apply',
    plan.plan_file,
    '--issue',
    '--pdf',
    dir,
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  const slug = plan.condominium;
  const file = join(dir, `2027-03-${slug}.pdf`);
  expect(r.stderr).toContain(`${plan.units.length} páginas dos condôminos gravadas em ${file}`);
  const pages = await pdfPages(file);
  expect(pages).toHaveLength(plan.units.length);
  const unit = plan.units[0];
  const inv = await unitInvoice(s.condo, unit.unit_id, '2027-03-01');
  const owner = (await s.condo.json(['units', 'list'])).find(
    (u: { id: number }) => u.id === unit.unit_id,
  ).owner;
  const first = pages[0] as string;
  for (const said of [
    unit.unit,
    owner,
    'Referente a 03/2027',
    `fração ${unit.fraction.replace('.', ',')} de R$ 24.260,00`,
    `(5% de Taxa condominial)`,
    inv.public_id,
  ])
    expect(first).toContain(said);
  const linha = inv.payment.boleto.linha_digitavel as string;
  expect(first).toContain(`${linha.slice(0, 5)}.${linha.slice(5, 10)}`);
  expect(first.replace(/ /g, '')).toContain((inv.payment.pix.payload as string).replace(/ /g, ''));
  // the QR code reads as the invoice's PIX copia e cola
  expect(await qrOnPage(file, 0)).toBe(inv.payment.pix.payload);
  // one file a unit
  const each = join(s.condo.configDir, 'uma-por-unidade');
  const r2 = await s.condo.run(['billing', 'apply', plan.plan_file, '--issue', '--pdf', each, '--pdf-each']);
  expect(r2.exitCode, r2.stderr).toBe(0);
  const files = (await readdir(each)).sort();
  expect(files).toHaveLength(plan.units.length);
  expect(files[0]).toMatch(new RegExp(`^2027-03-${slug}-Bloco-A---101\\.pdf$`));
  expect(await pdfPages(join(each, files[0] as string))).toHaveLength(1);
});

test("the council's sheet: units × components with the totals, the fractions' sum, the rounding's cents, the exempt", async () => {
  const exempt = join(s.condo.configDir, 'isenta.yaml');
  await writeFile(
    exempt,
    `${await readFile(budget, 'utf8')}isentos:\n  - { unidade: Bloco B - 602, fonte: "AGO 15/03/2026, item 4", rateio: fracao }\n`,
  );
  const pdf = join(s.condo.configDir, 'conselho.pdf');
  const r = await s.condo.run([
    ...['--lang', 'pt-BR', 'billing', 'plan', '--month', '04/2027', '--budget', exempt],
    ...['-O', s.condo.configDir, '--pdf', pdf],
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain(`planilha do conselho gravada em ${pdf}`);
  const plan = await s.condo.json([
    'billing',
    'plan',
    '--month',
    '04/2027',
    '--budget',
    exempt,
    '-O',
    s.condo.configDir,
  ]);
  const text = (await pdfPages(pdf)).join(' ');
  expect(text).toContain('Rateio da cota condominial, 04/2027');
  expect(text).toMatch(/UNIDADE FRAÇÃO TAXA CONDOMINIAL FUNDO DE RESERVA TOTAL/);
  expect(text).toContain(`TOTAL R$ 24.260,00 R$ 1.213,00 R$ 25.473,00`);
  expect(text).toContain('Frações: as frações ideais do servidor, somando 1,000000000.');
  expect(text).toContain(
    'Bloco B - 602 é isenta (AGO 15/03/2026, item 4): sua parte foi rateada entre as demais',
  );
  const component = plan.components[0];
  const rounding = [...component.cent_more, ...component.cent_less];
  expect(rounding.length).toBeGreaterThan(0);
  expect(text).toContain(rounding[0]);
  for (const u of plan.units.slice(0, 3)) expect(text).toContain(u.unit);
});

test("invoices show ID --pdf: the page a resident asks for, each part's basis from its plan where the file is at hand", async () => {
  const plan = await planOfMarch();
  const unit = plan.units[2];
  const inv = await unitInvoice(s.condo, unit.unit_id, '2027-03-01');
  const withPlan = join(s.condo.configDir, 'pedida.pdf');
  await s.condo.ok(['invoices', 'show', inv.public_id, '--pdf', withPlan, '--plans', s.condo.configDir]);
  const [page] = await pdfPages(withPlan);
  expect(page).toContain(unit.unit);
  expect(page).toContain(`fração ${unit.fraction.replace('.', ',')} de R$ 24.260,00`);
  expect(await qrOnPage(withPlan, 0)).toBe(inv.payment.pix.payload);
  // a seeded invoice, of no plan: its total as one line, its unit named
  const [seeded] = await s.condo.json(['invoices', 'list', '--due-to', lastMonthEnd(), '--state', 'issued']);
  const alone = join(s.condo.configDir, 'antiga.pdf');
  const r = await s.condo.run(['--lang', 'pt-BR', 'invoices', 'show', seeded.public_id, '--pdf', alone]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain('(as partes pela cobrança: nenhum arquivo de plano dela em .)');
  const [old] = await pdfPages(alone);
  const label = (await s.condo.json(['units', 'list'])).find(
    (u: { id: number }) => u.id === seeded.unit_id,
  ).label;
  expect(old).toContain(`Unidade ${label}`);
  expect(old).toMatch(/Valor da cobrança R\$ [\d.]+,\d\d Total R\$ [\d.]+,\d\d/);
});

/** The last day of last month, when the seed's invoices are all due. */
function lastMonthEnd(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0)).toISOString().slice(0, 10);
}
