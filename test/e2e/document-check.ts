import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/domain/openapi.js';

/**
 * #30 point 5: every answer the end-to-end suite receives is validated against the served OpenAPI document by a
 * validator we did not write (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1): a success against its
 * operation's response for that status, an error against the document's Error (the token endpoint's against its
 * OAuthError). Each session reports how many it validated.
 */

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
// Each component schema is registered as a schema of its own (`doc:schemas/Payable`), so ajv compiles it once and
// every validator that refers to it shares it. Refs into one registered document were compiled again for every
// operation's validator: ~2.5 s of CPU over the suite's workers (#31 point 7). Answers are checked by validators
// that stop at the first error, cheaper to compile and to run; an answer that fails is checked again by one that
// lists every error, for the report.
function validatorMaker(allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors, validateFormats: true, inlineRefs: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  for (const [name, schema] of Object.entries(doc.components.schemas as Json))
    ajv.addSchema(rebase(closedCopy(schema) as Json), `doc:schemas/${name}`);
  return ajv;
}
const firstError = validatorMaker(false);
let everyError: Ajv2020 | undefined;

const byOperation = new Map<string, { path: string; method: string; op: Json }>();
for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>))
  for (const [method, op] of Object.entries(ops)) byOperation.set(op.operationId, { path, method, op });

const compiled = new Map<string, ReturnType<Ajv2020['compile']> | null>();

/** The schema an answer must match, as a ref into the document's components. */
function validatorFor(operation: string, status: number) {
  const key = `${operation} ${status}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const entry = byOperation.get(operation);
  let schema: Json | undefined;
  if (entry) {
    const responses = entry.op.responses as Json;
    const response = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
    const ref = response?.$ref as string | undefined;
    const resolved = ref ? doc.components.responses[ref.split('/').pop() as string] : response;
    schema = resolved?.content?.['application/json']?.schema;
  } else if (status >= 400) schema = { $ref: '#/components/schemas/Error' };
  const validate = schema ? firstError.compile(rebase(closedCopy(schema) as Json)) : null;
  compiled.set(key, validate);
  return validate;
}

/** Every error of an answer that failed its validator. */
function everyErrorOf(validate: NonNullable<ReturnType<typeof validatorFor>>, body: unknown): string {
  everyError ??= validatorMaker(true);
  const again = everyError.compile(validate.schema as Json);
  again(body);
  return describe(again.errors);
}

/** `#/components/schemas/X` refs made to point at the schema registered as `doc:schemas/X`. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc:'));
}

/**
 * The document as the sandbox's own tests read it: every object that names its properties is closed, whatever
 * the published document allows a client to tolerate, so a field the sandbox sends undocumented fails here.
 */
function closedCopy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedCopy);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json))
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as Json).map(([p, x]) => [p, closedCopy(x)]))
        : closedCopy(v);
  if (out.type === 'object' && out.properties && Object.keys(out.properties).length > 0)
    out.additionalProperties = false;
  return out;
}

/** ajv's errors, once each, naming an undeclared property where that is the complaint. */
function describe(errors: Ajv2020['errors']): string {
  const said = (errors ?? []).map((e) =>
    e.keyword === 'additionalProperties'
      ? `${e.instancePath || '/'} has undeclared "${(e.params as { additionalProperty: string }).additionalProperty}"`
      : `${e.instancePath || '/'} ${e.message}`,
  );
  return [...new Set(said)].join('; ');
}

export function documentChecker() {
  let validated = 0;
  const violations: string[] = [];
  return {
    observe: (a: { operation: string; method: string; url: string; status: number; body: string }) => {
      const validate = validatorFor(a.operation, a.status);
      if (!validate) return;
      let body: unknown;
      try {
        body = JSON.parse(a.body);
      } catch {
        violations.push(`${a.method} ${a.url} ${a.status}: not JSON`);
        return;
      }
      validated++;
      if (!validate(body))
        violations.push(`${a.operation || a.url} ${a.status}: ${everyErrorOf(validate, body).slice(0, 300)}`);
    },
    get validated() {
      return validated;
    },
    violations,
  };
}
