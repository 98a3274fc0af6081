import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { writePaymentRemittance } from '../../src/formats/cnab240/writer.js';
import { sampleInput, samplePayments } from '../unit/formats/cnab240/fixtures.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * #31 point 4: an error is written in both languages where it is thrown, so a pt-BR screen shows it whole in
 * Portuguese. Before, these reached it in English or half translated ('--yes é obrigatório to delete without a
 * terminal to confirm on (nothing was deleted)').
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

/** Words that give an English sentence away (the values in a message, ids and flags, have none of them). */
const ENGLISH = /\b(is|not|the|give|of|to|was|one|cannot|without|matches|after)\b/;

const inPortuguese = async (args: string[], says: string) => {
  const r = await s.condo.run(['--lang', 'pt-BR', ...args]);
  expect(r.exitCode, r.stderr).not.toBe(0);
  expect(r.stderr).toContain(says);
  expect(r.stderr.replace(/"[^"]*"|--[\w-]+/g, ''), r.stderr).not.toMatch(ENGLISH);
};

test('usage errors in Portuguese, whole', async () => {
  await inPortuguese(['config', 'get', 'nope'], 'chave desconhecida "nope"');
  await inPortuguese(['payables', 'list', '--limit', 'abc'], '--limit: "abc" não é um número inteiro');
  await inPortuguese(['payables', 'list', '--state', 'pendng'], 'quis dizer "pending"?');
  await inPortuguese(['ledger', 'summary', '--from', '2026-05', '--to', '2026-01'], 'é depois de --to');
  await inPortuguese(['import', 'nada-*.ret'], 'nenhum arquivo corresponde a');
  await inPortuguese(['payables', 'list', '--supplier', 'zzzz'], 'nenhum fornecedor tem no nome "zzzz"');
  await inPortuguese(['batches', 'create', '--date', '2020-01-06', '--yes'], 'está no passado (hoje é');
  await inPortuguese(
    ['--profile', 'nope', 'payables', 'list'],
    'o perfil "nope" não existe (veja condo config list)',
  );
  // refusals by the domain's parsers, their words translated by the phrase rules
  await inPortuguese(['payables', 'list', '--due-to', 'xyz'], '"xyz" não é uma data (use DD/MM/AAAA');
  await inPortuguese(
    ['sandbox', 'boleto', '--amount', '1,234'],
    '"1,234" é ambíguo: escreva 1234,56 ou 1.234,56',
  );
  await inPortuguese(['sandbox', 'boleto', '--amount', 'abc'], '--amount: "abc" não é um valor em reais');
  // a boleto's own check digit, and a server's 404 with its request id
  const account = await leafExpenseAccount(s.condo);
  await inPortuguese(
    [
      ...['payables', 'create', '--payee', 'X', '--chart-account', String(account), '--amount', '50'],
      ...['--method', 'boleto', '--due', '+3d', '--description', 'x'],
      ...['--document', '34191090080012340001223456780008216520000298001'],
    ],
    'o dígito verificador geral (campo 4) é 2, esperado 1 (nada foi enviado)',
  );
  await inPortuguese(
    ['batches', 'show', '01M8C40H43Q8W9E8V8SVG7DEBF'],
    'lote de pagamento não encontrado (not_found, id da requisição ',
  );
});

test('a delete without a terminal to confirm on says so in Portuguese, and deletes nothing', async () => {
  const account = await leafExpenseAccount(s.condo);
  const created = await s.condo.json([
    ...['payables', 'create', '--payee', 'Gráfica', '--chart-account', String(account)],
    ...['--amount', '50,00', '--method', 'pix', '--due', '+5d', '--description', 'Cartazes'],
  ]);
  await inPortuguese(
    ['payables', 'delete', created.public_id],
    '--yes é obrigatório para excluir sem um terminal onde confirmar (nada foi excluído)',
  );
  expect((await s.condo.json(['payables', 'show', created.public_id])).state).toBe('pending');
});

test('what a command says it did, in Portuguese: the bank return, a list cut by --limit, report and ledger titles, a statement’s summary', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'condo-pt-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const rem = join(dir, 'lote.rem');
  await writeFile(rem, writePaymentRemittance(sampleInput(samplePayments())));
  const returned = await s.condo.run([
    '--lang',
    'pt-BR',
    'sandbox',
    'bank-return',
    rem,
    '-O',
    join(dir, 'r.ret'),
  ]);
  expect(returned.exitCode, returned.stderr).toBe(0);
  expect(returned.stderr).toMatch(/^retorno do banco: \d+ pagos?, \d+ agendados?, \d+ rejeitados?$/m);
  // config's answers name the key and what was done to it
  const set = await s.condo.run(['--lang', 'pt-BR', 'config', 'set', 'dda_files', 'banco/DDA-*.ret']);
  expect(set.stderr).toMatch(/^\S+\.dda_files definido$/m);
  const unset = await s.condo.run(['--lang', 'pt-BR', 'config', 'unset', 'dda_files']);
  expect(unset.stderr).toMatch(/^\S+\.dda_files removido$/m);
  const cut = await s.condo.run(['--lang', 'pt-BR', 'invoices', 'list', '--limit', '1']);
  expect(cut.stderr).toMatch(/^Mostrando 1 de \d+ \(--limit 1\)$/m);
  const ledger = await s.condo.ok(['--lang', 'pt-BR', '-o', 'table', 'ledger', 'summary', '--last', '2']);
  // months as Brazilians write them (#53): 10/2026 in a range, "novembro de 2026" in a line
  expect(ledger).toMatch(/^Razão de \d\d\/\d{4} a \d\d\/\d{4}$/m);
  expect(ledger).not.toMatch(/\d{4}-\d\d/);
  const paid = await s.condo.ok(['--lang', 'pt-BR', '-o', 'table', 'report', 'paid']);
  expect(paid).toMatch(/^\d+ pagamentos? em \p{L}+ de \d{4}, R\$ /mu);
  const ofx = join(import.meta.dirname, '..', 'fixtures', 'corpus', 'statements', 'annacruz__ofx', 'bb.ofx');
  const dry = await s.condo.ok(['--lang', 'pt-BR', 'statements', 'import', ofx, '--dry-run']);
  expect(dry).toMatch(
    /: OFX \(.+\), \d+ transações, líquido -?R\$ [\d.,]+, de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}$/m,
  );
  expect(dry).toMatch(/^ {2}banco \S+ conta \S+ \(\S+\): de /m);
});
