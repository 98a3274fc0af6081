import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monotonicFactory } from 'ulid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SandboxStore, TEST_CONDOMINIUM } from '../../src/sandbox/index.js';
import { CONDO_BIN, type Session, sandboxSession } from './harness.js';
import { storedPayable } from './stored-payables.js';

/**
 * #32 point 5: a list read to its end into a pipe (tsv, csv, JSON) is written page by page as the pages arrive,
 * never held whole, and says nothing different for it: every row once, in the server's order, JSON one array on
 * one line. A person watching the pipe fill sees on their terminal how far it got.
 */

const EXTRA = 260; // three pages of 100
let s: Session;

function seedPayables(store: SandboxStore): void {
  store.write(TEST_CONDOMINIUM, (tx) => {
    const account = tx.chartAccounts
      .find()
      .find((a) => a.type === 'expense' && a.code.split('.').length === 3);
    if (!account) throw new Error('the seed lacks an expense account');
    const id = monotonicFactory();
    const now = new Date().toISOString();
    for (let i = 0; i < EXTRA; i++) {
      tx.payables.insert(
        storedPayable({
          public_id: id(),
          supplier_id: null,
          chart_of_accounts_id: account.id,
          payee_name: `Fornecedor ${i}`,
          amount: 1_000 + i,
          forma_pagamento: 'cash',
          due_date: `2031-0${(i % 9) + 1}-15`,
          description: `Item ${i}`,
          state: 'pending',
          created_at: now,
        }),
      );
    }
  });
}

beforeAll(async () => {
  s = await sandboxSession({ prepare: seedPayables });
});
afterAll(() => s.close());

/** Every payable, page by page, as the API gives them (the oracle: `condo api` reads one page per call). */
async function everyPayable(): Promise<{ public_id: string }[]> {
  const all: { public_id: string }[] = [];
  for (let page = 1; ; page++) {
    const body = JSON.parse(await s.condo.ok(['api', 'GET', `payables?per_page=100&page=${page}`]));
    all.push(...body.data);
    if (page >= body.meta.last_page) return all;
  }
}

describe('a list read to its end into a pipe', () => {
  test('tsv and JSON have every row once, in the API order; JSON is one array on one line', async () => {
    const expected = (await everyPayable()).map((p) => p.public_id);
    expect(expected.length).toBeGreaterThanOrEqual(EXTRA);
    const tsv = await s.condo.ok('payables list');
    expect(
      tsv
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(expected);
    const json = await s.condo.ok('--json payables list --all');
    expect(json.endsWith(']\n')).toBe(true);
    expect(json.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(json).map((p: { public_id: string }) => p.public_id)).toEqual(expected);
    const csv = await s.condo.ok('-o csv payables list --all');
    expect(csv.trimEnd().split('\n')).toHaveLength(expected.length + 1); // and its header
  });

  test('--json FIELD,FIELD selects on every row; --limit stops where it says, and says so', async () => {
    const picked = JSON.parse(await s.condo.ok('--json public_id,amount payables list --all'));
    expect(picked.length).toBeGreaterThanOrEqual(EXTRA);
    for (const p of picked) expect(Object.keys(p)).toEqual(['public_id', 'amount']);
    const limited = await s.condo.run('payables list --limit 130');
    expect(limited.exitCode).toBe(0);
    expect(limited.stdout.trimEnd().split('\n')).toHaveLength(130);
    expect(limited.stderr).toMatch(/Showing 130 of \d+ \(--limit 130\)/);
    const unknown = await s.condo.run('--json nope payables list --all');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('--json: unknown field "nope"');
  });

  test('a terminal watching the pipe fill sees how many rows came, on stderr; the file has only the rows', async () => {
    const out = join(s.condo.configDir, 'payables.tsv');
    const command = `'${process.execPath}' '${CONDO_BIN}' payables list --all > '${out}'`;
    const { NO_COLOR: _n, CI: _c, ...env } = s.condo.env;
    const screen = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qefc', `stty rows 24 cols 80; ${command}`, '/dev/null'], {
        env: { ...env, TERM: 'xterm' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
    });
    const rows = (await readFile(out, 'utf8')).trimEnd().split('\n');
    expect(rows.length).toBeGreaterThanOrEqual(EXTRA);
    expect(screen).toMatch(new RegExp(`rows .*${rows.length}/${rows.length}`));
    expect(rows.every((line) => !line.includes('rows'))).toBe(true);
  });
});
