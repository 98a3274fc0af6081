import { monotonicFactory } from 'ulid';
import { PAYABLE_WIRE_FIELDS } from '../../src/domain/request-bodies.js';
import { type SandboxStore, TEST_CONDOMINIUM } from '../../src/sandbox/index.js';
import type { Payable } from '../../src/sandbox/model.js';

/**
 * A payable as the store keeps it, its optional fields empty: for a test that puts thousands straight into the
 * sandbox's store (creating them over HTTP would take minutes) and names only what it is about.
 */
export function storedPayable(
  fields: Pick<
    Payable,
    | 'public_id'
    | 'supplier_id'
    | 'chart_of_accounts_id'
    | 'payee_name'
    | 'amount'
    | 'forma_pagamento'
    | 'due_date'
    | 'description'
    | 'state'
    | 'created_at'
  > &
    Partial<Payable>,
): Payable {
  // every field a writer may send empty, as the sandbox's create leaves them: a new optional field needs no line here
  const unset = Object.fromEntries(Object.keys(PAYABLE_WIRE_FIELDS).map((name) => [name, null]));
  return {
    ...unset,
    batch_id: null,
    paid_at: null,
    paid_amount: null,
    last_return: null,
    updated_at: fields.created_at,
    ...fields,
  } as Payable;
}

/**
 * `count` TEDs put straight into the test condominium's store, to the seed's first supplier with bank data, on a
 * leaf expense account: a firm's month, or a remittance of any size, without creating them over HTTP.
 */
export function storeTeds(
  store: SandboxStore,
  { count, state, dueDate }: { count: number; state: Payable['state']; dueDate: string },
): void {
  store.write(TEST_CONDOMINIUM, (tx) => {
    const supplier = tx.suppliers.find().find((x) => x.bank && x.document);
    const account = tx.chartAccounts
      .find()
      .find((a) => a.type === 'expense' && a.code.split('.').length === 3);
    if (!supplier || !account)
      throw new Error('the seed lacks a supplier with bank data or an expense account');
    const id = monotonicFactory();
    const now = new Date().toISOString();
    for (let i = 0; i < count; i++)
      tx.payables.insert(
        storedPayable({
          public_id: id(),
          supplier_id: supplier.id,
          chart_of_accounts_id: account.id,
          payee_name: supplier.name,
          amount: 10_000 + i,
          forma_pagamento: 'ted',
          due_date: dueDate,
          description: `Parcela ${i + 1}`,
          state,
          created_at: now,
        }),
      );
  });
}
