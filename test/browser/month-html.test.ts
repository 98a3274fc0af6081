import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MonthScene, monthScene } from '../e2e/month-scene.js';

/**
 * #52: the month's HTML page in a real browser (Debian's chromium, headless, driven by playwright-core), at a
 * desktop's 1200 px and a phone's 400 px: the page never scrolls sideways, no figure is cut, a CNPJ stays on one
 * line, no chart label sits on a line or on another label, no chart scrolls or draws past its edge (#66). Screenshots go to artifacts/browser/ to be looked at.
 * `npm run test:browser` (in .ci/run), outside `npm test`'s minute.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'browser');

let m: MonthScene;
let browser: Browser;
let file: string;

beforeAll(async () => {
  m = await monthScene();
  // on the 28th: the month's payments paid, the refusal paid since, a statement short of the cut-off
  await m.s.condo.ok([
    'config',
    'set',
    '--firm',
    'administradora',
    'Paulista Administração de Condomínios Ltda',
  ]);
  await m.s.condo.ok(['config', 'set', '--firm', 'administradora_cnpj', '11.444.777/0001-61']);
  file = join(m.s.condo.configDir, 'prestacao.html');
  const r = await m.laterRun(['report', 'month', '--html', file]);
  expect(r.exitCode, r.stderr).toBe(0);
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // as root, without a sandbox; no background traffic to a closed network
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  await mkdir(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await m?.s.close();
});

/** What the page shows that a reader would stumble on, measured in the browser. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // run in the page: its globals, untyped here (the project's types are Node's, not the DOM's)
    const w = globalThis as any;
    const { document, getComputedStyle, DOMPoint } = w;
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    const visible = (el: any) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).display !== 'none';
    };
    // no text cut: a cell or a paragraph holds what it says, inside the page (or inside its scrolling box)
    for (const el of document.querySelectorAll('td, th, p, h1, h2, h3')) {
      if (!visible(el)) continue;
      const box = el.closest('.tw') ?? document.body;
      const limit = box.getBoundingClientRect().left + box.scrollWidth + 1;
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`cut: ${el.tagName} "${el.textContent?.slice(0, 40)}"`);
      if (r.right > limit) out.push(`outside its box: ${el.tagName} "${el.textContent?.slice(0, 40)}"`);
    }
    // a CNPJ on one line
    for (const el of document.querySelectorAll('.nw')) {
      if (!visible(el) || !/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/.test(el.textContent ?? '')) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r: any) => Math.round(r.top)));
      if (lines.size > 1) out.push(`a CNPJ broken across lines: "${el.textContent}"`);
    }
    // a chart drawn for the width there is (#66): it never scrolls in its box, every label inside it
    for (const chart of document.querySelectorAll('.chart')) {
      if (chart.scrollWidth > chart.clientWidth + 1)
        out.push(`a chart scrolls sideways: ${chart.scrollWidth} > ${chart.clientWidth}`);
      const box = chart.getBoundingClientRect();
      for (const t of chart.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1)
          out.push(`a chart label outside its chart: "${t.textContent}"`);
      }
    }
    // chart labels: none on another, none on the balance line
    for (const svg of document.querySelectorAll('svg')) {
      if (!visible(svg)) continue;
      const texts = [...svg.querySelectorAll('text')].map((t: any) => ({ t, r: t.getBoundingClientRect() }));
      const overlap = (a: any, b: any) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++)
          if (overlap(texts[i]!.r, texts[j]!.r))
            out.push(`labels collide: "${texts[i]!.t.textContent}" and "${texts[j]!.t.textContent}"`);
      const line = svg.querySelector('polyline');
      const ctm = line?.getScreenCTM();
      if (!line || !ctm) continue;
      const points = [...line.points].map((p: any) => new DOMPoint(p.x, p.y).matrixTransform(ctm));
      for (let k = 0; k + 1 < points.length; k++)
        for (let f = 0; f <= 1; f += 0.1) {
          const x = points[k]!.x + (points[k + 1]!.x - points[k]!.x) * f;
          const y = points[k]!.y + (points[k + 1]!.y - points[k]!.y) * f;
          for (const { t, r } of texts)
            if (x > r.left && x < r.right && y > r.top && y < r.bottom)
              out.push(`a label on the balance line: "${t.textContent}"`);
        }
    }
    return [...new Set(out)];
  });
}

describe.each([1200, 400])('at %i px', (width) => {
  test('nothing cut, nothing sideways, CNPJs whole, chart labels clear; "Saldo final" in sight', async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    await page.screenshot({ path: join(SHOTS, `prestacao-${width}.png`), fullPage: true });
    // each chart on its own too, to be looked at at its size
    const charts = await page.$$('.chart');
    for (const [i, chart] of charts.entries())
      await chart.screenshot({ path: join(SHOTS, `prestacao-${width}-chart-${i + 1}.png`) });
    expect(charts).toHaveLength(3);
    expect(await problems(page)).toEqual([]);
    // the closing balance of each account is on the screen whole: a card's label on a phone, a column on a desktop
    const saldo = await page.evaluate(() => {
      const cells: any[] = [...(globalThis as any).document.querySelectorAll('td[data-label="Saldo final"]')];
      return cells.map((c) => {
        const r = c.getBoundingClientRect();
        return { right: r.right, width: r.width, text: c.textContent ?? '' };
      });
    });
    expect(saldo.length).toBeGreaterThan(0);
    for (const s of saldo) {
      expect(s.right).toBeLessThanOrEqual(width);
      expect(s.text).toMatch(/R\$ [\d.]+,\d\d|não informado/);
    }
    await page.close();
  });
});

test('the screenshots were written', async () => {
  await writeFile(join(SHOTS, 'README.txt'), `Written by test/browser/month-html.test.ts from ${file}\n`);
  const { readdir } = await import('node:fs/promises');
  expect((await readdir(SHOTS)).filter((f) => f.endsWith('.png')).sort()).toEqual(
    expect.arrayContaining(['prestacao-1200.png', 'prestacao-400.png']),
  );
});
