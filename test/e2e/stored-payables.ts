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
  >,
): Payable {
  return {
    fine_amount: null,
    interest_amount: null,
    discount_amount: null,
    issue_date: null,
    document_number: null,
    notes: null,
    batch_id: null,
    paid_at: null,
    paid_amount: null,
    last_return: null,
    tribute: null,
    updated_at: fields.created_at,
    ...fields,
  };
}
