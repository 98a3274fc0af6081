import { Type } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { Payable } from '../../../src/domain/responses.js';
import { CHART_ACCOUNTS, columnsOf, PAYABLES, SUPPLIERS } from '../../../src/sandbox/db/tables.js';

describe('columns read off a response schema', () => {
  test("a payable's columns are its schema's fields, each of its kind", () => {
    expect(PAYABLES.columns).toEqual({
      public_id: 'text',
      supplier_id: 'int',
      chart_of_accounts_id: 'int',
      payee_name: 'text',
      amount: 'int',
      fine_amount: 'int',
      interest_amount: 'int',
      discount_amount: 'int',
      forma_pagamento: 'text',
      due_date: 'text',
      issue_date: 'text',
      document_number: 'text',
      description: 'text',
      notes: 'text',
      state: 'text',
      batch_id: 'text',
      paid_at: 'text',
      paid_amount: 'int',
      last_return: 'json',
      tribute: 'json',
      created_at: 'text',
      updated_at: 'text',
    });
    expect(Object.keys(PAYABLES.columns)).toEqual(Object.keys(Payable.properties));
  });

  test("a supplier's and a chart account's columns are their response schemas' too (a nullable enum is text)", () => {
    expect(SUPPLIERS.columns).toEqual({
      id: 'int',
      name: 'text',
      document: 'text',
      bank: 'json',
      pix_key: 'text',
      pix_key_type: 'text',
      payment_data_changed_at: 'text',
    });
    expect(CHART_ACCOUNTS.columns).toEqual({
      id: 'int',
      code: 'text',
      name: 'text',
      type: 'text',
      state: 'text',
      parent_id: 'int',
    });
  });

  test('kinds: nullable and optional fields by what they hold; a field of two kinds is refused', () => {
    const schema = Type.Object({
      n: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      flag: Type.Boolean(),
      list: Type.Array(Type.String()),
      state: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    });
    expect(columnsOf(schema)).toEqual({ n: 'real', flag: 'bool', list: 'json', state: 'text' });
    expect(() => columnsOf(Type.Object({ x: Type.Union([Type.String(), Type.Integer()]) }))).toThrow(
      'column x: no one column kind for its schema',
    );
  });
});
