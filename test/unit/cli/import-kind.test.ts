import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kindOf } from '../../../src/cli/commands/import.js';
import { corpusDir, manifest } from '../../corpus.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-kind-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('condo import tells a return from a statement by its content, not its name', () => {
  test('a CNAB 240 file header, whatever the file is called', async () => {
    const path = join(dir, '2026-11-24');
    await writeFile(path, `34100000${' '.repeat(232)}\r\n${'3'.repeat(240)}\r\n`);
    expect(await kindOf(path)).toBe('return');
  });

  test('OFX (SGML or XML) and CSV are statements', async () => {
    const sgml = join(dir, 'a.ret');
    await writeFile(sgml, 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX></OFX>\n');
    const csv = join(dir, 'b');
    await writeFile(csv, 'Data;Histórico;Valor\n01/11/2026;TARIFA;-10,00\n');
    expect(await kindOf(sgml)).toBe('statement');
    expect(await kindOf(csv)).toBe('statement');
  });

  test('every CNAB 240 file of the corpus is one, every statement is a statement', async () => {
    // the malformed ones are refused by the reader, with a line number, whatever they are taken for
    for (const row of manifest('cnab240').filter((r) => !r.notes?.includes('MALFORMED')))
      expect([row.local_path, await kindOf(join(corpusDir('cnab240'), row.local_path as string))]).toEqual([
        row.local_path,
        'return',
      ]);
    for (const row of manifest('statements').filter((r) => !r.notes?.includes('MALFORMED')))
      expect([row.local_path, await kindOf(join(corpusDir('statements'), row.local_path as string))]).toEqual(
        [row.local_path, 'statement'],
      );
  });

  test('a file that is not there is a usage error naming it', async () => {
    await expect(kindOf(join(dir, 'nope'))).rejects.toThrow(/nope: no such file/); // it said 'not a readable file' (#66)
  });
});
