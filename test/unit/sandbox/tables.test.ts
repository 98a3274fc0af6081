import { Type } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { Payable } from '../../../src/domain/responses.js';
import { CHART_ACCOUNTS, columnsOf, PAYABLES, SUPPLIERS } from '../../../src/sandbox/db/tables.js';

describe('columns read off a response schema', () => {
  test("a payable's columns are its schema's fields, in its order, each of its kind", () => {
    // a payable's fields are declared once (request-bodies.ts PAYABLE_WIRE_FIELDS, #72 point 4): the store follows the
    // schema, and what is pinned here is how each kind is kept, not the list again
    expect(Object.keys(PAYABLES.columns)).toEqual(Object.keys(Payable.properties));
    const kinds = PAYABLES.columns as Record<string, string>;
    for (const money of ['amount', 'fine_amount', 'interest_amount', 'discount_amount', 'paid_amount'])
      expect(kinds[money], money).toBe('int');
    for (const id of ['supplier_id', 'chart_of_accounts_id']) expect(kinds[id], id).toBe('int');
    for (const nested of ['last_return', 'tribute']) expect(kinds[nested], nested).toBe('json');
    for (const text of [
      'public_id',
      'batch_id',
      'forma_pagamento',
      'state',
      'due_date',
      'created_at',
      'description',
    ])
      expect(kinds[text], text).toBe('text');
    // every other field is text, the kind a new optional one of the spec's strings gets
    const pinned = new Set(Object.keys(kinds).filter((k) => kinds[k] !== 'text'));
    expect([...pinned].sort()).toEqual(
      [
        'amount',
        'chart_of_accounts_id',
        'discount_amount',
        'fine_amount',
        'interest_amount',
        'last_return',
        'paid_amount',
        'supplier_id',
        'tribute',
      ].sort(),
    );
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
