import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readDdaFiles } from '../../../src/app/dda-files.js';
import { checkLine, importDdaFiles, needsPerson, reviewDdaFiles } from '../../../src/app/dda-import.js';
import type { DdaBoletoFinding } from '../../../src/domain/dda.js';
import { UsageError } from '../../../src/domain/errors.js';
import { servedSandbox } from './served.js';

/** `dda check` and `dda import` as the product decides them (#72 point 1: was cli/commands/dda.ts's). */
const served = servedSandbox();
const BRADESCO_DDA = fileURLToPath(
  new URL('../../fixtures/corpus/dda/s2way__cnab240-nodejs/Retorno-DDA-Bradesco.RET', import.meta.url),
);
const words = { state: (s: string) => `[${s}]`, command: (l: string) => l, today: '2026-12-03' };

describe("a DDA file beside the condominium's payables", () => {
  test("another company's DDA is refused naming its CNPJ, before anything is written, import or check", async () => {
    const read = await readDdaFiles([BRADESCO_DDA], {});
    const check = reviewDdaFiles(served.client, read);
    await expect(check).rejects.toBeInstanceOf(UsageError);
    await expect(check).rejects.toThrow(/this DDA is for CNPJ .*; nothing was done$/);
    const opts = { dryRun: false, chartAccount: undefined, applyChanges: false, createSuppliers: true };
    await expect(importDdaFiles(served.client, read, opts, words)).rejects.toBeInstanceOf(UsageError);
  });
});

describe("a boleto's line as a check says it", () => {
  const boleto = {
    file: 'DDA.ret',
    line: 3,
    barcode: '2'.repeat(44),
    beneficiary_name: 'JARDINS',
    beneficiary_document: '12345678000199',
    due_date: '2026-12-10',
    amount_cents: 12_345,
  };
  const twin = { public_id: 'P2', state: 'pending' };
  test('entered twice names the other payables in the state words it is given, and needs a person', () => {
    const f = { status: 'entered', boleto, payable: { public_id: 'P1' }, twins: [twin], changes: [] };
    const line = checkLine(f as unknown as DdaBoletoFinding, words.state);
    expect(line).toMatchObject({ status: 'entered twice', payable_id: 'P1', amount_cents: 12_345 });
    expect(line.note.en).toBe('also entered as P2 (pending): the same bill twice; delete the one not to pay');
    expect(line.note.pt).toContain('P2 ([pending])');
    expect(needsPerson([line], [])).toBe(true);
    const entered = checkLine({ ...f, twins: [] } as unknown as DdaBoletoFinding, words.state);
    expect(needsPerson([entered], [])).toBe(false);
  });
});
