import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { paths } from '../generated/condo-api.js';
import { type Session, sandboxSession } from './harness.js';

/**
 * #30 point 5, as an integrator would: a client generated from the served document by tools we did not write
 * (openapi-typescript for the types, checked by `npm run typecheck` under --strict; openapi-fetch for the calls),
 * ten operations and a statement upload against the sandbox, and an error handled through its typed shape.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ bills: true });
});
afterAll(() => s.close());

test('the committed types are what openapi-typescript makes of the served document today', async () => {
  const served = await (await fetch(`${s.sandbox.baseUrl}/api/v1/openapi.json`)).json();
  // @ts-expect-error: a plain .mjs script without types
  const { typesOf } = await import('../../scripts/api-types.mjs');
  const committed = await readFile(join(import.meta.dirname, '..', 'generated', 'condo-api.d.ts'), 'utf8');
  expect(committed.slice(committed.indexOf('\n') + 1)).toBe(await typesOf(served));
});

test('ten operations and an upload through the generated client, and a typed error', async () => {
  const c = s.client('default');
  const grant = await fetch(`${s.sandbox.baseUrl}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&client_id=${c.client_id}&client_secret=${c.client_secret}`,
  });
  const { access_token } = (await grant.json()) as { access_token: string };
  const api = createClient<paths>({
    baseUrl: `${s.sandbox.baseUrl}/api/v1`,
    headers: { authorization: `Bearer ${access_token}` },
  });
  const condominium = c.condominium;
  const tenant = { path: { condominium } };

  const suppliers = await api.GET('/condominiums/{condominium}/suppliers', { params: tenant });
  const chart = await api.GET('/condominiums/{condominium}/chart-of-accounts', { params: tenant });
  const accounts = await api.GET('/condominiums/{condominium}/bank-accounts', { params: tenant });
  const supplier = suppliers.data?.data.find((x) => x.bank);
  const expense = chart.data?.data.find((a) => a.type === 'expense' && a.code.split('.').length === 3);
  const account = accounts.data?.data.find((a) => a.is_payment_account);
  expect(supplier && expense && account).toBeTruthy();

  const created = await api.POST('/condominiums/{condominium}/payables', {
    params: tenant,
    body: {
      supplier_id: supplier?.id,
      chart_of_accounts_id: expense?.id ?? 0,
      amount: 45_000,
      forma_pagamento: 'ted',
      due_date: '2031-05-10',
      description: 'Cliente gerado',
    },
  });
  const id = created.data?.data.public_id ?? '';
  expect(created.response.status).toBe(201);
  const one = { path: { condominium, payable: id } };
  expect(
    (await api.GET('/condominiums/{condominium}/payables/{payable}', { params: one })).data?.data.amount,
  ).toBe(45_000);
  const updated = await api.PATCH('/condominiums/{condominium}/payables/{payable}', {
    params: one,
    body: { notes: 'via openapi-fetch', amount: null },
  });
  expect(updated.data?.data.warnings.map((w) => w.field)).toEqual(['amount']);
  expect(
    (await api.POST('/condominiums/{condominium}/payables/{payable}/mark-for-remessa', { params: one })).data
      ?.data.state,
  ).toBe('marked_for_remessa');
  expect(
    (await api.POST('/condominiums/{condominium}/payables/{payable}/unmark-for-remessa', { params: one }))
      .data?.data.state,
  ).toBe('pending');
  const listed = await api.GET('/condominiums/{condominium}/payables', {
    params: { ...tenant, query: { state: 'pending' } },
  });
  expect(listed.data?.data.some((p) => p.public_id === id)).toBe(true);
  const batches = await api.GET('/condominiums/{condominium}/pagamento-batches', { params: tenant });
  expect(Array.isArray(batches.data?.data)).toBe(true);

  // an upload: the multipart file is a Blob in the generated types
  const ofx = await readFile(
    join(import.meta.dirname, '..', 'fixtures', 'corpus', 'statements', 'annacruz__ofx', 'sample.ofx'),
  );
  const imported = await api.POST(
    '/condominiums/{condominium}/bank-accounts/{bankAccount}/statements/import',
    {
      params: { path: { condominium, bankAccount: account?.id ?? 0 } },
      body: { format: 'ofx', force: 'true', file: new Blob([ofx]) },
      bodySerializer: (body) => {
        const form = new FormData();
        form.set('format', body.format);
        if (body.force) form.set('force', body.force);
        form.set('file', body.file, 'sample.ofx');
        return form;
      },
    },
  );
  expect(imported.response.status, JSON.stringify(imported.error)).toBe(201);

  // an error through its typed shape: the code and the request id beside it
  const missing = await api.GET('/condominiums/{condominium}/payables/{payable}', {
    params: { path: { condominium, payable: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  });
  expect(missing.response.status).toBe(404);
  expect(missing.error?.error.code).toBe('not_found');
  expect(missing.error?.request_id).toMatch(/^[0-9A-Z]{26}$/);
});
