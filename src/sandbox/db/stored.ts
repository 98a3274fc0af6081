/**
 * A record stored otherwise than the API answers it, derived from its answer schema so each field is declared once
 * (#54 point 3): its reais (decimal on the wire) stored as integer cents under `<field>_cents`, a few fields
 * stored with a shape of their own (an invoice's payment keeps its PDF's id). The stored type, the table's columns
 * (tables.ts columnsOf), the answer a route gives (`answerOf`) and a create's record (`storedFrom`) all come from
 * it: a field added to the answer schema is stored, answered and taken from a create body with no other change.
 */
import { type Static, type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { centsToDecimal, decimalToCents } from '../../domain/money.js';

/** The stored record of an answer `T`: money fields `M` as `<field>_cents`, fields `O` with their own types. */
export type Stored<
  T,
  M extends keyof T & string,
  O extends Partial<Record<keyof T, unknown>> = Record<never, never>,
> = {
  [K in keyof T as K extends M ? `${K}_cents` : K]: K extends M
    ? null extends T[K]
      ? number | null
      : number
    : K extends keyof O
      ? O[K]
      : T[K];
};

export interface StoredShape<S extends TObject, M extends keyof Static<S> & string> {
  /** the answer's schema */
  answer: S;
  /** its fields in decimal reais, stored in cents */
  money: readonly M[];
  /** the stored record's schema: for its columns */
  schema: TObject;
}

/**
 * How an answer schema is stored: the money fields in cents (an integer column), `own` fields as JSON where their
 * stored shape differs from the answer's.
 */
export function storedShape<S extends TObject, M extends keyof Static<S> & string>(
  answer: S,
  money: readonly M[],
  own: readonly (keyof Static<S> & string)[] = [],
): StoredShape<S, M> {
  const properties: TProperties = {};
  for (const [name, field] of Object.entries(answer.properties)) {
    if ((money as readonly string[]).includes(name)) properties[`${name}_cents`] = Type.Integer();
    else if ((own as readonly string[]).includes(name)) properties[name] = Type.Object({});
    else properties[name] = field as TSchema;
  }
  return { answer, money, schema: Type.Object(properties) };
}

/** The answer of a stored record, in the answer schema's order: cents as decimal reais, the rest as stored. */
export function answerOf<S extends TObject, M extends keyof Static<S> & string>(
  shape: StoredShape<S, M>,
  stored: object,
): Record<string, unknown> {
  const row = stored as Record<string, unknown>;
  const money = shape.money as readonly string[];
  return Object.fromEntries(
    Object.keys(shape.answer.properties).map((name) => {
      if (!money.includes(name)) return [name, row[name]];
      const cents = row[`${name}_cents`];
      return [name, typeof cents === 'number' ? centsToDecimal(cents) : null];
    }),
  );
}

/**
 * A new record's stored fields taken from a create body, by name: reais as cents (0 where the body leaves a
 * money field out), the others as given, null where the body has no such field. The caller sets the rest.
 */
export function storedFrom<S extends TObject, M extends keyof Static<S> & string>(
  shape: StoredShape<S, M>,
  body: object,
): Record<string, unknown> {
  const given = body as Record<string, unknown>;
  const money = shape.money as readonly string[];
  return Object.fromEntries(
    Object.keys(shape.answer.properties).map((name) => {
      if (!money.includes(name)) return [name, given[name] ?? null];
      const value = given[name];
      return [`${name}_cents`, typeof value === 'number' ? decimalToCents(value) : 0];
    }),
  );
}
