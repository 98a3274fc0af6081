/**
 * What a request body's field has wrong, in both languages (#66): the words the shared schemas' checks give. The
 * sandbox answers a 422 with the English (the API's language); the CLI says it to a person in theirs.
 */
import type { TSchema } from '@sinclair/typebox';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { formatReais } from './money.js';
import type { Text } from './text.js';

/** The problems of our own keywords and of a body that is no object. */
export const FIELD_WORDS = {
  isoDate: { en: 'must be a calendar date YYYY-MM-DD', pt: 'deve ser uma data do calendário AAAA-MM-DD' },
  twoDecimals: { en: 'must have at most two decimals', pt: 'deve ter no máximo duas casas decimais' },
  object: { en: 'must be a JSON object', pt: 'deve ser um objeto JSON' },
} as const satisfies Record<string, Text>;

/** A bound as its field reads it: an amount in centavos as reais (1 is R$ 0,01, not "1"). */
const bound = (schema: TSchema, n: unknown) =>
  schema.description === 'centavos' && typeof n === 'number' ? formatReais(n) : String(n);

/** One TypeBox error, as a person reads it. */
export function fieldProblem(error: ValueError): Text {
  const s = error.schema;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { en: 'is required', pt: 'é obrigatório' };
    case ValueErrorType.ObjectAdditionalProperties:
      return { en: 'is not a known field', pt: 'não é um campo conhecido' };
    case ValueErrorType.Integer:
      return { en: 'must be an integer', pt: 'deve ser um número inteiro' };
    case ValueErrorType.Number:
      return { en: 'must be a number', pt: 'deve ser um número' };
    case ValueErrorType.String:
      return { en: 'must be a string', pt: 'deve ser um texto' };
    case ValueErrorType.StringMinLength:
      return { en: 'must not be empty', pt: 'não pode ficar vazio' };
    case ValueErrorType.StringPattern:
      return typeof s.description === 'string'
        ? { en: `must be ${s.description}`, pt: `deve ser ${s.description}` }
        : { en: 'has the wrong format', pt: 'está no formato errado' };
    case ValueErrorType.StringMaxLength:
      return {
        en: `must be at most ${s.maxLength} characters`,
        pt: `deve ter no máximo ${s.maxLength} caracteres`,
      };
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return {
        en: `must be at least ${bound(s, s.minimum)}`,
        pt: `deve ser no mínimo ${bound(s, s.minimum)}`,
      };
    case ValueErrorType.NumberExclusiveMinimum:
      return {
        en: `must be greater than ${bound(s, s.exclusiveMinimum)}`,
        pt: `deve ser maior que ${bound(s, s.exclusiveMinimum)}`,
      };
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return {
        en: `must be at most ${bound(s, s.maximum)}`,
        pt: `deve ser no máximo ${bound(s, s.maximum)}`,
      };
    case ValueErrorType.Union:
      return unionProblem(error);
    default:
      return { en: error.message.toLowerCase(), pt: error.message.toLowerCase() };
  }
}

/**
 * A union's problem: one of its literals, or, for a nullable value of the right kind but out of bounds (a PATCH's
 * amount), what the branch that is not null wants (#66: `--amount -10` read "has the wrong type").
 */
function unionProblem(error: ValueError): Text {
  const literals = (error.schema.anyOf as TSchema[])
    .map((s) => s.const)
    .filter((c): c is string => typeof c === 'string');
  if (literals.length > 0)
    return { en: `must be one of ${literals.join(', ')}`, pt: `deve ser um de ${literals.join(', ')}` };
  if (error.value !== null)
    for (const branch of error.errors) {
      const first = branch.First();
      if (first && first.type !== ValueErrorType.Null) return fieldProblem(first);
    }
  return { en: 'has the wrong type', pt: 'é do tipo errado' };
}
