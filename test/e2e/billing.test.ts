import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/** An invoice is issued the way it is billed (#17 point 3), and its boleto opens as a PDF without a token. */

let s: Session;
let unit: number;
let bank: number;
beforeAll(async () => {
  // A small per-address limit for the public boleto link (the API's own calls count per token).
  s = await sandboxSession({ ipRateLimit: { count: 8, seconds: 60 } });
  unit = (await s.condo.json('units list'))[0].id;
  bank = (await s.condo.json('bank-accounts list'))[0].id;
});
afterAll(() => s.close());

async function issued(billing?: string) {
  const extra = billing ? ['--billing-type', billing] : [];
  const draft = await s.condo.json([
    'invoices',
    'create',
    '--unit',
    String(unit),
    '--bank-account',
    String(bank),
    '--due',
    '+7d',
    '--subtotal',
    '412,50',
    ...extra,
  ]);
  return s.condo.json(['invoices', 'issue', draft.public_id]);
}

/** The text a PDF shows: pdfkit writes each line as hex strings in TJ arrays. */
function pdfText(pdf: Buffer): string {
  const lines = [...pdf.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\s*)+)\]\s*TJ/g)];
  return lines
    .map((m) =>
      [...(m[1] as string).matchAll(/<([0-9a-f]*)>/g)]
        .map((h) => Buffer.from(h[1] as string, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

test('BOLETO issues a boleto only, PIX a PIX charge only, BOLETO_PIX both; the default is BOLETO_PIX', async () => {
  const boleto = await issued('BOLETO');
  expect(boleto.payment.pix).toBeNull();
  expect(boleto.payment.boleto.linha_digitavel).toMatch(/^\d{47}$/);
  const pix = await issued('PIX');
  expect(pix.payment.boleto).toBeNull();
  expect(pix.payment.pix.payload).toMatch(/^000201/);
  const both = await issued('BOLETO_PIX');
  expect(both.payment.boleto).not.toBeNull();
  expect(both.payment.pix).not.toBeNull();
  const byDefault = await issued();
  expect(byDefault.billing_type).toBe('BOLETO_PIX');
  expect(Object.keys(byDefault.payment).filter((k) => byDefault.payment[k])).toEqual(['boleto', 'pix']);

  // What a person reads: only what exists, nothing "undefined".
  const shown = await s.condo.run(['-o', 'table', 'invoices', 'payment', pix.public_id]);
  expect(shown.stdout).toMatch(/PIX copia e cola/);
  expect(shown.stdout).not.toMatch(/Linha digitável|Boleto URL|undefined/);
});

test('the boleto URL answers a PDF, without a token: payee, payer, amount, due date and the linha digitável', async () => {
  const invoice = await issued('BOLETO');
  const { url, linha_digitavel: linha, nosso_numero: nosso } = invoice.payment.boleto;
  expect(url).toMatch(new RegExp(`^${s.sandbox.baseUrl}/boletos/[a-z-]+/[0-9a-f]{32}\\.pdf$`));
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await res.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  const formatted = `${linha.slice(0, 5)}.${linha.slice(5, 10)} ${linha.slice(10, 15)}.${linha.slice(15, 21)}`;
  expect(text).toContain(formatted);
  expect(text).toContain('R$ 412,50');
  expect(text).toContain(nosso);
  expect(text).toMatch(/Condomínio .* \(CNPJ \d{14}\)/);
  expect(text).toContain(invoice.due_date.split('-').reverse().join('/'));
  expect(text).toContain(invoice.payment.boleto.barcode);

  // Its id is the boleto's own, not the invoice's: guessing by invoice id finds nothing.
  const guessed = await fetch(url.replace(/[0-9a-f]{32}\.pdf$/, `${invoice.public_id}.pdf`));
  expect(guessed.status).toBe(404);
});

test('the base URL the CLI prints answers 200, saying what it is', async () => {
  const res = await fetch(s.sandbox.baseUrl);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ api: '/api/v1/condominiums/{condominium}' });
});

test('the public boleto link is rate-limited per address', async () => {
  const invoice = await issued('BOLETO');
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await fetch(invoice.payment.boleto.url);
    await res.arrayBuffer();
    statuses.push(res.status);
    if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  expect(statuses).toContain(429);
  expect(statuses[0]).toBe(200);
});
