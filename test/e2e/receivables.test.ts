import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONDO_BIN, condoIn, type Session, sandboxSession } from './harness.js';

/**
 * Invoices, expenses, ledger writes, defaulters and indexes through the built CLI against a real sandbox. The
 * boleto and PIX checks below are written here, independently of src/formats, so a shared bug cannot hide.
 */

let s: Session;
let unitId: number;
let paymentAccount: number;
let reserveAccount: number;
let revenueAccount: number;
let expenseAccount: number;
let today: string;

const cents = (reais: number | string) => Math.round(Number(reais) * 100);
const sumCents = (rows: any[], field = 'amount') => rows.reduce((n, r) => n + cents(r[field]), 0);
const leaf = (a: any) => String(a.code).split('.').length === 3;

beforeAll(async () => {
  s = await sandboxSession();
  unitId = (await s.condo.json('units list'))[0].id;
  const banks = await s.condo.json('bank-accounts list');
  paymentAccount = banks.find((b: any) => b.is_payment_account).id;
  reserveAccount = banks.find((b: any) => !b.is_payment_account).id;
  revenueAccount = (await s.condo.json('ledger chart --type revenue --state active')).find(leaf).id;
  expenseAccount = (await s.condo.json('ledger chart --type expense --state active')).find(leaf).id;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
});
afterAll(() => s?.close());

// ---------------------------------------------------------------------------------------------------------
// Independent checks: FEBRABAN linha digitável (mod 10 per field, mod 11 on the barcode) and CRC16-CCITT.

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Checks a 47-digit linha digitável and returns the 44-digit barcode it encodes. */
function checkLinha(linha: string): string {
  expect(linha).toMatch(/^\d{47}$/);
  const fields: Array<[number, number]> = [
    [0, 9],
    [10, 20],
    [21, 31],
  ];
  for (const [start, dvAt] of fields) expect(mod10(linha.slice(start, dvAt))).toBe(Number(linha[dvAt]));
  const barcode =
    linha.slice(0, 4) +
    linha[32] +
    linha.slice(33, 47) +
    linha.slice(4, 9) +
    linha.slice(10, 20) +
    linha.slice(21, 31);
  expect(mod11(barcode.slice(0, 4) + barcode.slice(5))).toBe(Number(barcode[4]));
  return barcode;
}

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

const hasScript = spawnSync('script', ['--version']).status === 0;

/** Runs a command line under script(1), so the CLI's stdout is a terminal; resolves with what it printed. */
function inPty(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: s.condo.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
  });
}

// ---------------------------------------------------------------------------------------------------------

const invoiceArgs = (extra = '') =>
  `invoices create --unit ${unitId} --bank-account ${paymentAccount} --due +10d --subtotal 850,00 ${extra}`;

describe('invoices', () => {
  test('create (total computed in cents), list, show, issue, payment with a valid boleto and PIX', async () => {
    const inv = await s.condo.json(
      invoiceArgs(`--fine 17,00 --interest 3,40 --correction 0,01 --discount 10 --billing-type boleto_pix`),
    );
    expect(inv).toMatchObject({
      state: 'draft',
      unit_id: unitId,
      subtotal: 850,
      fine_amount: 17,
      interest_amount: 3.4,
      monetary_correction_amount: 0.01,
      discount_amount: 10,
      total: 860.41,
      billing_type: 'BOLETO_PIX',
    });
    expect(inv.public_id).toMatch(/^[0-9A-Z]{26}$/);

    const drafts = await s.condo.json(`invoices list --state draft --unit ${unitId} --all`);
    expect(drafts.map((i: any) => i.public_id)).toContain(inv.public_id);
    const shown = await s.condo.ok(['-o', 'table', 'invoices', 'show', inv.public_id.toLowerCase()]);
    expect(shown).toContain(inv.public_id);
    expect(shown).toContain('R$ 860,41');

    const unissued = await s.condo.run(`invoices payment ${inv.public_id}`);
    expect(unissued.exitCode).not.toBe(0);

    const issued = await s.condo.json(`invoices issue ${inv.public_id}`);
    expect(issued.state).toBe('issued');
    expect((await s.condo.json(`invoices list --state issued --all`)).map((i: any) => i.public_id)).toContain(
      inv.public_id,
    );

    const payment = await s.condo.json(`invoices payment ${inv.public_id}`);
    const barcode = checkLinha(payment.boleto.linha_digitavel);
    expect(barcode).toBe(payment.boleto.barcode);
    expect(barcode.slice(9, 19)).toBe('0000086041'); // the value field: the total in cents
    expect(payment.boleto.url).toMatch(/^https?:\/\//);
    const pix: string = payment.pix.payload;
    expect(pix.slice(-8, -4)).toBe('6304');
    expect(pix.slice(-4)).toBe(crc16(pix.slice(0, -4)));
    const fields = tlv(pix);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('860.41');
    expect(tlv(fields.get('62') ?? '').get('05')).toBe(payment.pix.txid);

    // Piped (no TTY): the formatted linha, the URL and the copia e cola, and no QR code.
    const text = await s.condo.ok(`invoices payment ${inv.public_id}`);
    const l = payment.boleto.linha_digitavel as string;
    const formatted = `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l[32]} ${l.slice(33)}`;
    expect(text).toContain(formatted);
    expect(text).toContain(payment.boleto.url);
    expect(text).toContain(pix);
    expect(text).not.toMatch(/[█▀▄]/);

    // On a terminal (script(1) gives the CLI a pty), table output also draws the PIX QR code.
    if (hasScript) {
      const tty = await inPty(`${process.execPath} ${CONDO_BIN} invoices payment ${inv.public_id}`);
      expect(tty).toContain(formatted);
      expect(tty).toMatch(/Linha digitável/);
      expect(tty).toMatch(/[█▀▄]{20}/);
    }
  });

  test('the totals rule: a --total that does not add up is refused locally (exit 2, nothing sent)', async () => {
    const before = (await s.condo.json('invoices list --all')).length;
    const r = await s.condo.run(invoiceArgs('--fine 10 --total 850,00'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--total: R\$ 850,00 does not add up.*R\$ 860,00/);
    expect(r.stderr).not.toMatch(/request id/);
    const negative = await s.condo.run(invoiceArgs('--discount 900'));
    expect(negative.exitCode).toBe(2);
    expect(negative.stderr).toMatch(/--total/);
    const badType = await s.condo.run(invoiceArgs('--billing-type cheque'));
    expect(badType.exitCode).toBe(2);
    expect(badType.stderr).toMatch(/--billing-type/);
    expect((await s.condo.json('invoices list --all')).length).toBe(before);
  });

  test('a file whose totals do not add up reaches the server: its 422 is exit 2 with the request id', async () => {
    const file = join(s.condo.configDir, 'invoice.json');
    await writeFile(
      file,
      JSON.stringify({
        unit_id: unitId,
        bank_account_id: paymentAccount,
        due_date: '2031-03-10',
        subtotal: 100,
        fine_amount: 2,
        total: 100,
      }),
    );
    const r = await s.condo.run(['invoices', 'create', '--from-file', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/validation_failed/);
    expect(r.stderr).toMatch(/request id [A-Za-z0-9_-]+/);

    await writeFile(
      file,
      JSON.stringify([
        {
          unit_id: unitId,
          bank_account_id: paymentAccount,
          due_date: '2031-03-10',
          subtotal: 100,
          total: 100,
        },
        {
          unit_id: unitId,
          bank_account_id: paymentAccount,
          due_date: '2031-04-10',
          subtotal: 99.9,
          total: 99.9,
        },
      ]),
    );
    const many = await s.condo.json(['invoices', 'create', '--from-file', file]);
    expect(many.map((x: any) => [x.ok, x.data.total])).toEqual([
      [true, 100],
      [true, 99.9],
    ]);

    await writeFile(file, JSON.stringify({ unit_id: unitId, subtotal: 100.001, total: 100 }));
    const local = await s.condo.run(['invoices', 'create', '--from-file', file]);
    expect(local.exitCode).toBe(2);
    expect(local.stderr).toMatch(/subtotal must have at most two decimals/);
    expect(local.stderr).toMatch(/bank_account_id is required/);
  });
});

describe('expenses', () => {
  test('create a paid expense (a ledger entry in the open period) and list it by its filters', async () => {
    const e = await s.condo.json(
      `expenses create --chart-account ${expenseAccount} --amount 1.234,56 --description 'Troca de lâmpadas' --due today --paid today --bank-account ${paymentAccount} --method pix --document 'NF 77'`,
    );
    expect(e).toMatchObject({
      amount: 1234.56,
      paid_at: today,
      due_at: today,
      payment_method: 'pix',
      document_number: 'NF 77',
      installment: null,
    });
    expect(e.entry_id).toEqual(expect.any(Number));
    const listed = await s.condo.json(
      `expenses list --chart-account ${expenseAccount} --paid-from today --paid-to today --all`,
    );
    expect(listed.map((x: any) => x.id)).toContain(e.id);
  });

  test("a paid date in a month long closed is the server's period_closed: exit 2", async () => {
    const r = await s.condo.run(
      `expenses create --chart-account ${expenseAccount} --amount 10 --description 'Antiga' --due 2020-01-10 --paid 2020-01-15`,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/period_closed/);
    expect(r.stderr).toMatch(/request id/);
  });

  test('installments: the schedule shown first, created exactly, the 31st becoming the last day', async () => {
    const r = await s.condo.run(
      `--json expenses installments --count 5 --total 1.000,03 --first-due 2031-01-31 --chart-account ${expenseAccount} --description 'Reforma da fachada'`,
    );
    expect(r.exitCode).toBe(0);
    // the schedule went to stderr before anything was sent (no TTY: no question asked)
    expect(r.stderr).toMatch(/1\/5\t2031-01-31\t200\.01/);
    expect(r.stderr).toMatch(/5\/5\t2031-05-31\t200\.00/);
    const created = JSON.parse(r.stdout);
    expect(created.map((e: any) => [e.installment.number, e.due_at, e.amount])).toEqual([
      [1, '2031-01-31', 200.01],
      [2, '2031-02-28', 200.01],
      [3, '2031-03-31', 200.01],
      [4, '2031-04-30', 200],
      [5, '2031-05-31', 200],
    ]);
    expect(sumCents(created)).toBe(100_003);
    expect(new Set(created.map((e: any) => e.installment.group_id)).size).toBe(1);
    expect(r.stderr).not.toMatch(/different/);

    const listed = (await s.condo.json(`expenses list --chart-account ${expenseAccount} --all`)).filter(
      (e: any) => e.installment?.group_id === created[0].installment.group_id,
    );
    expect(sumCents(listed)).toBe(100_003);
  });

  test('installments every N days', async () => {
    const created = await s.condo.json(
      `expenses installments --count 3 --total 100 --first-due 2031-02-20 --interval-days 15 --chart-account ${expenseAccount} --description Pintura --yes`,
    );
    expect(created.map((e: any) => [e.due_at, e.amount])).toEqual([
      ['2031-02-20', 33.34],
      ['2031-03-07', 33.33],
      ['2031-03-22', 33.33],
    ]);
  });

  test('--dry-run prints the schedule and exits 0 without credentials', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'condo-nocreds-'));
    try {
      const bare = condoIn(dir);
      const args = `expenses installments --count 3 --total 100 --first-due 2032-01-31 --chart-account 9 --description X --dry-run`;
      const schedule = await bare.json(args);
      expect(schedule).toEqual([
        { number: 1, count: 3, due_at: '2032-01-31', amount: 33.34 },
        { number: 2, count: 3, due_at: '2032-02-29', amount: 33.33 },
        { number: 3, count: 3, due_at: '2032-03-31', amount: 33.33 },
      ]);
      const tsv = await bare.ok(args);
      expect(tsv.trim().split('\n')).toEqual([
        '1/3\t2032-01-31\t33.34',
        '2/3\t2032-02-29\t33.33',
        '3/3\t2032-03-31\t33.33',
      ]);
      const tooSmall = await bare.run(
        'expenses installments --count 3 --total 0,02 --first-due 2032-01-31 --chart-account 9 --description X --dry-run',
      );
      expect(tooSmall.exitCode).toBe(2);
      expect(tooSmall.stderr).toMatch(/--total/);
      const badCount = await bare.run(
        'expenses installments --count 61 --total 100 --first-due 2032-01-31 --chart-account 9 --description X --dry-run',
      );
      expect(badCount.exitCode).toBe(2);
      expect(badCount.stderr).toMatch(/--count/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('ledger writes', () => {
  test('entries create: a revenue entry in the open period; a closed month is period_closed', async () => {
    const e = await s.condo.json(
      `ledger entries create --type revenue --chart-account ${revenueAccount} --amount 321,09 --description 'Aluguel do salão' --paid today --bank-account ${reserveAccount} --unit ${unitId}`,
    );
    expect(e).toMatchObject({
      type: 'revenue',
      amount: 321.09,
      paid_at: today,
      period: today.slice(0, 7),
      source: 'manual',
      bank_account_id: reserveAccount,
      unit_id: unitId,
    });
    const listed = await s.condo.json(`ledger entries --type revenue --from today --to today --all`);
    expect(listed.map((x: any) => x.id)).toContain(e.id);
    const closed = await s.condo.run(
      `ledger entries create --type revenue --chart-account ${revenueAccount} --amount 1 --description Velho --paid 2020-03-01`,
    );
    expect(closed.exitCode).toBe(2);
    expect(closed.stderr).toMatch(/period_closed/);
    const bad = await s.condo.run('ledger entries create --type income --amount 1');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--type/);
  });

  test('transfer moves both balances; the same account on both sides is a usage error', async () => {
    const balances = async () =>
      new Map<number, number>(
        (await s.condo.json('bank-accounts list')).map((b: any) => [b.id, cents(b.current_balance)]),
      );
    const before = await balances();
    const t = await s.condo.json(
      `ledger transfer --from ${paymentAccount} --to ${reserveAccount} --amount 1.000,50 --date today --chart-account ${expenseAccount} --description 'Aporte fundo de reserva'`,
    );
    expect(t.transfer_id).toBeTruthy();
    expect(t.outgoing).toMatchObject({ type: 'expense', amount: 1000.5, bank_account_id: paymentAccount });
    expect(t.incoming).toMatchObject({ type: 'revenue', amount: 1000.5, bank_account_id: reserveAccount });
    const after = await balances();
    expect(after.get(paymentAccount)! - before.get(paymentAccount)!).toBe(-100_050);
    expect(after.get(reserveAccount)! - before.get(reserveAccount)!).toBe(100_050);

    const same = await s.condo.run(
      `ledger transfer --from ${paymentAccount} --to ${paymentAccount} --amount 1 --date today --chart-account ${expenseAccount}`,
    );
    expect(same.exitCode).toBe(2);
    expect(same.stderr).toMatch(/--to/);
    expect(same.stderr).not.toMatch(/request id/);
  });

  test('summary: per chart account and per bank account, equal to the sums of the month entries', async () => {
    const month = today.slice(0, 7);
    const summary = await s.condo.json(`ledger summary --month ${month}`);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const entries = await s.condo.json(`ledger entries --from ${month}-01 --to ${month}-${last} --all`);
    expect(entries.length).toBeGreaterThan(0);
    const revenue = entries.filter((e: any) => e.type === 'revenue');
    const expense = entries.filter((e: any) => e.type === 'expense');
    expect(cents(summary.total_revenue)).toBe(sumCents(revenue));
    expect(cents(summary.total_expense)).toBe(sumCents(expense));
    expect(cents(summary.net)).toBe(sumCents(revenue) - sumCents(expense));
    for (const [side, rows] of [
      ['revenue', revenue],
      ['expense', expense],
    ] as const) {
      for (const acc of summary[side]) {
        const mine = rows.filter((e: any) => e.chart_of_accounts_id === acc.chart_of_accounts_id);
        expect(cents(acc.total)).toBe(sumCents(mine));
        expect(acc.code).toEqual(expect.any(String));
      }
      expect(new Set(summary[side].map((a: any) => a.chart_of_accounts_id))).toEqual(
        new Set(rows.map((e: any) => e.chart_of_accounts_id)),
      );
    }
    for (const b of summary.by_bank_account) {
      const mine = entries.filter((e: any) => (e.bank_account_id ?? null) === b.bank_account_id);
      expect(cents(b.in)).toBe(sumCents(mine.filter((e: any) => e.type === 'revenue')));
      expect(cents(b.out)).toBe(sumCents(mine.filter((e: any) => e.type === 'expense')));
      expect(cents(b.net)).toBe(cents(b.in) - cents(b.out));
    }
    const table = await s.condo.ok(['-o', 'table', 'ledger', 'summary', '--month', month]);
    expect(table).toContain(`Ledger ${month}`);
    expect(table).toContain('Net');
    const bad = await s.condo.run('ledger summary --month 2026-13');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--month/);
  });
});

describe('defaulters and indexes', () => {
  test('defaulters: rows per unit and a totals line that adds them up', async () => {
    const rows = await s.condo.json('defaulters');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r).toMatchObject({
        unit_id: expect.any(Number),
        unit_label: expect.any(String),
        invoices: expect.any(Number),
        oldest_due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        days_overdue: expect.any(Number),
      });
    }
    const units = rows.length;
    const invoices = rows.reduce((n: number, r: any) => n + r.invoices, 0);
    const total = sumCents(rows, 'total_outstanding');
    const reais = `R$ ${Math.trunc(total / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(total % 100).padStart(2, '0')}`;
    const table = await s.condo.ok(['-o', 'table', 'defaulters']);
    expect(table).toContain(`${units} units, ${invoices} invoices, ${reais} outstanding`);
    const piped = await s.condo.run('defaulters --header');
    expect(piped.stdout.split('\n')[0]).toBe(
      ['UNIT', 'BLOCK', 'INVOICES', 'OUTSTANDING', 'OLDEST DUE', 'DAYS OVERDUE'].join('\t'),
    );
    expect(piped.stderr).toContain(`${units} units`);

    const late = await s.condo.json('defaulters --min-days 60');
    expect(late.every((r: any) => r.days_overdue >= 60)).toBe(true);
    const big = await s.condo.json(['defaulters', '--min-amount', '1.000,00']);
    expect(big.every((r: any) => cents(r.total_outstanding) >= 100_000)).toBe(true);
    const bad = await s.condo.run('defaulters --min-amount 1,234');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--min-amount/);
  });

  test('indexes lists IPCA, IGPM, INPC, INCC and TJSP', async () => {
    const rows = await s.condo.json('indexes');
    expect(rows.map((r: any) => r.code)).toEqual(
      expect.arrayContaining(['IPCA', 'IGPM', 'INPC', 'INCC', 'TJSP']),
    );
    for (const r of rows) expect(r).toMatchObject({ name: expect.any(String), source: expect.any(String) });
    const tsv = await s.condo.ok('indexes');
    expect(tsv.split('\n')[0]?.split('\t')[0]).toMatch(/^[A-Z]+$/);
    expect((await s.condo.ok('indexes --header')).split('\n')[0]).toBe('CODE\tNAME\tSOURCE\tPERIODICITY');
  });
});
