import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { main, reportError } from '../../src/cli/program.js';
import { leafExpenseAccount, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/**
 * #28 point 8: every list and show verb read on an 80-column terminal, in English and in Portuguese, fits:
 * no line is wider than the terminal (measured with string-width, as a terminal draws it), and money is never
 * cut or broken across lines.
 */

let s: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await sandboxSession({ bills: true, condominiums: 4 });
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  const rejected = (await s.condo.json('payables list --rejected'))[0];
  ids.payable = rejected.public_id;
  await s.condo.run([
    'payables',
    'mark',
    ...(await s.condo.json('payables list --state pending')).map((p: any) => p.public_id),
  ]);
  await s.condo.run(['payables', 'mark', rejected.public_id]);
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  ids.batch = batch.public_id;
  ids.rem = join(s.condo.configDir, 'lote.rem');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', ids.rem]);
  ids.ret = join(s.condo.configDir, 'retorno.ret');
  await returnOnItsDate(s.condo, [ids.rem, '-O', ids.ret, '--reject-rate', '30%', '--seed', '7']);
  await s.condo.needsPerson(['batches', 'import-return', ids.ret]);
  // what the bank refused, marked again: the preview has payments and warnings to show
  await s.condo.run([
    'payables',
    'mark',
    ...(await s.condo.json('payables list --rejected')).map((p: any) => p.public_id),
  ]);
  ids.supplier = String((await s.condo.json('suppliers list'))[0].id);
  ids.invoice = (await s.condo.json('invoices list'))[0].public_id;
  ids.dda = join(s.condo.configDir, 'DDA.ret');
  await s.condo.ok(['sandbox', 'dda', '--data-dir', s.dataDir, '-O', ids.dda]);
  ids.budget = join(s.condo.configDir, 'orcamento.yaml');
  ids.dir = s.condo.configDir;
  await s.condo.ok(['sandbox', 'budget', '--data-dir', s.dataDir, '-O', ids.budget]);
  await writeFile(
    ids.budget,
    `${await readFile(ids.budget, 'utf8')}extras:
  - nome: Obra da fachada (AGE 12/08/2026, item 3)
    valor: 36.000,00
    parcelas: 12
    primeira: 01/2027
    conta: 1.1.01
    rateio: fracao
`,
  );
}, 120_000);
afterAll(() => s.close());

/** The CLI on a terminal 80 columns wide: what it printed on stdout and stderr. */
async function onTerminal(
  args: string[],
  lang: string,
  columns = 80,
): Promise<{ code: number; screen: string; messages: string }> {
  const chunks: string[] = [];
  const messages: string[] = [];
  const stdout = Object.assign(
    new Writable({
      write(chunk, _e, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY: true, columns },
  );
  const stderr = Object.assign(
    new Writable({
      write(chunk, _e, done) {
        messages.push(String(chunk));
        done();
      },
    }),
    { isTTY: true },
  );
  const io: Io = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    color: false,
    env: { ...s.condo.env, CI: '1' },
  };
  const argv = ['--lang', lang, ...args];
  const code = await main(argv, io).catch((e: unknown) => reportError(io, e, argv));
  // the view is what stdout shows; messages on stderr are lines a terminal wraps as it wraps any text
  return { code, screen: chunks.join(''), messages: messages.join('') };
}

const SCREENS: string[][] = [
  ['payables', 'list', '--all'],
  ['payables', 'list', '--rejected'],
  ['payables', 'show', '@payable'],
  ['batches', 'list'],
  ['batches', 'show', '@batch'],
  ['batches', 'create', '--dry-run', '--date', 'next-business-day'],
  ['cnab', 'inspect', '@rem'],
  ['cnab', 'inspect', '@ret'],
  ['report', 'month'],
  ['report', 'paid'],
  ['report', 'paid', '--by', 'supplier'],
  ['invoices', 'list'],
  ['invoices', 'show', '@invoice'],
  ['expenses', 'list'],
  ['ledger', 'entries'],
  ['ledger', 'chart'],
  ['ledger', 'summary', '--last', '3'],
  ['defaulters'],
  ['indexes'],
  ['suppliers', 'list'],
  ['suppliers', 'show', '@supplier'],
  ['units', 'list'],
  ['billing', 'plan', '--month', '01/2027', '--budget', '@budget', '-O', '@dir'],
  ['bank-accounts', 'list'],
  ['statements', 'list'],
  ['config', 'list'],
  ['auth', 'status'],
  ['--all-profiles', 'payables', 'list'],
  ['--all-profiles', 'report', 'month'],
  ['--all-profiles', 'batches', 'list'],
];

describe.each(['en', 'pt-BR'])('at 80 columns in %s', (lang) => {
  test.each(SCREENS.map((a) => [a.join(' ')]))('condo %s', async (line) => {
    const args = line.split(' ').map((a) => (a.startsWith('@') ? (ids[a.slice(1)] as string) : a));
    const { code, screen, messages } = await onTerminal(args, lang);
    expect(code, `${screen}${messages}`).toBe(0);
    const wide = screen.split('\n').filter((l) => stringWidth(l) > 80);
    expect(wide, `${line}:\n${screen}`).toEqual([]);
    // money is never cut: every R$ amount on screen is whole
    expect(screen).not.toMatch(/R\$ [\d.]*…|R\$\s*$/m);
  });
});

// #33: the DDA screens, whose exit is 1 when a boleto needs a person (the sandbox's DDA lists a postponed one)
describe.each(['en', 'pt-BR'])('the DDA at 80 columns in %s', (lang) => {
  test.each([['dda import @dda --dry-run'], ['dda check @dda'], ['cnab inspect @dda']])(
    'condo %s',
    async (line) => {
      if (!ids.dda) {
        ids.dda = join(s.condo.configDir, 'DDA.ret');
        await s.condo.ok(['sandbox', 'dda', '--data-dir', s.dataDir, '-O', ids.dda]);
      }
      const args = line.split(' ').map((a) => (a.startsWith('@') ? (ids[a.slice(1)] as string) : a));
      const { code, screen, messages } = await onTerminal(args, lang);
      expect([0, 1], `${screen}${messages}`).toContain(code);
      expect(screen).toMatch(/R\$ [\d.]+,\d\d/);
      const wide = screen.split('\n').filter((l) => stringWidth(l) > 80);
      expect(wide, `${line}:\n${screen}`).toEqual([]);
      expect(screen).not.toMatch(/R\$ [\d.]*…|R\$\s*$/m);
    },
  );
});

// #53 point 4: a firm's list stays a table at 80 columns, its dropped columns said; blocks only under about 60
describe('the firm at 80 columns', () => {
  test('payables list: a table, the columns left out named on stderr, the whole in tsv', async () => {
    const { code, screen, messages } = await onTerminal(
      ['--all-profiles', 'payables', 'list', '--all'],
      'pt-BR',
    );
    expect(code, messages).toBe(0);
    const [header, ...rows] = screen.trim().split('\n');
    // a state as long as "marcado p/ remessa" leaves no room for the payee: it goes too, last
    expect(header).toMatch(/^CONDOMÍNIO +ID +VENCIMENTO +VALOR +FAVORECIDO$/);
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.every((r) => /R\$ [\d.]+,\d\d/.test(r))).toBe(true);
    // (stderr is a terminal here: the line is wrapped at its width)
    expect(messages.replace(/\n\s*/g, ' ')).toContain(
      '(ESTADO, FORMA, DESCRIÇÃO: sem espaço em 80 colunas; -o tsv e --json trazem todas)',
    );
    const tsv = (await s.condo.ok('--all-profiles payables list --all')).trim().split('\n');
    expect(tsv[0]?.split('\t')).toHaveLength(8);
  });

  test('defaulters: a table ending in the TOTAL row, not a line per condominium', async () => {
    const { code, screen, messages } = await onTerminal(['--all-profiles', 'defaulters'], 'pt-BR');
    expect(code, messages).toBe(0);
    expect(screen.split('\n')[0]).toMatch(/^CONDOMÍNIO +UNIDADE/);
    expect(screen).toMatch(/^TOTAL +R\$ [\d.]+,\d\d/m);
    expect(messages).not.toMatch(/unidades?, \d+ cobranças/);
  });

  test('names and ids whole where the terminal has room; cut ones marked with …, and an id’s end is taken back', async () => {
    const wide = await onTerminal(['--all-profiles', 'defaulters'], 'pt-BR', 120);
    expect(wide.screen).toMatch(/residencial-jardim-botanico +│? *Bloco/);
    expect(wide.screen).not.toContain('…');
    const narrow = await onTerminal(['--all-profiles', 'batches', 'list'], 'pt-BR');
    const end = /…([0-9A-Z]{6,})/.exec(narrow.screen)?.[1];
    expect(end, narrow.screen).toBeDefined();
    // the end a firm's table shows is what `batches show` takes (with or without its …)
    const shown = await onTerminal(['batches', 'show', `…${end}`], 'pt-BR');
    expect(shown.code, shown.messages).toBe(0);
    expect(shown.screen).toMatch(new RegExp(`Lote +[0-9A-Z]{20}${end}`));
    // and a payable's, as a firm's payables list shows it
    const payables = await onTerminal(['--all-profiles', 'payables', 'list', '--all'], 'pt-BR');
    const payable = /…([0-9A-Z]{6,})/.exec(payables.screen)?.[1];
    expect(payable, payables.screen).toBeDefined();
    const seen = await onTerminal(['payables', 'show', `…${payable}`], 'pt-BR');
    expect(seen.code, seen.messages).toBe(0);
  });

  test('report month: the names take the width the table leaves, each keeping the end that tells it apart (#66)', async () => {
    const { code, screen, messages } = await onTerminal(['--all-profiles', 'report', 'month'], 'pt-BR');
    expect(code, messages).toBe(0);
    const [header = '', ...rows] = screen.trim().split('\n');
    // the width there is, used: it left 14 columns unused and narrowed names to `residencial-j…` (#66)
    expect(stringWidth(header)).toBeGreaterThanOrEqual(76);
    expect(screen.split('\n').filter((l) => stringWidth(l) > 80)).toEqual([]);
    const names = rows.filter((r) => !r.startsWith('TOTAL')).map((r) => r.split(/ {2,}/)[0] ?? '');
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    // a narrowed name keeps its end (what tells it apart), never its start cut off
    for (const name of names) expect(name, screen).toMatch(/^(…[a-z0-9-]+|[a-z0-9-]+)$/);
    expect(names.some((n) => n.endsWith('botanico'))).toBe(true);
    // with the names narrowed to what the table leaves, the closing balance is kept (it was left out)
    expect(header).toMatch(/SALDO FINAL$/);
    expect(messages.replace(/\n\s*/g, ' ')).toContain('(RECEITA, SALDO INICIAL: sem espaço em 80 colunas');
  });

  test('under about 60 columns the key columns cannot fit: a block per record, nothing cut', async () => {
    const { screen } = await onTerminal(['--all-profiles', 'payables', 'list', '--all'], 'en', 56);
    expect(screen.split('\n')[0]).toMatch(/^CONDOMINIUM +\S/);
    expect(screen).toMatch(/^ID +01[0-9A-Z]{24}$/m);
    expect(screen.split('\n').filter((l) => stringWidth(l) > 56)).toEqual([]);
  });
});

describe('Portuguese all the way (#53 point 6)', () => {
  test('a refusal is said by its code and reason: the method in Portuguese, the code kept', async () => {
    const chart = await leafExpenseAccount(s.condo);
    const cash = await s.condo.json(
      `payables create --payee Zelador --method cash --amount 120 --due +5d --description Gorjeta --chart-account ${chart}`,
    );
    const { code, screen } = await onTerminal(['payables', 'mark', cash.public_id], 'pt-BR');
    expect(code).toBe(2);
    // a record's line longer than the terminal goes on, indented, on the next: read as one, none wider than 80
    expect(screen.split('\n').filter((l) => stringWidth(l) > 80)).toEqual([]);
    expect(screen.replace(/\n {2}/g, ' ')).toContain(
      `✗ ${cash.public_id} not_remittable: pagamento em dinheiro é feito fora do arquivo do banco`,
    );
    // a script reads the server's own words
    const piped = await s.condo.run(['payables', 'mark', cash.public_id]);
    expect(piped.stdout).toContain('not_remittable: forma_pagamento cash is settled outside the bank file');
  });
});

describe('where a payment goes, read whole (#66)', () => {
  test('suppliers list at 80 columns in Portuguese: every bank account and PIX key whole, the key kinds in Portuguese', async () => {
    const { code, screen } = await onTerminal(['suppliers', 'list'], 'pt-BR');
    expect(code).toBe(0);
    expect(screen).not.toContain('…');
    expect(screen.split('\n').filter((l) => stringWidth(l) > 80)).toEqual([]);
    // a cell's text goes on over its own lines: each column, its lines read in order, holds every key and account
    const [header = '', ...lines] = screen.split('\n');
    const column = (from: string, to?: string) =>
      lines
        .map((l) => [...l].slice(header.indexOf(from), to ? header.indexOf(to) : undefined).join(''))
        .join('')
        .replace(/\s+/g, '');
    const banks = column('BANCO', 'PIX');
    const keys = column('PIX');
    for (const supplier of await s.condo.json('suppliers list')) {
      if (supplier.pix_key) expect(keys).toContain(String(supplier.pix_key));
      if (supplier.bank) expect(banks).toContain(String(supplier.bank.account));
    }
    expect(screen).toMatch(/telefone:|chave aleatória:|e-mail:/);
    expect(screen).not.toMatch(/\b(phone|random):/);
    // a script still reads the API's words
    expect(await s.condo.ok('suppliers list')).toMatch(/\t(cpf|cnpj|email|phone|random): /);
  });
});

describe('a batch at 80 columns (#66)', () => {
  test('batches show: its payables a table, not a block of six lines each; each return by its file and date', async () => {
    const { code, screen } = await onTerminal(['batches', 'show', ids.batch as string], 'pt-BR');
    expect(code).toBe(0);
    expect(screen.split('\n').filter((l) => stringWidth(l) > 80)).toEqual([]);
    expect(screen).toMatch(/^CONTA A PAGAR +ESTADO +VALOR +FAVORECIDO +RETORNO$/m);
    expect(screen).not.toMatch(/^ESTADO +\S/m); // a block's label
    // every payable of the batch on a row of its own, its id whole
    const batch = await s.condo.json(['batches', 'show', ids.batch as string]);
    for (const p of batch.payables) expect(screen).toMatch(new RegExp(`^${p.public_id} `, 'm'));
    expect(screen).toMatch(
      /^Retornos +retorno\.ret, \d\d\/\d\d\/\d{4} \d\d:\d\d: .*(pago|agendado|rejeitado) \d+/m,
    );
    expect(screen).not.toContain(' | ');
    // a script's line is as it was
    expect(await s.condo.ok(['batches', 'show', ids.batch as string])).toMatch(
      /^returns\tpaid \d+, scheduled \d+/m,
    );
  });
});

describe('names, not ids, on a person’s screen (#53)', () => {
  test('invoices list names each unit; a script keeps its id', async () => {
    const { screen } = await onTerminal(['invoices', 'list'], 'pt-BR');
    expect(screen.split('\n')[1]).toMatch(/ Bloco [A-Z] - \d+ /);
    const piped = (await s.condo.ok('invoices list')).split('\n')[0]?.split('\t')[2];
    expect(piped).toMatch(/^\d+$/);
  });
});

describe('the ledger from today back (#53 point 7)', () => {
  test('on a terminal the newest entries come first; a pipe gets them as they happened', async () => {
    const { screen } = await onTerminal(['ledger', 'entries', '--limit', '5'], 'en');
    const dates = screen
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => /\d\d\/\d\d\/\d{4}/.exec(l)?.[0]?.split('/').reverse().join('-'));
    const piped = (await s.condo.ok('ledger entries')).trim().split('\n');
    const last = piped.slice(-5).map((l) => l.split('\t')[1]);
    expect(dates).toEqual([...last].reverse());
    expect(dates).toEqual([...(dates as string[])].sort().reverse());
  });
});

// #67: a plan's components too long for headings at 80 columns are C1, C2… named under the table, never cut
test('billing plan at 80 columns in Portuguese: headings whole, the components named under the table', async () => {
  const { code, screen, messages } = await onTerminal(
    ['billing', 'plan', '--month', '01/2027', '--budget', ids.budget as string, '-O', ids.dir as string],
    'pt-BR',
  );
  expect(code, messages).toBe(0);
  const heading = screen.split('\n').find((l) => l.includes('UNIDADE')) ?? '';
  expect(heading.split(/[│\s]+/).filter(Boolean)).toEqual(['UNIDADE', 'C1', 'C2', 'TOTAL']);
  expect(messages).toContain('C1 Taxa condominial · C2 Obra da fachada (AGE 12/08/2026, item 3) (1/12)');
  expect(screen).toMatch(/^│ TOTAL\s/m);
  // a script keeps the names; Excel gets its CSV: a BOM, semicolons, decimal commas, the TOTAL row
  const csv = await s.condo.run([
    '--lang',
    'pt-BR',
    'billing',
    'plan',
    '--month',
    '01/2027',
    '--budget',
    ids.budget as string,
    '-O',
    ids.dir as string,
    '-o',
    'csv',
    '--excel',
  ]);
  const rows = csv.stdout.split(/\r?\n/).filter(Boolean);
  expect(rows[0]).toBe(
    '\uFEFFUNIDADE;FRAÇÃO;Taxa condominial;Obra da fachada (AGE 12/08/2026, item 3) (1/12);TOTAL;VENCIMENTO;ARREDONDAMENTO;ISENÇÃO',
  );
  expect(rows.at(-1)).toMatch(/^TOTAL;1,000000000;\d+,00;3000,00;\d+,00;;;$/);
  // a unit the rounding gave a cent says so in its row, with Excel's comma
  expect(rows.some((r) => r.includes(';Obra da fachada (AGE 12/08/2026, item 3) (1/12) +0,01;'))).toBe(true);
});
