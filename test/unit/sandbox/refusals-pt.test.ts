import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiErrorText } from '../../../src/cli/api-errors.js';
import { loadTranslator, type Translate } from '../../../src/cli/i18n.js';
import { withFields } from '../../../src/cli/program.js';
import { parseErrorBody } from '../../../src/client/errors.js';
import { nextBusinessDay } from '../../../src/domain/business-days.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { errorBody, problemFromFrameworkError } from '../../../src/sandbox/http/errors.js';
import { buildStatementOfx, OTHER_CONDOMINIUM, simulateBankReturn } from '../../../src/sandbox/index.js';
import { englishLines } from '../../english.js';
import { type Reply, type Session, sandboxSession } from './session.js';

/**
 * #66 point 3: every refusal code the sandbox answers with, provoked for real where a request can (a sandbox on a
 * port, its answer parsed as the client parses it), said in Portuguese with no English word left: by its code and
 * params (cli/api-errors.ts), a field's refusal by the phrase rules. The codes are read from the sandbox's source,
 * so a new one is walked here or this test fails.
 */

const MANUTENCAO = 23; // 2.3.01, an expense
const TAXA_CONDOMINIAL = 3; // 1.1.01, a revenue
const PISCINA = 28; // 2.3.06, an inactive expense
const ELEVADORES = 1;
const UNIT_A101 = 1;
const ITAU = 1;
const today = todayIn(new Date());
const payday = nextBusinessDay(addDays(today, 1));

let s: Session;
let t: Translate;
const said = new Map<string, string[]>();

beforeAll(async () => {
  s = await sandboxSession();
  t = await loadTranslator('pt-BR');
});
afterAll(() => s.close());

/** What a pt-BR screen says of a refusal: by its code, else its message and each field's words translated. */
function words(status: number, body: unknown): { code: string; text: string } {
  const e = parseErrorBody(status, body);
  // as reportError says it (cli/program.ts), of what `condo api` sent: API fields, not flags
  const byCode = apiErrorText(t, { code: e.code, message: e.message, facts: e.facts ?? {} });
  return { code: e.code, text: byCode ?? t(withFields(e.message, e.fields, false)) };
}

/** The refusal `r` is, with `code`, in Portuguese whole, and says `says`. */
function inPortuguese(r: Reply, code: string, says: string | RegExp): void {
  expect(r.status, r.text).toBeGreaterThanOrEqual(400);
  const { code: got, text } = words(r.status, r.body);
  expect(got, r.text).toBe(code);
  expect(englishLines(text), text).toEqual([]);
  expect(text).toMatch(says);
  said.set(code, [...(said.get(code) ?? []), text]);
}

const payableBody = (extra: Record<string, unknown> = {}) => ({
  chart_of_accounts_id: MANUTENCAO,
  supplier_id: ELEVADORES,
  forma_pagamento: 'pix',
  amount: 185_000,
  due_date: '2030-01-10',
  description: 'Manutenção preventiva',
  ...extra,
});

const slug = () => s.client('default').condominium;

/** A call under another Host name (fetch sends the URL's own): a page whose DNS points at the sandbox. */
async function asHost(host: string): Promise<Reply> {
  const { request } = await import('node:http');
  const url = new URL(`${s.sandbox.baseUrl}/api/v1/ping`);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body: JSON.parse(text), text }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('a field refused by the server: not an expense, inactive, of no such supplier', async () => {
  const revenue = await s.api('POST', '/payables', {
    json: payableBody({ chart_of_accounts_id: TAXA_CONDOMINIAL }),
  });
  inPortuguese(revenue, 'validation_failed', 'a conta 1.1.01 não é uma conta de despesa');
  const inactive = await s.api('POST', '/payables', { json: payableBody({ chart_of_accounts_id: PISCINA }) });
  inPortuguese(inactive, 'validation_failed', 'a conta 2.3.06 está inativa');
  const nobody = await s.api('POST', '/expenses', {
    json: {
      chart_of_accounts_id: MANUTENCAO,
      supplier_id: 999,
      description: 'x',
      amount: 10,
      due_at: payday,
    },
  });
  inPortuguese(nobody, 'validation_failed', 'não existe neste condomínio');
});

test('a record missing, a state that forbids it, a second of what must be one', async () => {
  inPortuguese(
    await s.api('GET', '/payables/01ARZ3NDEKTSV4RRFFQ69G5FAV'),
    'not_found',
    'conta a pagar não encontrada',
  );
  // nothing marked yet: no batch
  inPortuguese(
    await s.api('POST', '/pagamento-batches', { json: { data_pagamento: payday } }),
    'nothing_to_remit',
    'nenhuma conta está marcada para remessa',
  );
  // a TED with no supplier's bank data cannot go in the bank's file
  const ted = await s.api('POST', '/payables', {
    json: payableBody({ supplier_id: null, payee_name: 'Fulano', forma_pagamento: 'ted' }),
  });
  expect(ted.status, ted.text).toBe(201);
  inPortuguese(
    await s.api('POST', `/payables/${ted.body.data.public_id}/mark-for-remessa`),
    'not_remittable',
    'precisa dos dados bancários do fornecedor',
  );
  // a payable in a batch is not deleted; a canceled batch is not canceled again, nor given a return
  const p = await s.api('POST', '/payables', { json: payableBody() });
  await s.api('POST', `/payables/${p.body.data.public_id}/mark-for-remessa`);
  const batch = await s.api('POST', '/pagamento-batches', { json: { data_pagamento: payday } });
  expect(batch.status, batch.text).toBe(201);
  inPortuguese(await s.api('DELETE', `/payables/${p.body.data.public_id}`), 'invalid_state', /lote/);
  const id = batch.body.data.public_id;
  const file = await s.call('GET', `/condominiums/${slug()}/pagamento-batches/${id}/file`, {
    token: await s.token(),
  });
  expect((await s.api('POST', `/pagamento-batches/${id}/cancel`)).status).toBe(200);
  inPortuguese(
    await s.api('POST', `/pagamento-batches/${id}/cancel`),
    'invalid_state',
    `o lote ${id} já está cancelado`,
  );
  const form = new FormData();
  form.set('file', new Blob([simulateBankReturn(file.text).text]), 'retorno.ret');
  const late = await s.call('POST', `/condominiums/${slug()}/pagamento-batches/${id}/retorno`, {
    token: await s.token(),
    body: form,
  });
  inPortuguese(late, 'invalid_state', `o lote ${id} foi cancelado`);
  // an invoice issued once
  const invoice = await s.api('POST', '/invoices', {
    json: {
      unit_id: UNIT_A101,
      bank_account_id: ITAU,
      due_date: addDays(today, 10),
      subtotal: 850,
      total: 850,
    },
  });
  expect(invoice.status, invoice.text).toBe(201);
  await s.api('POST', `/invoices/${invoice.body.data.public_id}/issue`);
  inPortuguese(
    await s.api('POST', `/invoices/${invoice.body.data.public_id}/issue`),
    'invalid_state',
    'a cobrança está emitida; só um rascunho pode ser emitido',
  );
  // a supplier's CNPJ is one supplier's
  await s.api('POST', '/suppliers', {
    json: { name: 'Vidraçaria Central Ltda', document: '11444777000161' },
  });
  inPortuguese(
    await s.api('POST', '/suppliers', { json: { name: 'Outra', document: '11444777000161' } }),
    'conflict',
    'já tem o CPF/CNPJ 11444777000161',
  );
  // a closed month
  inPortuguese(
    await s.api('POST', '/expenses', {
      json: {
        chart_of_accounts_id: MANUTENCAO,
        description: 'x',
        amount: 10,
        due_at: '2025-01-06',
        paid_at: '2025-01-06',
      },
    }),
    'period_closed',
    'o período financeiro 01/2025 está fechado',
  );
});

test('a file refused: empty, for another account; an import or a key still running', async () => {
  const statement = (account: string, count = 10_000, prefix = 'R') =>
    buildStatementOfx({
      bankCode: '341',
      agency: '0350',
      account,
      start: '2026-01-01',
      end: '2026-01-31',
      balanceCents: 0,
      transactions: Array.from({ length: count }, (_, i) => ({
        fitid: `${prefix}${account}${i}`,
        date: '2026-01-15',
        amountCents: -(100 + i),
        memo: `TARIFA ${i}`,
      })),
    });
  const send = async (content: string, key?: string) => {
    const form = new FormData();
    form.set('format', 'ofx');
    form.set('file', new Blob([content]), 'extrato.ofx');
    return s.call('POST', `/condominiums/${slug()}/bank-accounts/${ITAU}/statements/import`, {
      token: await s.token(),
      body: form,
      headers: key ? { 'idempotency-key': key } : {},
    });
  };
  inPortuguese(await send(''), 'invalid_file', 'o servidor recusou o arquivo: linha 1: o arquivo está vazio');
  inPortuguese(
    await send(statement('99999-9', 2)),
    'account_mismatch',
    /não é da conta bancária 1 .*: linha \d+: o extrato é da conta 99999-9/,
  );
  // the first is still writing its lines when the other arrives: the same key told to wait, then another file
  // of the same account told another import is running
  const [a, b] = await Promise.all([
    send(statement('12345-1'), 'walk-1'),
    send(statement('12345-1'), 'walk-1'),
  ]);
  const code = (r: Reply) => r.body?.error?.code;
  const waiting = [a, b].find((r) => code(r) === 'idempotency_in_progress');
  expect(waiting, [a, b].map((r) => r.text.slice(0, 200)).join('\n')).toBeDefined();
  inPortuguese(waiting as Reply, 'idempotency_in_progress', 'ainda está em andamento');
  const [c, d] = await Promise.all([
    send(statement('12345-1', 10_000, 'C')),
    send(statement('12345-1', 10_000, 'D')),
  ]);
  const running = [c, d].find((r) => code(r) === 'import_in_progress');
  expect(running, [c, d].map((r) => r.text.slice(0, 200)).join('\n')).toBeDefined();
  inPortuguese(running as Reply, 'import_in_progress', 'outra importação de extrato da conta bancária 1');
});

test('a key, a token, a host, a request condo shapes: each refusal in Portuguese', async () => {
  await s.api('POST', '/payables', { json: payableBody(), headers: { 'idempotency-key': 'walk-key' } });
  inPortuguese(
    await s.api('POST', '/payables', {
      json: payableBody({ amount: 1 }),
      headers: { 'idempotency-key': 'walk-key' },
    }),
    'idempotency_conflict',
    'já foi usada com outro método, caminho ou corpo',
  );
  inPortuguese(await s.api('GET', '/units', { token: 'nope' }), 'unauthenticated', 'condo auth login');
  inPortuguese(
    await s.call('GET', `/condominiums/${OTHER_CONDOMINIUM}/units`, { token: await s.token() }),
    'forbidden',
    'não tem acesso',
  );
  inPortuguese(
    await s.api('POST', '/payables', {
      json: payableBody(),
      token: await s.token('default', 'payments.read'),
    }),
    'insufficient_scope',
    'esta chamada precisa do escopo payments.write',
  );
  const secret = await s.call('POST', '/oauth/token', {
    json: {
      grant_type: 'client_credentials',
      client_id: s.client('default').client_id,
      client_secret: 'errado',
    },
  });
  inPortuguese(secret, 'invalid_client', 'cliente desconhecido ou segredo errado');
  inPortuguese(
    await s.call('POST', '/oauth/token', { json: { grant_type: 'password' } }),
    'unsupported_grant_type',
    'não aceita este tipo de concessão',
  );
  inPortuguese(
    await s.call('POST', '/oauth/token', { json: {} }),
    'invalid_request',
    'recusou a forma do pedido',
  );
  inPortuguese(
    await s.call('POST', '/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: s.client('default').client_id,
        client_secret: s.client('default').client_secret,
        scope: 'tudo.write',
      },
    }),
    'invalid_scope',
    'não tem um dos escopos pedidos',
  );
  inPortuguese(await asHost('evil.example'), 'misdirected_request', 'não a "evil.example"');
  const token = await s.token();
  const path = `/condominiums/${slug()}/payables`;
  inPortuguese(
    await s.call('POST', path, {
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"amount": 10,',
    }),
    'bad_request',
    'o servidor recusou a forma da requisição',
  );
  inPortuguese(
    await s.call('POST', path, { token, headers: { 'content-type': 'text/plain' }, body: 'amount=10' }),
    'unsupported_media_type',
    'não aceita este tipo de conteúdo',
  );
  inPortuguese(
    await s.call('POST', path, { token, json: payableBody({ notes: 'x'.repeat(2 * 1024 * 1024) }) }),
    'payload_too_large',
    'grande demais',
  );
  inPortuguese(
    await s.api('PUT', '/payables', { token, json: {} }),
    'method_not_allowed',
    'não aceita este método',
  );
  inPortuguese(
    await s.call('GET', '/ping', { headers: { 'x-padding': 'a'.repeat(64 * 1024) } }),
    'request_header_fields_too_large',
    'cabeçalhos da requisição são grandes demais',
  );
  // a failure of the sandbox's own, as its error handler answers one
  const failed = problemFromFrameworkError(new Error('boom'));
  inPortuguese(
    { status: failed.status, body: errorBody(failed, 'id'), text: '', headers: new Headers() },
    'internal_error',
    'o servidor falhou ao atender a requisição',
  );
});

test('past its rate: in Portuguese, with the limit', async () => {
  const limited = await sandboxSession({ rateLimit: { count: 1, seconds: 60 } });
  try {
    const token = await limited.token();
    await limited.api('GET', '/units', { token });
    inPortuguese(
      await limited.api('GET', '/units', { token }),
      'rate_limited',
      'limite de 1 requisição excedido',
    );
  } finally {
    await limited.close();
  }
});

test('every refusal code in the sandbox’s source was walked above', () => {
  const root = join(import.meta.dirname, '..', '..', '..', 'src', 'sandbox');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const codes = new Set<string>();
  const made =
    /(?:new ApiProblem\(\s*\d+,\s*|domainRule\(\s*|fileRefused\(\s*|new DomainError\(\s*'\w+',\s*|new OAuthError\(\s*\d+,\s*)'([a-z_]+)'/g;
  for (const f of files) for (const m of readFileSync(join(root, f), 'utf8').matchAll(made)) codes.add(m[1]!);
  // the services' builders name theirs once (services/errors.ts): not_found, invalid_state, conflict, validation_failed
  for (const c of [
    'not_found',
    'invalid_state',
    'conflict',
    'validation_failed',
    'unauthenticated',
    'forbidden',
    'insufficient_scope',
  ])
    codes.add(c);
  expect(codes.size).toBeGreaterThan(15);
  expect([...codes].filter((c) => !said.has(c)).sort()).toEqual([]);
});
