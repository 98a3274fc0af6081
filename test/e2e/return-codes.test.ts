import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { leafExpenseAccount, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/**
 * #34 points 2 and 3, as support staff use them: a code from the bank's return explained at that bank, and a
 * remittance beside its return, offline, telling what is amiss.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('cnab explain: the bank’s meaning, FEBRABAN’s where it differs, the class and the next step; in Portuguese too', async () => {
  const itau = await s.condo.run(['-o', 'table', 'cnab', 'explain', 'bd', '--bank', '341']);
  expect(itau.exitCode).toBe(0);
  expect(itau.stdout).toMatch(/MEANING +Inclusão efetuada com sucesso \(pagamento agendado\)/);
  expect(itau.stdout).toMatch(/AT FEBRABAN +Inclusão efetuada com sucesso\n/);
  expect(itau.stdout).toMatch(/CLASS +scheduled/);
  const sicoob = await s.condo.json(['cnab', 'explain', 'BS', '--bank', '756']);
  expect(sicoob).toMatchObject({ class: 'check-the-statement', bank_name: 'Sicoob', source: 'bank' });
  expect(sicoob.next).toContain('check the statement before paying it again');
  const pt = await s.condo.run(['--lang', 'pt-BR', '-o', 'table', 'cnab', 'explain', 'BS', '--bank', '756']);
  expect(pt.stdout).toMatch(/SIGNIFICADO +Pagamento em análise de segurança/);
  expect(pt.stdout).toMatch(/CLASSE +retido pelo banco: conferir o extrato/);
  expect(pt.stdout).toContain('confira o extrato antes de pagar de novo');
  // a script reads it as key and value
  expect(await s.condo.ok(['cnab', 'explain', 'ZK'])).toContain('CLASS\tsettled already: do not pay again');

  const unknown = await s.condo.run(['cnab', 'explain', 'QQ', '--bank', '341']);
  expect(unknown.exitCode).toBe(4);
  expect(unknown.stderr).toContain(
    "QQ is not in FEBRABAN's table of payment return codes (G059) nor Itaú Unibanco's own",
  );
  const wrong = await s.condo.run(['cnab', 'explain', 'BDX']);
  expect(wrong.exitCode).toBe(2);
  expect(wrong.stderr).toContain('CODE: "BDX" is not a return code');
  expect((await s.condo.run(['cnab', 'explain', 'BD', '--bank', 'itau'])).stderr).toContain('--bank: "itau"');
});

test('cnab diff: a remittance and the bank’s return paired; a missing answer and a moved date found; exit 1', async () => {
  const chart = await leafExpenseAccount(s.condo);
  const ids: string[] = [];
  for (const [supplier, amount] of [
    ['brilho', '310,00'],
    ['jardins', '120,50'],
  ] as const) {
    const p = await s.condo.json(
      `payables create --supplier ${supplier} --chart-account ${chart} --method ted --amount ${amount} --due +5d --description Diff`,
    );
    ids.push(p.public_id);
  }
  await s.condo.ok(['payables', 'mark', ...ids]);
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, 'diff.rem');
  const ret = join(s.condo.configDir, 'diff.ret');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret]);

  const same = await s.condo.run(['-o', 'table', 'cnab', 'diff', rem, ret]);
  expect(same.exitCode, same.stderr).toBe(0);
  expect(same.stdout).toContain('2 payments, 2 answered; 0 without an answer');

  // the bank answered one payment only, and paid the other on another day
  const lines = (await readFile(ret, 'latin1')).split('\r\n');
  const answered = lines.filter((l) => l[7] === '3' && l[13] === 'A');
  const dropped = answered[0] as string;
  const late = answered[1] as string;
  // segment A's date the payment was made (155-162, DDMMAAAA), two days off (a valid day of any month)
  const day = Number(late.slice(154, 156));
  const moved = `${late.slice(0, 154)}${String(day <= 26 ? day + 2 : day - 2).padStart(2, '0')}${late.slice(156)}`;
  const edited = join(s.condo.configDir, 'edited.ret');
  await writeFile(
    edited,
    lines
      .filter((l) => l !== dropped)
      .map((l) => (l === late ? moved : l))
      .join('\r\n'),
    'latin1',
  );
  const json = await s.condo.run(['--json', 'cnab', 'diff', rem, edited]);
  expect(json.exitCode).toBe(1);
  const diff = JSON.parse(json.stdout);
  expect(diff).toMatchObject({ paired: 1, no_answer: 1, date_moved: 1, no_payment: 0 });
  expect(diff.pairs.map((p: { findings: string[] }) => p.findings)).toEqual([['no-answer'], ['date-moved']]);
  const tsv = await s.condo.run(['cnab', 'diff', rem, edited]);
  expect(tsv.exitCode).toBe(1);
  expect(
    tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t').at(-1)),
  ).toEqual(['no answer', 'date moved']);
  expect(tsv.stderr).toContain('1 without an answer');

  // once the return is imported, a payable says what its bank's word means (#34 point 2: payables show uses it)
  await s.condo.ok(['batches', 'import-return', batch.public_id, ret]);
  const shown = await s.condo.ok(['-o', 'table', 'payables', 'show', ids[0] as string]);
  expect(shown).toMatch(/Last return +00 /);
  expect(shown).toMatch(/What it means +nothing to do: the payment was made; it shows in the statement/);
  const pt = await s.condo.ok(['--lang', 'pt-BR', '-o', 'table', 'payables', 'show', ids[0] as string]);
  expect(pt).toMatch(/O que significa +nada a fazer: o pagamento foi feito/);

  // the files the wrong way round are named as such
  const swapped = await s.condo.run(['cnab', 'diff', ret, rem]);
  expect(swapped.exitCode).toBe(2);
  expect(swapped.stderr).toContain('REMITTANCE: ');
  expect(swapped.stderr).toContain('is a return (its header says retorno), not a remittance');
});

test('cnab diff: PAID is what the bank paid (a boleto’s too), and a refusal shows no amount nor date paid', async () => {
  const { buildBoleto } = await import('../../src/domain/boleto/index.js');
  const { addDays } = await import('../../src/domain/dates.js');
  const chart = await leafExpenseAccount(s.condo);
  const due = addDays(new Date().toISOString().slice(0, 10), 6);
  const boleto = buildBoleto({
    bankCode: '237',
    dueDate: due,
    amountCents: 45_600,
    freeField: '3381260007827136500000000',
  });
  const paid = await s.condo.json([
    ...['payables', 'create', '--supplier', 'brilho', '--chart-account', String(chart), '--method', 'boleto'],
    ...[
      '--amount',
      '456,00',
      '--due',
      due,
      '--document',
      boleto.linhaDigitavel,
      '--description',
      'Diff boleto',
    ],
  ]);
  const refused = await s.condo.json(
    `payables create --supplier jardins --chart-account ${chart} --method ted --amount 77,00 --due +6d --description Diff-refused`,
  );
  await s.condo.ok(['payables', 'mark', paid.public_id, refused.public_id]);
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, 'paid.rem');
  const ret = join(s.condo.configDir, 'paid.ret');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret, '--reject', `${refused.public_id}:AN`]);
  const rows = (await s.condo.ok(['cnab', 'diff', rem, ret]))
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  // SEU NÚMERO, PAYEE, AMOUNT, DATE, ANSWER, PAID, ON, FINDINGS
  const boletoRow = rows.find((r) => r[4]?.startsWith('00')) as string[];
  expect(boletoRow[5]).toBe('456.00');
  expect(boletoRow[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const refusedRow = rows.find((r) => r[4]?.startsWith('AN')) as string[];
  expect(refusedRow[5]).toBe('');
  expect(refusedRow[6]).toBe('');
});

test('a return that refuses many payments names each one’s payee (read from one list, not a call each)', async () => {
  const chart = await leafExpenseAccount(s.condo);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++)
    ids.push(
      (
        await s.condo.json(
          `payables create --supplier brilho --chart-account ${chart} --method ted --amount ${100 + i},00 --due +6d --description Lote-${i}`,
        )
      ).public_id,
    );
  await s.condo.ok(['payables', 'mark', ...ids]);
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, 'many.rem');
  const ret = join(s.condo.configDir, 'many.ret');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret, '--reject-rate', '1']);
  const imported = await s.condo.run(['batches', 'import-return', ret]);
  const said = imported.stderr.split('\n').filter((l) => l.startsWith('warning: rejected '));
  expect(said).toHaveLength(12);
  for (const id of ids) expect(said.some((l) => l.includes(`rejected ${id} (Brilho`))).toBe(true);
});
