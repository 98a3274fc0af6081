import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { leafExpenseAccount, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/** The monthly remittance run through the built CLI: payables -> CNAB 240 -> bank return -> ledger. */

let s: Session;
let dir: string;
const seu = (publicId: string) => publicId.slice(-20);

beforeAll(async () => {
  s = await sandboxSession();
  dir = s.condo.configDir;
});
afterAll(() => s.close());

function boletoLinha(bankCode: string, amountCents: number): string {
  return buildBoleto({ bankCode, dueDate: '2031-05-10', amountCents, freeField: '1090000123400012345678000' })
    .linhaDigitavel;
}

async function paymentAccount(): Promise<{ id: number; balance: number }> {
  const accounts = await s.condo.json('bank-accounts list');
  const a = accounts.find((x: any) => x.is_payment_account);
  return { id: a.id, balance: Math.round(a.current_balance * 100) };
}

describe('the monthly remittance run', () => {
  test('every forma remitted, one rejected and the rest paid, the ledger written; a re-import changes nothing; the rejected one paid in a second batch', async () => {
    const suppliers = await s.condo.json('suppliers list');
    const withBank = suppliers.find((x: any) => x.bank && x.document);
    const withPix = suppliers.find((x: any) => x.pix_key && x.document);
    const account = await leafExpenseAccount(s.condo);
    const create = async (flags: string) =>
      s.condo.json(
        `payables create --chart-account ${account} --due +10d --description 'Conta do mês' ${flags}`,
      );

    const pix = await create(`--supplier ${withPix.id} --method pix --amount 1.111,11`);
    const ted = await create(`--supplier ${withBank.id} --method ted --amount 2.222,22`);
    // a second TED where a DOC was: DOC ended on 29/02/2024 (#50 point 9; the DOC's own test is below)
    const doc = await create(`--supplier ${withBank.id} --method ted --amount 333,33`);
    const boletoSame = await create(
      `--supplier ${withBank.id} --method boleto --amount 444,44 --document ${boletoLinha('341', 44444).replace(/\D/g, '')}`,
    );
    const boletoOther = await create(
      `--supplier ${withBank.id} --method boleto --amount 555,55 --document ${boletoLinha('237', 55555).replace(/\D/g, '')}`,
    );
    const all = [pix, ted, doc, boletoSame, boletoOther];
    const ids = all.map((p) => p.public_id);
    await s.condo.ok(['payables', 'mark', ...ids]);

    const before = await paymentAccount();
    const batch = await s.condo.json('batches create --date next-business-day');
    expect(batch).toMatchObject({
      state: 'generated',
      payables_count: 5,
      total_amount: 466665,
      file_sequence: 1,
    });
    expect(Object.keys(batch.by_forma).sort()).toEqual(['boleto', 'pix', 'ted']);
    for (const id of ids) expect((await s.condo.json(`payables show ${id}`)).state).toBe('in_batch');

    const rem = join(dir, 'lote1.rem');
    expect((await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem])).trim()).toBe(rem);
    const text = await readFile(rem, 'latin1');
    expect(
      text
        .split('\r\n')
        .filter(Boolean)
        .every((l) => l.length === 240),
    ).toBe(true);
    expect((await readdir(dir)).filter((f) => f.includes('partial'))).toEqual([]);

    // #10 point 2: checked by eye, the file shows where every payment goes
    const byEye = await s.condo.ok(['-o', 'table', 'cnab', 'inspect', rem]);
    expect(byEye).toContain(
      `PIX ${withPix.pix_key_type === 'cpf' || withPix.pix_key_type === 'cnpj' ? 'document' : withPix.pix_key_type} ${withPix.pix_key}`,
    );
    expect(byEye).toMatch(new RegExp(`bank ${withBank.bank.code} agency \\S+ account \\S+`));
    // as a person writes them: the field's padding zeros off (an agency keeps four digits), the digit after a dash
    const [number, digit] = withBank.bank.account.split('-');
    const shownAccount = `${number.replace(/^0+/, '')}-${digit}`;
    expect(byEye).toContain(
      `bank ${withBank.bank.code} agency ${withBank.bank.agency} account ${shownAccount}`,
    );
    expect(byEye).toMatch(/barcode \d{44}/);
    expect(byEye).toContain(withBank.document);
    const inspected = await s.condo.json(['cnab', 'inspect', rem]);
    expect(inspected).toMatchObject({
      bank_code: '341',
      direction: 'remessa',
      service: 'payment',
      details: 5,
      total_amount_cents: 466665,
      errors: [],
    });
    expect(inspected.items.map((i: any) => i.seu_numero).sort()).toEqual(ids.map(seu).sort());

    const ret = join(dir, 'lote1.ret');
    await returnOnItsDate(s.condo, [rem, '-O', ret, '--reject', seu(ted.public_id)]);
    const retInspected = await s.condo.json(['cnab', 'inspect', ret]);
    expect(retInspected.direction).toBe('retorno');

    // the refusal is left for a person: exit 1, outcome needs_person, so cron sees it (#66)
    const summary = await s.condo.jsonNeedsPerson(['batches', 'import-return', batch.public_id, ret]);
    expect(summary).toMatchObject({
      paid: 4,
      rejected: 1,
      scheduled: 0,
      unknown: 0,
      outcome: 'needs_person',
    });

    const rejected = await s.condo.json(`payables show ${ted.public_id}`);
    expect(rejected.state).toBe('pending');
    expect(rejected.last_return.code).toMatch(/^[A-Z0-9]{2}$/);
    expect(rejected.last_return.message.length).toBeGreaterThan(3);
    for (const p of [pix, doc, boletoSame, boletoOther]) {
      const shown = await s.condo.json(`payables show ${p.public_id}`);
      expect(shown.state).toBe('paid');
      expect(shown.paid_amount).toBe(p.amount);
    }

    const entries = (await s.condo.json('ledger entries --all')).filter((e: any) => e.source === 'payable');
    expect(entries).toHaveLength(4);
    const paidSum = 466665 - 222222;
    expect(Math.round(entries.reduce((t: number, e: any) => t + e.amount * 100, 0))).toBe(paidSum);
    const after = await paymentAccount();
    expect(after.balance).toBe(before.balance - paidSum);

    // A cron re-run of the same file is a replay; another import of it under a new key finds nothing to do.
    // (still exit 1: the refused payment still waits for its fix)
    const again = await s.condo.run(['batches', 'import-return', batch.public_id, ret]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toMatch(/imported before/);
    const forced = await s.condo.jsonNeedsPerson([
      '--idempotency-key',
      'reimport-1',
      'batches',
      'import-return',
      batch.public_id,
      ret,
    ]);
    expect(forced).toMatchObject({ paid: 0, rejected: 0, unchanged: 5 });
    expect(
      (await s.condo.json('ledger entries --all')).filter((e: any) => e.source === 'payable'),
    ).toHaveLength(4);
    expect((await paymentAccount()).balance).toBe(after.balance);

    // The rejected payment fixed and paid in a second batch.
    await s.condo.ok(`payables update ${ted.public_id} --notes 'dados bancários conferidos'`);
    await s.condo.ok(`payables mark ${ted.public_id}`);
    const batch2 = await s.condo.json('batches create --date next-business-day');
    expect(batch2).toMatchObject({ payables_count: 1, file_sequence: 2, total_amount: 222222 });
    const rem2 = join(dir, 'lote2.rem');
    const ret2 = join(dir, 'lote2.ret');
    await s.condo.ok(['batches', 'download', batch2.public_id, '-O', rem2]);
    await returnOnItsDate(s.condo, [rem2, '-O', ret2]);
    expect(await s.condo.json(['batches', 'import-return', batch2.public_id, ret2])).toMatchObject({
      paid: 1,
    });
    expect((await s.condo.json(`payables show ${ted.public_id}`)).state).toBe('paid');
    expect((await paymentAccount()).balance).toBe(before.balance - 466665);

    const listed = await s.condo.json('batches list --all');
    expect(listed.map((b: any) => b.state).sort()).toEqual(['returned', 'returned']);
    const shown = await s.condo.ok(['-o', 'table', 'batches', 'show', batch.public_id]);
    expect(shown).toContain(ted.public_id);
    // labelled in the case payables show writes its own (#53)
    expect(shown).toMatch(/^Batch +\S+$/m);
    expect(shown).toMatch(/^Payment date +\d\d\/\d\d\/\d{4}$/m);
    expect(await s.condo.ok(['-o', 'table', 'payables', 'show', ted.public_id])).toMatch(/^Due date +/m);
  });

  test('download -O - writes the file to stdout', async () => {
    const batches = await s.condo.json('batches list --all');
    const out = await s.condo.ok(['batches', 'download', batches[0].public_id, '-O', '-']);
    expect(out.split('\r\n')[0]).toHaveLength(240);
  });

  test('a return that is not a CNAB file is refused with its line, and nothing changes', async () => {
    const { writeFile } = await import('node:fs/promises');
    const bad = join(dir, 'bad.ret');
    await writeFile(bad, 'this is not a bank file\r\n');
    const batches = await s.condo.json('batches list --all');
    const r = await s.condo.run(['batches', 'import-return', batches[0].public_id, bad]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/invalid_file/);
    expect(r.stderr).toMatch(/line 1/);
  });

  test('cnab inspect of a broken file exits 1 naming the line', async () => {
    const { writeFile } = await import('node:fs/promises');
    const broken = join(dir, 'broken.rem');
    await writeFile(broken, `${'0'.repeat(240)}\r\nshort line\r\n`);
    const r = await s.condo.run(['cnab', 'inspect', broken, '--json']);
    expect(r.exitCode).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(report.errors[0].line).toBeGreaterThan(0);
  });
});

describe('a damaged return (#50 point 5)', () => {
  /** A batch of two TED payments and the bank's return of it, both paid. */
  async function batchWithReturn(tag: string) {
    const withBank = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document);
    const account = await leafExpenseAccount(s.condo);
    const ids: string[] = [];
    for (const amount of ['101,01', '202,02']) {
      const p = await s.condo.json(
        `payables create --supplier ${withBank.id} --chart-account ${account} --method ted --due +10d --amount ${amount} --description '${tag}'`,
      );
      ids.push(p.public_id);
    }
    await s.condo.ok(['payables', 'mark', ...ids]);
    const batch = await s.condo.json('batches create --date next-business-day');
    const rem = join(dir, `${tag}.rem`);
    const ret = join(dir, `${tag}.ret`);
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    await returnOnItsDate(s.condo, [rem, '-O', ret]);
    const lines = (await readFile(ret, 'latin1')).split('\r\n');
    // the first payment's segment A: record type 3 at 8, segment at 14
    const at = lines.findIndex((l) => l[7] === '3' && l[13] === 'A');
    return { batch, ids, ret, lines, at };
  }
  const states = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => (await s.condo.json(`payables show ${id}`)).state));

  test('a line cut short: exit 2 naming the line, in Portuguese too, nothing applied; the file whole goes in', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { batch, ids, ret, lines, at } = await batchWithReturn('Cortado');
    const cut = join(dir, 'cortado.ret');
    const damaged = [...lines];
    damaged[at] = `${(lines[at] as string).slice(0, 100)}${(lines[at] as string).slice(130)}`;
    await writeFile(cut, damaged.join('\r\n'), 'latin1');

    const r = await s.condo.run(['batches', 'import-return', cut]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `line ${at + 1}: line has 210 characters, expected 240: it ends before its occurrence codes`,
    );
    expect(r.stderr).toContain("The return's structure is broken: none of it is applied, nothing was sent");
    const pt = await s.condo.run(['--lang', 'pt-BR', 'batches', 'import-return', cut]);
    expect(pt.exitCode).toBe(2);
    expect(pt.stderr).toContain(`linha ${at + 1}: a linha tem 210 caracteres`);
    expect(pt.stderr).toContain(
      'A estrutura do retorno está quebrada: nada dele é aplicado, nada foi enviado',
    );
    const json = await s.condo.run(['--json', 'batches', 'import-return', cut]);
    expect(JSON.parse(json.stdout)).toMatchObject({ exit_code: 2, outcome: 'refused' });
    expect(await states(ids)).toEqual(['in_batch', 'in_batch']);
    expect((await s.condo.json(['batches', 'show', batch.public_id])).state).toBe('generated');

    // the bank's file as it came is a file of its own: applied whole
    const whole = await s.condo.run(['--json', 'batches', 'import-return', ret]);
    expect(whole.exitCode, whole.stderr).toBe(0);
    expect(JSON.parse(whole.stdout)).toMatchObject({ paid: 2, outcome: 'done' });
    expect(await states(ids)).toEqual(['paid', 'paid']);
  });

  test('one payment without a code in a sound file: the rest applied, that one left and named, exit 1', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { ids, lines, at } = await batchWithReturn('Sem código');
    const blank = join(dir, 'sem-codigo.ret');
    const damaged = [...lines];
    damaged[at] = `${(lines[at] as string).slice(0, 230)}${' '.repeat(10)}`;
    await writeFile(blank, damaged.join('\r\n'), 'latin1');
    const lint = await s.condo.run(['cnab', 'inspect', blank]);
    expect(lint.exitCode, lint.stderr).toBe(0);

    const r = await s.condo.run(['--json', 'batches', 'import-return', blank]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ paid: 1, unchanged: 1, outcome: 'needs_person' });
    expect(r.stderr).toContain(
      `warning: line ${at + 1}: the bank gave no occurrence code for payable ${ids[0]}: it was left as it was`,
    );
    expect(r.stderr).not.toMatch(/no occurrence code for payable \S+; not applied/);
    expect(await states(ids)).toEqual(['in_batch', 'paid']);
    const again = await s.condo.run(['--lang', 'pt-BR', 'batches', 'import-return', blank]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`o banco não deu código de ocorrência para a conta ${ids[0]}`);
  });
});

describe('a DOC in 2026 (#50 point 9): FEBRABAN ended DOC on 29/02/2024', () => {
  test('warned at create and in the preview, naming TED or PIX; lint refuses it in the file; the bank refuses it (AK)', async () => {
    const withBank = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document);
    const account = await leafExpenseAccount(s.condo);
    const created = await s.condo.run([
      ...[
        '--json',
        'payables',
        'create',
        '--supplier',
        String(withBank.id),
        '--chart-account',
        String(account),
      ],
      ...[
        '--method',
        'doc',
        '--due',
        '+10d',
        '--amount',
        '480,00',
        '--description',
        'Dedetização trimestral',
      ],
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain(
      'warning: --method doc: DOC ended on 29/02/2024 and no bank takes one; pay by TED or PIX (ted, pix). Entered as asked',
    );
    const doc = JSON.parse(created.stdout);
    const inPortuguese = await s.condo.run([
      ...['--lang', 'pt-BR', 'payables', 'update', doc.public_id, '--method', 'doc', '--notes', 'trimestral'],
    ]);
    expect(inPortuguese.exitCode, inPortuguese.stderr).toBe(0);
    expect(inPortuguese.stderr).toContain(
      'aviso: --method doc: o DOC acabou em 29/02/2024 e nenhum banco o aceita; pague por TED ou PIX (ted, pix). Lançada como pedido',
    );
    await s.condo.ok(['payables', 'mark', doc.public_id]);

    const preview = await s.condo.run(['batches', 'create', '--date', 'next-business-day', '--dry-run']);
    expect(preview.stderr).toContain(
      `${doc.public_id}: a DOC: DOC ended on 29/02/2024 and the bank refuses it; pay it by TED (condo payables update ${doc.public_id} --method ted) or PIX`,
    );
    const docBatch = await s.condo.json(['batches', 'create', '--date', 'next-business-day', '--yes']);
    const rem = join(dir, 'doc.rem');
    const refused = await s.condo.run(['batches', 'download', docBatch.public_id, '-O', rem]);
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toMatch(
      /doc-ended: DOC \(câmara 700\) paid on \d{4}-\d\d-\d\d: DOC ended on 2024-02-29/,
    );
    await s.condo.ok(['batches', 'download', docBatch.public_id, '-O', rem, '--skip-lint']);
    const lint = await s.condo.run(['--lang', 'pt-BR', '-o', 'table', 'cnab', 'lint', rem]);
    expect(lint.exitCode).toBe(1);
    expect(lint.stdout).toMatch(/o DOC acabou em 29\/02\/2024; pague por TED \(câmara 018\) ou PIX/);

    const docRet = join(dir, 'doc.ret');
    await returnOnItsDate(s.condo, [rem, '-O', docRet]);
    const imported = await s.condo.jsonNeedsPerson(['batches', 'import-return', docBatch.public_id, docRet]);
    expect(imported).toMatchObject({ paid: 0, rejected: 1 });
    const after = await s.condo.json(['payables', 'show', doc.public_id]);
    expect(after).toMatchObject({ state: 'pending', last_return: { code: 'AK' } });
    // a return is the bank's word: its DOC is read, not judged
    expect(
      (await s.condo.json(['cnab', 'lint', docRet])).findings.filter((f: any) => f.rule === 'doc-ended'),
    ).toEqual([]);
  });
});
