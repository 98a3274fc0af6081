import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { APPROVAL_CONTEXT, statementText } from '../../src/domain/approvals.js';
import { signMessage } from '../../src/formats/sshsig.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #34 point 4, as the firm lives it: a policy in its repository (two approvers above R$ 1.000,00, nobody approving
 * their own batch), approvers who sign the exact file with their SSH keys, and a delivery refused until the
 * approvals that count are there: a forged one, one reused from another batch, an expired one and the creator's
 * own are each named and not counted.
 */

const KEYS = join(import.meta.dirname, '..', 'fixtures', 'approvals');
let s: Session;
let firm: string;
let policy: string;

async function newBatch(amount: string): Promise<string> {
  const chart = await leafExpenseAccount(s.condo);
  const p = await s.condo.json(
    `payables create --supplier brilho --chart-account ${chart} --method ted --amount ${amount} --due +5d --description Aprovação`,
  );
  await s.condo.ok(['payables', 'mark', p.public_id]);
  return (await s.condo.json('batches create --date next-business-day --yes')).public_id;
}

beforeAll(async () => {
  s = await sandboxSession();
  firm = join(s.condo.configDir, 'firm');
  await mkdir(firm);
  for (const f of ['allowed_signers', 'ana', 'bruno', 'davi']) await copyFile(join(KEYS, f), join(firm, f));
  policy = join(firm, 'condo-policy.json');
  await writeFile(
    policy,
    JSON.stringify({
      allowed_signers: 'allowed_signers',
      // Ana is the síndica and creates the batches with the firm's API client
      signers: {
        'ana@condominio': { name: 'Ana', role: 'síndica', client_id: s.client('default').client_id },
        'bruno@condominio': { name: 'Bruno', role: 'conselho' },
        'davi@condominio': { name: 'Davi', role: 'conselho' },
      },
      batch_bands: [{ up_to_cents: 100_000, approvals: 1 }, { approvals: 2 }],
      expiry_days: 7,
    }),
  );
});
afterAll(() => s.close());

test('no approval, no delivery; the creator’s own, a forged, a reused and an expired approval do not count; two good ones deliver', async () => {
  const batch = await newBatch('4.500,00');
  const target = join(s.condo.configDir, 'lote.rem');
  const download = () => s.condo.run(['batches', 'download', batch, '-O', target, '--policy', policy]);

  const none = await download();
  expect(none.exitCode).toBe(5);
  expect(none.stderr).toContain("2 more approver(s): the batch's total band asks for 2, 0 counted");
  expect(existsSync(target)).toBe(false);

  // the síndica created the batch: her approval is kept but does not count
  const own = await s.condo.run([
    'batches',
    'approve',
    batch,
    '--key',
    join(firm, 'ana'),
    '--policy',
    policy,
  ]);
  // said as it is made (#50 point 7): recorded, does not count, another approver needed (exit 1)
  expect(own.exitCode, own.stderr).toBe(1);
  expect(own.stdout.trim()).toBe(join(firm, 'approvals', `${batch}.ana@condominio.approval`));
  expect(own.stderr).toContain(
    `warning: ana@condominio created batch ${batch}: the approval is recorded and does not count (nobody approves their own batch)`,
  );
  expect(own.stderr).not.toContain('ana@condominio approved batch');
  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'bruno'), '--policy', policy]);

  // Ana signs a statement that says it is Davi's
  const bruno = JSON.parse(
    await readFile(join(firm, 'approvals', `${batch}.bruno@condominio.approval`), 'utf8'),
  );
  const statement = JSON.parse(bruno.statement);
  const forgedText = statementText({ ...statement, signer: 'davi@condominio' });
  await writeFile(
    join(firm, 'approvals', `${batch}.davi-forged.approval`),
    JSON.stringify({
      statement: forgedText,
      signature: signMessage(forgedText, await readFile(join(firm, 'ana'), 'utf8'), 'condo-approval'),
    }),
  );
  // Davi's approval of another batch, copied under this one's name
  const other = await newBatch('50,00');
  await s.condo.ok(['batches', 'approve', other, '--key', join(firm, 'davi'), '--policy', policy]);
  await copyFile(
    join(firm, 'approvals', `${other}.davi@condominio.approval`),
    join(firm, 'approvals', `${batch}.davi-reused.approval`),
  );
  // and one of Davi's that expired yesterday
  const expiredText = statementText({
    ...statement,
    context: APPROVAL_CONTEXT,
    signer: 'davi@condominio',
    expires_at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await writeFile(
    join(firm, 'approvals', `${batch}.davi-expired.approval`),
    JSON.stringify({
      statement: expiredText,
      signature: signMessage(expiredText, await readFile(join(firm, 'davi'), 'utf8'), 'condo-approval'),
    }),
  );

  const short = await download();
  expect(short.exitCode).toBe(5);
  expect(short.stderr).toContain('ana@condominio created the batch, and nobody approves their own');
  expect(short.stderr).toContain('signed by a key allowed_signers does not give to davi@condominio');
  expect(short.stderr).toContain(`it approves batch ${other}, not ${batch}`);
  expect(short.stderr).toMatch(/by davi@condominio does not count: it expired at /);
  expect(short.stderr).toContain("1 more approver(s): the batch's total band asks for 2, 1 counted");
  expect(existsSync(target)).toBe(false);

  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'davi'), '--policy', policy]);
  const delivered = await download();
  expect(delivered.exitCode, delivered.stderr).toBe(0);
  expect(delivered.stderr).toContain('approved by bruno@condominio, davi@condominio: 2 of 2 needed');
  expect(existsSync(target)).toBe(true);

  // a small batch needs one approver; without a policy there is no approval step at all
  const small = join(s.condo.configDir, 'small.rem');
  expect((await s.condo.run(['batches', 'download', other, '-O', small, '--policy', policy])).exitCode).toBe(
    0,
  );
  expect(
    (await s.condo.run(['batches', 'download', other, '-O', join(s.condo.configDir, 'free.rem')])).exitCode,
  ).toBe(0);

  // the month's accountability: who approved which file, and which approvals are not valid
  const log = await s.condo.run(['-o', 'csv', 'approvals', 'log', '--policy', policy]);
  expect(log.exitCode).toBe(0);
  const rows = log.stdout.trim().split('\n');
  expect(rows[0]).toBe('BATCH,SIGNER,NAME,TOTAL,FILE SHA-256,SIGNED,EXPIRES,STATUS,WHY');
  expect(rows.find((r) => r.includes('ana@condominio'))).toMatch(
    /,does not count,the signer created the batch$/,
  );
  const logged = await s.condo.json(['approvals', 'log', '--policy', policy]);
  const statuses = logged.map((a: { status: string }) => a.status);
  // Bruno's and Davi's of each batch (the copy of his other one among them: valid, for the batch it names)
  expect(statuses.filter((x: string) => x === 'valid')).toHaveLength(4);
  expect(statuses.filter((x: string) => x === 'own_batch')).toHaveLength(1);
  expect(statuses.filter((x: string) => x === 'expired')).toHaveLength(1);
  expect(statuses.filter((x: string) => x === 'bad')).toHaveLength(1);
  // a person reads it in their language (csv and JSON keep the words scripts read)
  const pt = await s.condo.run(['--lang', 'pt-BR', '-o', 'table', 'approvals', 'log', '--policy', policy]);
  expect(pt.stdout.split('\n').find((r) => r.includes('ana@condominio'))).toMatch(
    /não vale\s+│ quem assina criou o lote/,
  );
  expect((await readdir(join(firm, 'approvals'))).length).toBe(7);
  // at 80 columns in Portuguese it stays a table (#53 point 4): the less needed columns named on the way out
  const narrow = await runOnTerminal(
    s.condo,
    ['--lang', 'pt-BR', 'approvals', 'log', '--policy', policy],
    [],
    { NO_COLOR: '1' },
    { cols: 80, rows: 40 },
  );
  const screen = narrow.output.replace(/\r/g, '').split('\n');
  expect(screen[0]).toMatch(/^LOTE +ASSINANTE/);
  expect(screen.filter((l) => l.includes('ana@cond'))[0]).toMatch(/ana@cond\S*… .*não vale$/);
  expect(narrow.output.replace(/\s+/g, ' ')).toMatch(
    /: sem espaço em 80 colunas; -o tsv e --json trazem todas\)/,
  );
});

test('a policy that is not one, and an approval without a key, are said plainly', async () => {
  const bad = join(firm, 'bad-policy.json');
  await writeFile(
    bad,
    JSON.stringify({ allowed_signers: 'allowed_signers', batch_bands: [{ approvals: 1 }, { approvals: 2 }] }),
  );
  const r = await s.condo.run(['approvals', 'log', '--policy', bad]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain(
    'batch_bands[0] has no up_to_cents or up_to_revenue_share: only the last band may be open-ended',
  );
  const noKey = await s.condo.run(['batches', 'approve', '01M8734TGPNKTC2J4W9383D09X', '--policy', policy]);
  expect(noKey.exitCode).toBe(2);
  expect(noKey.stderr).toContain('--key: the SSH key to sign with');
});

test('a payee whose PIX key changed just before asks for an extra approver, and the refusal names it', async () => {
  const strict = join(firm, 'strict-policy.json');
  await writeFile(
    strict,
    JSON.stringify({
      allowed_signers: 'allowed_signers',
      approvals_dir: 'strict-approvals',
      batch_bands: [{ approvals: 1 }],
      payment_data_changed: { within_days: 7, approvals: 1 },
    }),
  );
  // the payee's key changes the day it is paid: most payment fraud starts here
  const vigilare = (await s.condo.json('suppliers list')).find((x: { name: string }) =>
    /Vigilare/.test(x.name),
  );
  await s.condo.ok(['suppliers', 'update', String(vigilare.id), '--pix-key', 'financeiro@vigilare.com.br']);
  const chart = await leafExpenseAccount(s.condo);
  const p = await s.condo.json(
    `payables create --supplier ${vigilare.id} --chart-account ${chart} --method pix --amount 80,00 --due +5d --description Chave`,
  );
  await s.condo.ok(['payables', 'mark', p.public_id]);
  const batch = (await s.condo.json('batches create --date next-business-day --yes')).public_id;
  const target = join(s.condo.configDir, 'chave.rem');
  const download = () => s.condo.run(['batches', 'download', batch, '-O', target, '--policy', strict]);

  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'bruno'), '--policy', strict]);
  const refused = await download();
  expect(refused.exitCode).toBe(5);
  const today = new Date().toISOString().slice(0, 10);
  expect(refused.stderr).toContain(
    `1 more approver(s): the batch's total band asks for 1, and 1 more because ${vigilare.name}'s bank data or PIX key changed on ${today}, within 7 days, 1 counted`,
  );
  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'davi'), '--policy', strict]);
  const delivered = await download();
  expect(delivered.exitCode, delivered.stderr).toBe(0);
  expect(existsSync(target)).toBe(true);
});

test('a profile can name the policy once: every download of that profile asks for its approvals', async () => {
  const batch = await newBatch('2.000,00');
  const target = join(s.condo.configDir, 'perfil.rem');
  await s.condo.ok(['config', 'set', 'policy', policy]);
  expect(await s.condo.ok(['config', 'get', 'policy'])).toBe(`${policy}\n`);
  const refused = await s.condo.run(['batches', 'download', batch, '-O', target]);
  expect(refused.exitCode).toBe(5);
  expect(refused.stderr).toContain('2 more approver(s)');
  expect((await s.condo.run(['approvals', 'log'])).exitCode).toBe(0);
  await s.condo.ok(['config', 'unset', 'policy']);
  expect((await s.condo.run(['batches', 'download', batch, '-O', target])).exitCode).toBe(0);
});

test('approvals kept beside the batch on the server: the one who delivers needs no copy of the files', async () => {
  const batch = await newBatch('3.000,00');
  // the approvers sign on their machines; whoever delivers has the policy in their own clone of the repository
  const approved = await s.condo.run([
    'batches',
    'approve',
    batch,
    '--key',
    join(firm, 'bruno'),
    '--policy',
    policy,
  ]);
  expect(approved.exitCode, approved.stderr).toBe(0);
  expect(approved.stderr).toContain('kept beside the batch on the server');
  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'davi'), '--policy', policy]);
  const clone = join(s.condo.configDir, 'clone');
  await mkdir(clone);
  for (const f of ['allowed_signers', 'condo-policy.json']) await copyFile(join(firm, f), join(clone, f));
  const target = join(s.condo.configDir, 'servidor.rem');
  const delivered = await s.condo.run([
    'batches',
    'download',
    batch,
    '-O',
    target,
    '--policy',
    join(clone, 'condo-policy.json'),
  ]);
  expect(delivered.exitCode, delivered.stderr).toBe(0);
  expect(delivered.stderr).toContain('approved by bruno@condominio, davi@condominio: 2 of 2 needed');
  expect(existsSync(join(clone, 'approvals'))).toBe(false);

  // the server keeps what it can check: a statement of this batch's file, signed; the firm's policy judges the rest
  const kept = (await s.condo.json(['api', 'GET', `pagamento-batches/${batch}/approvals`])).data;
  expect(kept.map((a: { signer: string }) => a.signer).sort()).toEqual([
    'bruno@condominio',
    'davi@condominio',
  ]);
  const bruno = kept.find((a: { signer: string }) => a.signer === 'bruno@condominio');
  const other = await newBatch('60,00');
  const post = (body: object) =>
    s.condo.run(['api', 'POST', `pagamento-batches/${other}/approvals`, '--input', '-'], {
      stdin: JSON.stringify(body),
    });
  const wrongBatch = await post({ statement: bruno.statement, signature: bruno.signature });
  expect(wrongBatch.exitCode).toBe(2);
  expect(wrongBatch.stderr).toContain(`statement: approves batch ${batch}, not this one`);
  const brunoKey = await readFile(join(firm, 'bruno'), 'utf8');
  const sign = (text: string) => signMessage(text, brunoKey, 'condo-approval');
  const otherFile = statementText({ ...JSON.parse(bruno.statement), batch: other });
  expect((await post({ statement: otherFile, signature: sign(otherFile) })).stderr).toMatch(
    /statement: approves a file with SHA-256 [0-9a-f]{64}, not this batch's/,
  );
  const sha256 = (await s.condo.json(['batches', 'show', other])).file_sha256;
  const text = statementText({ ...JSON.parse(otherFile), sha256 });
  const unsigned = await post({ statement: text, signature: bruno.signature });
  expect(unsigned.exitCode).toBe(2);
  expect(unsigned.stderr).toContain('signature: is not a good SSH signature of the statement');
  expect((await post({ statement: text, signature: sign(text) })).exitCode).toBe(0);
  // a re-run replaces the signer's approval: still two
  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'davi'), '--policy', policy]);
  expect((await s.condo.json(['api', 'GET', `pagamento-batches/${batch}/approvals`])).data).toHaveLength(2);
});

test('approve --signer with a key allowed_signers does not give to that signer: refused before anything is written', async () => {
  const batch = await newBatch('70,00');
  await s.condo.ok(['batches', 'approve', batch, '--key', join(firm, 'bruno'), '--policy', policy]);
  const kept = join(firm, 'approvals', `${batch}.bruno@condominio.approval`);
  const before = await readFile(kept, 'utf8');
  const posing = await s.condo.run([
    ...['batches', 'approve', batch, '--key', join(firm, 'ana'), '--signer', 'bruno@condominio'],
    ...['--policy', policy],
  ]);
  expect(posing.exitCode).toBe(2);
  expect(posing.stderr).toContain(
    'cannot approve as bruno@condominio: signed by a key allowed_signers does not give to bruno@condominio; nothing was written',
  );
  // Bruno's own approval stands, in the folder and on the server
  expect(await readFile(kept, 'utf8')).toBe(before);
  const log = await s.condo.json(['approvals', 'log', '--policy', policy]);
  const his = log.filter(
    (a: { signer: string; batch: string }) => a.signer === 'bruno@condominio' && a.batch === batch,
  );
  expect(his.length).toBeGreaterThan(0);
  expect(his.every((a: { status: string }) => a.status !== 'bad')).toBe(true);
});

test('a policy that asks more approvers than it has says so, instead of asking for approvals nobody can give', async () => {
  const three = join(firm, 'three-policy.json');
  await writeFile(
    three,
    JSON.stringify({
      allowed_signers: 'allowed_signers',
      approvals_dir: 'three-approvals',
      signers: { 'ana@condominio': { client_id: s.client('default').client_id } },
      // four in allowed_signers, Ana among them: three may approve her batch
      batch_bands: [{ approvals: 4 }],
    }),
  );
  const batch = await newBatch('30,00');
  const r = await s.condo.run([
    'batches',
    'download',
    batch,
    '-O',
    join(firm, 'tres.rem'),
    '--policy',
    three,
  ]);
  expect(r.exitCode).toBe(5);
  expect(r.stderr).toContain(
    "the policy's allowed_signers names 3 who may approve this batch (its creator aside): it can never have 4; add signers or change the bands",
  );
});

test('a supplier paid every month is not a new payee; one never paid is (#51 point 6: the seed’s year of payments)', async () => {
  const policyFile = join(firm, 'new-payee-policy.json');
  await writeFile(
    policyFile,
    JSON.stringify({
      allowed_signers: 'allowed_signers',
      approvals_dir: 'new-payee-approvals',
      batch_bands: [{ approvals: 1 }],
      new_payee: { approvals: 1 },
    }),
  );
  // a sandbox with the seed's year of ledger and this month's bills, as `sandbox start` makes it
  const seeded = await sandboxSession({ bills: true });
  try {
    const suppliers = await seeded.condo.json('suppliers list');
    const named = (re: RegExp) => suppliers.find((x: { name: string }) => re.test(x.name));
    const monthly = named(/Elevadores Horizonte/);
    const never = named(/Dedetizadora/);
    const chart = await leafExpenseAccount(s.condo);
    for (const [supplier, method] of [
      [monthly, 'ted'],
      [never, 'ted'],
    ] as const) {
      const p = await seeded.condo.json(
        `payables create --supplier ${supplier.id} --chart-account ${chart} --method ${method} --amount 90,00 --due +5d --description Favorecido`,
      );
      await seeded.condo.ok(['payables', 'mark', p.public_id]);
    }
    const batch = (await seeded.condo.json('batches create --date next-business-day --yes')).public_id;
    const refused = await seeded.condo.run([
      'batches',
      'download',
      batch,
      '-O',
      join(seeded.condo.configDir, 'novo.rem'),
      '--policy',
      policyFile,
    ]);
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr, refused.stderr).toContain(`${never.name} is a new payee`);
    expect(refused.stderr, refused.stderr).not.toContain(`${monthly.name} is a new payee`);
  } finally {
    await seeded.close();
  }
});
