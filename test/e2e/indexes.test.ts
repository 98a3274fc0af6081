import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/**
 * #69 point 2: an index's months and their tables (`condo indexes show`), an official table imported and kept with
 * its hash (`condo indexes import`), and the sandbox's values beyond its real data, marked as made up.
 */
const TJSP = 'test/fixtures/indexes/tjsp-tabela-debitos-judiciais-2023-03.csv';
let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

describe('index tables', () => {
  test('the TJSP table imported: kept under the config folder with its SHA-256, its factors shown and used', async () => {
    const done = await s.condo.json(['indexes', 'import', TJSP]);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256')
      .update(await readFile(TJSP))
      .digest('hex');
    expect(done).toMatchObject({
      code: 'TJSP',
      kind: 'factors',
      first: '1964-10',
      last: '2023-03',
      months: 702,
      sha256: sha,
    });
    expect(done.kept).toBe(join(s.condo.configDir, 'indexes', 'TJSP.json'));
    const shown = await s.condo.json(['indexes', 'show', 'TJSP', '--from', '01/2023', '--to', '03/2023']);
    expect(shown.months.map((m: { value: string }) => m.value)).toEqual([
      '89,838289',
      '90,251545',
      '90,946481',
    ]);
    expect(shown.months[2].source).toContain(`sha256 ${sha.slice(0, 12)}`);
    // a second import replaces the table, and says so
    const again = await s.condo.run(['--lang', 'pt-BR', 'indexes', 'import', TJSP]);
    expect(again.stderr).toContain('no lugar de uma tabela de 702 meses');
  });

  test('a BCB series needs --index; a gap in its months is refused at its line and nothing is kept', async () => {
    const file = join(s.condo.configDir, '..', 'selic.csv');
    await writeFile(file, '"data";"valor"\n"01/08/2024";"0,87"\n"01/10/2024";"0,93"\n');
    const unnamed = await s.condo.run(['indexes', 'import', file]);
    expect(unnamed.exitCode).toBe(2);
    expect(unnamed.stderr).toContain('a BCB series does not name itself: say which with --index');
    const gap = await s.condo.run(['indexes', 'import', file, '--index', 'SELIC']);
    expect(gap.exitCode).toBe(2);
    expect(gap.stderr.trim()).toBe(
      `error: ${file}: line 3: 10/2024 follows 08/2024: the months between are missing`,
    );
    const shown = await s.condo.json(['indexes', 'show', 'SELIC', '--from', '08/2024', '--to', '08/2024']);
    // nothing imported: the month is the sandbox's, made up
    expect(shown.months[0]).toMatchObject({ month: '2024-08', made_up: true, value: '0,87' });
  });

  test("the shipped IPCA, then the sandbox's made-up months up to today, each marked", async () => {
    const today = s.today();
    const show = ['--lang', 'pt-BR', 'indexes', 'show', 'IPCA', '--from', '11/2025', '--to', '02/2026'];
    const r = await s.condo.run(['--json', ...show]);
    expect(r.exitCode, r.stderr).toBe(0);
    const months = JSON.parse(r.stdout).months as {
      month: string;
      value: string;
      made_up: boolean;
      source: string;
    }[];
    expect(months[0]).toMatchObject({ month: '2025-11', value: '0,18', made_up: false });
    expect(months[0]?.source).toContain(
      'IBGE (dados públicos) via github.com/investash/inflacao@777d32b (MIT)',
    );
    if (today >= '2026-02-01') {
      expect(months[2]).toMatchObject({ month: '2026-01', made_up: true });
      expect(months[2]?.source).toBe('servidor: valores inventados pelo sandbox, após os seus dados reais');
      const screen = await s.condo.run(show);
      expect(screen.stderr).toContain('inventado(s) pelo sandbox');
    }
    // the API itself: a month is YYYY-MM, an index it has no values of is a 404 naming it
    const api = await s.condo.run(['api', 'GET', '/monetary-indexes/IGPM/values']);
    expect(api.exitCode).toBe(4);
    expect(api.stderr).toMatch(/monetary index not found/);
  });
});
