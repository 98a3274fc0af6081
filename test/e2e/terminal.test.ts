import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/** The CLI on a terminal (see tty.ts): prompts, colour, what a person sees. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const onTerminal = (args: string[], answers: [RegExp, string][] = [], env: NodeJS.ProcessEnv = {}) =>
  runOnTerminal(s.condo, args, answers, env);

test('auth login on a terminal asks for each value, masks the secret, and proves it before saving', async () => {
  const me = s.client('default');
  const r = await onTerminal(
    ['--profile', 'asked', 'auth', 'login'],
    [
      [/API base URL/, s.sandbox.baseUrl],
      [/Condominium/, me.condominium],
      [/Client id/, me.client_id],
      [/Client secret/, me.client_secret],
      [/Scopes/, 'payments.read payments.write'],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  // Another profile (default) is current: the new one is saved, and login says the current one stays.
  expect(r.output).toMatch(/profile "asked" saved; the current profile is still "default"/);
  expect(r.output).not.toContain(me.client_secret);
  expect(r.output).toMatch(/\*{10,}/);
  const status = await s.condo.json('--profile asked auth status');
  expect(status.scopes).toEqual(['payments.read', 'payments.write']);
});

test('auth login in Portuguese says where the slug is found, and asks again for one that is not a slug (#66)', async () => {
  const me = s.client('default');
  const r = await onTerminal(
    ['--lang', 'pt-BR', '--profile', 'slug', 'auth', 'login'],
    [
      [/URL/, s.sandbox.baseUrl],
      [/Condomínio \(slug\)/, 'Jardim Botânico'],
      // the refused answer stays in the field, as inquirer leaves it to be edited: Ctrl-U clears it
      [/um slug tem letras minúsculas, dígitos e hífens/, `\u0015${me.condominium}`],
      [/Client id|Id do cliente/i, me.client_id],
      [/Client secret|Segredo/i, me.client_secret],
      [/Scopes|Escopos/i, ''],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  expect(r.output.replace(/\s+/g, ' ')).toContain(
    'O slug do condomínio é o nome dele nos endereços da API (como residencial-jardim-botanico), dado com as credenciais do cliente; os do sandbox: condo sandbox credentials',
  );
  expect((await s.condo.json('--profile slug auth status')).condominium).toBe(me.condominium);
});

test('a question closed with Ctrl-D is an interruption said in Portuguese, exit 130 (#66)', async () => {
  const r = await onTerminal(
    ['--lang', 'pt-BR', '--profile', 'closed', 'auth', 'login'],
    [[/URL/, '\u0004']],
  );
  expect(r.exitCode).toBe(130);
  expect(r.output).toContain('a pergunta foi fechada antes da resposta: nada foi feito');
  expect(r.output).not.toContain('User force closed');
});

test('a table on a terminal is coloured, and NO_COLOR turns the colour off', async () => {
  const coloured = await onTerminal(['bank-accounts', 'list'], []);
  expect(coloured.exitCode).toBe(0);
  expect(coloured.output).toMatch(/\u001b\[1mNAME\u001b\[22m/);
  const plain = await onTerminal(['bank-accounts', 'list'], [], { NO_COLOR: '1' });
  expect(plain.output).toMatch(/^ID +NAME/m);
  expect(plain.output).not.toMatch(/\u001b\[1m/);
});

test('a prompt checks its answer where it is typed, in Portuguese, and asks again (#66)', async () => {
  const r = await onTerminal(
    ['--lang', 'pt-BR', 'payables', 'create', '--method', 'ted', '--payee', 'Vidraçaria Central'],
    [
      // a long list is filtered by what is typed, accents aside (#66)
      [/Conta contábil \(digite para filtrar\)[\s\S]*navegar/, 'agua\u0000'],
      [/Valor/, '-50,00'],
      [/--amount deve ser no mínimo R\$ 0,01/, '\u001550,00'],
      [/Vencimento/, '\u001531/02/2026'],
      [/não é uma data do calendário/, '\u0015+3d'],
      [/Descrição/, 'Vidro do hall, refeito'],
      // read back before it is entered (#66)
      [/Criar esta conta a pagar\?/, 's'],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  expect(r.output).not.toMatch(/is not a calendar date|must be at least|erro: --amount/);
  const created = (await s.condo.json('payables list --all')).find(
    (p: any) => p.description === 'Vidro do hall, refeito',
  );
  expect(created.amount).toBe(5000);
  const chosen = (await s.condo.json('ledger chart --type expense')).find(
    (a: any) => a.id === created.chart_of_accounts_id,
  );
  expect(chosen.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('agua');
});

test('payables create on a terminal asks for what the flags left out', async () => {
  const r = await onTerminal(
    ['payables', 'create', '--method', 'ted', '--due', '+3d'],
    [
      [/Supplier[\s\S]*navigate/, ''],
      [/Payee name/, 'Vidraçaria Central'],
      [/Chart account[\s\S]*navigate/, ''],
      [/Amount/, '1.234,56'],
      [/Description/, 'Troca de vidro do hall'],
      // what was answered, read back before it is entered (#66)
      [/Create this payable\?/, 'y'],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  const created = (await s.condo.json('payables list --all')).find(
    (p: any) => p.description === 'Troca de vidro do hall',
  );
  expect(created).toMatchObject({
    amount: 123456,
    payee_name: 'Vidraçaria Central',
    forma_pagamento: 'ted',
    state: 'pending',
  });
});

test('in Portuguese, the questions are asked in Portuguese (#31: a field declares its prompt in both languages)', async () => {
  const r = await onTerminal(
    ['--lang', 'pt-BR', 'payables', 'create', '--method', 'pix', '--due', '+4d'],
    [
      // the keys' help in Portuguese too (#53)
      [/Fornecedor[\s\S]*navegar/, ''],
      [/Nome do favorecido/, 'Chaveiro do Bairro'],
      [/Conta contábil[\s\S]*navegar/, ''],
      [/Valor \(R\$\)/, '88,00'],
      [/Descrição/, 'Cópia de chaves'],
      [/Criar esta conta a pagar\?/, ''],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  expect(r.output).toContain('(nenhum: digitar o nome do favorecido)');
  // the summary before the question, in Portuguese; Enter takes its default, yes
  const plain = r.output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
  expect(plain).toMatch(/Favorecido +Chaveiro do Bairro/);
  expect(plain).toMatch(/Valor +R\$ 88,00/);
  expect(r.output).not.toMatch(/Supplier|Payee name|Chart account|Amount|Description|navigate/);
  // only accounts a bill can be booked to: never a group (#53)
  expect(r.output).not.toMatch(/ 2 Despesas\b|2\.1 Despesas/);
  const created = (await s.condo.json('payables list --all')).find(
    (p: { description?: string }) => p.description === 'Cópia de chaves',
  );
  expect(created).toMatchObject({ amount: 8800, payee_name: 'Chaveiro do Bairro', forma_pagamento: 'pix' });
});
