import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { englishLines } from '../english.js';
import { condoIn } from './harness.js';

/**
 * #31 point 4: no half-translated line reaches a user. The demo runs the month a firm runs (payables, the
 * remittance and its file, the bank's return, the statement, invoices, defaulters, the ledger, a firm's profiles)
 * through the real CLI; in pt-BR, every line of it, on stdout and stderr, is Portuguese but for its data.
 */
test('the whole demo in pt-BR: not one line in English', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-pt-demo-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const condo = condoIn(join(root, 'config'), { TMPDIR: root });
  const r = await condo.run(['--lang', 'pt-BR', 'demo']);
  expect(r.exitCode, r.stderr).toBe(0);
  // the story ran: its chapters and its last line are there, in Portuguese
  expect(r.stdout).toContain('━━ A remessa do mês');
  expect(r.stdout).toContain('Demonstração concluída');
  expect(r.stdout.split('\n').length).toBeGreaterThan(400);
  expect(englishLines(`${r.stdout}\n${r.stderr}`)).toEqual([]);
});
