import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { batchFacts } from '../../../src/app/batch-facts.js';
import { boletoPayablesOf, readDdaFiles } from '../../../src/app/dda-files.js';
import { kindOf, wrongKind } from '../../../src/app/file-kind.js';
import { lintCnabFile, readCnabFile } from '../../../src/app/files.js';
import { checkCompanyAccount, checkSequence } from '../../../src/app/lint-server.js';
import { previewContext } from '../../../src/app/preview-checks.js';
import { nextSteps, rejectionsOf } from '../../../src/app/rejections.js';
import { todayIn } from '../../../src/domain/dates.js';
import { ConflictError, UsageError } from '../../../src/domain/errors.js';
import type { Text } from '../../../src/domain/text.js';
import { servedSandbox } from './served.js';

/**
 * The application layer's use-cases without a terminal (#54): each called as a face other than the CLI would
 * call it, with a client of the real sandbox served in this process, and what it decides read from its answer.
 */
const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/corpus/${path}`, import.meta.url));
const DDA_FILE = fixture('dda/s2way__cnab240-nodejs/Retorno-DDA-Bradesco.RET');
const COLLECTION_RETURN = fixture('cnab240/loggi__cnab240/cobranca.itau.ret');

const served = servedSandbox();
/** The seed's batch whose return rejected a payment, and that payment. */
async function seededRejection() {
  for (const b of await served.client.batches.list({ all: true })) {
    const batch = await served.client.batches.get(b.public_id);
    const item = (batch.payables ?? []).find((i) => i.outcome === 'rejected' && i.state === 'pending');
    if (item) return { batch, item };
  }
  throw new Error('the seed has no rejected payment');
}

describe('the batch preview reads its checks from explicit sources', () => {
  test('the setting, the payables around the due dates, and a DDA pattern that matches nothing said once', async () => {
    // a boleto among them: only boletos are checked against the DDA
    const pending = await served.client.payables.list({ state: 'pending' }, { all: true });
    const marked = [
      ...pending.filter((p) => p.forma_pagamento === 'boleto').slice(0, 1),
      ...pending.filter((p) => p.forma_pagamento !== 'boleto').slice(0, 2),
    ];
    expect(marked.some((p) => p.forma_pagamento === 'boleto')).toBe(true);
    const warned: Text[] = [];
    const context = await previewContext(
      served.client,
      {
        setting: (name) => (name === 'early_payment_days' ? 5 : 'no-such-folder/DDA-*.ret'),
        warn: (text) => warned.push(text),
      },
      marked,
    );
    expect(context.earlyDays).toBe(5);
    const around = new Set((context.others ?? []).map((p) => p.public_id));
    for (const p of marked) if (p.due_date) expect(around.has(p.public_id)).toBe(true);
    // no file is no list to check against: said, and no boleto is called a fake
    expect(context.notInDda).toBeUndefined();
    expect(warned).toHaveLength(1);
    expect(warned[0]?.en).toMatch(/^dda_files "no-such-folder\/DDA-\*\.ret" matches no file/);
    expect(warned[0]?.pt).toMatch(/não corresponde a nenhum arquivo/);
  });

  test('without a setting there is no DDA check and no warning', async () => {
    const warned: Text[] = [];
    const marked = (await served.client.payables.list({ state: 'pending' })).slice(0, 1);
    const context = await previewContext(
      served.client,
      { setting: () => undefined, warn: (t) => warned.push(t) },
      marked,
    );
    expect(context.earlyDays).toBeUndefined();
    expect(warned).toEqual([]);
  });
});

describe("a rejection's advice", () => {
  test("the rejected payment read with its supplier, and the steps name the supplier's account and the mark", async () => {
    const { item } = await seededRejection();
    const [rejection] = await rejectionsOf(served.client, [item as Record<string, unknown>]);
    expect(rejection?.public_id).toBe(item.public_id);
    expect(typeof rejection?.supplier_id).toBe('number');
    const steps = nextSteps(rejection as NonNullable<typeof rejection>);
    expect(steps.at(-1)?.en).toBe(`condo payables mark ${item.public_id}`);
    expect(steps.map((s) => s.en).join('\n')).toContain(`condo suppliers update ${rejection?.supplier_id}`);
  });
});

describe("a batch's facts, as an approval binds them", () => {
  test("its file by hash, its total and payments, the suppliers it pays; another file's hash is refused", async () => {
    const { batch } = await seededRejection();
    const download = await served.client.batches.download(batch.public_id);
    const hash = createHash('sha256');
    for await (const chunk of download.body) hash.update(chunk as Uint8Array);
    const sha256 = hash.digest('hex');
    const about = { condominium: served.condominium, today: todayIn(new Date()) };
    const facts = await batchFacts(served.client, about, batch.public_id, sha256);
    expect(facts).toMatchObject({
      condominium: served.condominium,
      batch: batch.public_id,
      sha256,
      total_cents: Number(batch.total_amount),
      payments: Number(batch.payables_count),
      average_revenue_cents: null,
    });
    expect(facts.payees.length).toBeGreaterThan(0);
    expect(facts.largest_payment_cents).toBeGreaterThan(0);
    await expect(batchFacts(served.client, about, batch.public_id, '0'.repeat(64))).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});

describe('DDA files and file kinds, read by their path', () => {
  test("a bank's DDA gives its boletos, each at its line", async () => {
    const read = await readDdaFiles([DDA_FILE], {});
    expect(read.paths).toEqual([DDA_FILE]);
    expect(read.boletos.length).toBeGreaterThan(0);
    for (const b of read.boletos) {
      expect(b.barcode).toMatch(/^\d{44}$/);
      expect(b.file).toBe(DDA_FILE);
      expect(b.line).toBeGreaterThan(1);
    }
  });

  test('a file that is not a DDA is refused by its path, in both languages', async () => {
    const refusal = await readDdaFiles([COLLECTION_RETURN], {}).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(UsageError);
    expect((refusal as UsageError).text?.en).toMatch(/cobranca\.itau\.ret: not a DDA file but a collection/);
    expect((refusal as UsageError).text?.pt).toMatch(/não é um arquivo DDA/);
  });

  test("boleto payables as the DDA review sees them: each with its supplier's document", () => {
    const rows = boletoPayablesOf(
      [
        { public_id: 'A', forma_pagamento: 'boleto', supplier_id: 7, amount: 100, due_date: '2026-11-30' },
        { public_id: 'B', forma_pagamento: 'pix', supplier_id: 7, amount: 100, due_date: '2026-11-30' },
      ] as never,
      [{ id: 7, name: 'Elevadores Atlas', document: '11222333000181' }] as never,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        public_id: 'A',
        supplier_document: '11222333000181',
        payee: 'Elevadores Atlas',
      }),
    ]);
  });

  test('which kind a file is, and a CNAB verb refusing a statement', async () => {
    expect(await kindOf(COLLECTION_RETURN)).toBe('return');
    const statement = fixture('statements');
    const ofx = (await import('node:fs'))
      .readdirSync(statement, { recursive: true })
      .find((f) => /\.ofx$/i.test(String(f)));
    const ofxPath = `${statement}/${String(ofx)}`;
    expect(await kindOf(ofxPath)).toBe('statement');
    expect((await wrongKind(ofxPath, 'cnab'))?.en).toMatch(/bank statement/);
    expect((await readCnabFile(COLLECTION_RETURN)).service).toBe('collection');
  });
});

describe('cnab lint against the server: the paying account and the NSA', () => {
  test("a batch's own file passes; a wrong account digit is an error, an NSA the batches used is found", async () => {
    const { batch } = await seededRejection();
    const download = await served.client.batches.download(batch.public_id);
    const dir = await mkdtemp(join(tmpdir(), 'condo-lint-'));
    const path = join(dir, 'lote.rem');
    const chunks: Uint8Array[] = [];
    for await (const chunk of download.body) chunks.push(chunk as Uint8Array);
    await writeFile(path, Buffer.concat(chunks));
    try {
      // the NSA the batch was made with (a bank's dialect may not write it where the reader looks)
      const report = { ...(await lintCnabFile(path)), file_sequence: Number(batch.file_sequence) };
      const before = report.findings.length;
      await checkCompanyAccount(served.client, report);
      await checkSequence(served.client, path, report);
      // its own batch is left out of the NSA's comparison; its account is the condominium's
      expect(report.findings.length).toBe(before);
      const header = report.company_account;
      if (!header) throw new Error('the file names no paying account');
      const wrongDigit = {
        ...report,
        findings: [] as typeof report.findings,
        company_account: { ...header, digit: header.digit === '0' ? '1' : '0' },
      };
      await checkCompanyAccount(served.client, wrongDigit);
      expect(wrongDigit.findings.map((f) => [f.rule, f.severity])).toEqual([['company-account', 'error']]);
      // the same file under another name (another sha): its NSA is one the server's batches used
      const other = join(dir, 'copia.rem');
      await writeFile(other, Buffer.concat([...chunks, Buffer.from('\r\n')]));
      const again = { ...report, findings: [] as typeof report.findings };
      await checkSequence(served.client, other, again);
      expect(again.findings.map((f) => f.rule)).toEqual(['file-sequence']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
