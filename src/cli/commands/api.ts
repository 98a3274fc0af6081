import { rawRequest } from '../../app/session.js';
import { UsageError } from '../../domain/errors.js';
import { isPrototypeKey, parseUntrustedJson } from '../../domain/json.js';
import type { Deps } from '../context.js';
import { readInput } from '../files.js';
import { printJson } from '../output.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface ApiOptions {
  field?: string[];
  rawField?: string[];
  input?: string;
}

/** `--field k=v`: numbers, true, false and null typed as JSON (gh's -F); `--raw-field k=v` always a string. */
function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function parseFields(fields: string[], typed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const eq = f.indexOf('=');
    if (eq <= 0)
      throw new UsageError({
        en: `--field: "${f}" is not key=value`,
        pt: `--field: "${f}" não é chave=valor`,
      });
    if (isPrototypeKey(f.slice(0, eq)))
      throw new UsageError({
        en: `--field: ${f.slice(0, eq)} cannot be a field name`,
        pt: `--field: ${f.slice(0, eq)} não pode ser nome de campo`,
      });
    out[f.slice(0, eq)] = typed ? typedValue(f.slice(eq + 1)) : f.slice(eq + 1);
  }
  return out;
}

async function readBody(deps: Deps, input: string): Promise<unknown> {
  const text = (await readInput(deps.io, input, '--input')).toString('utf8');
  const parsed = parseUntrustedJson(text);
  if (!parsed.ok)
    throw new UsageError(`--input: ${parsed.reason === 'syntax' ? 'not JSON: ' : ''}${parsed.message}`);
  return parsed.value;
}

/** A raw authenticated call for support staff and for what has no verb yet; prints the JSON response. */
export async function apiCall(
  deps: Deps,
  methodArg: string,
  path: string,
  opts: ApiOptions,
): Promise<number> {
  const method = methodArg.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new UsageError({
      en: `METHOD must be one of ${METHODS.join(', ')} (got "${methodArg}")`,
      pt: `METHOD deve ser um de ${METHODS.join(', ')} (recebido "${methodArg}")`,
    });
  }
  const fields = { ...parseFields(opts.field ?? [], true), ...parseFields(opts.rawField ?? [], false) };
  if (opts.input && Object.keys(fields).length > 0)
    throw new UsageError({
      en: 'use --input or --field, not both',
      pt: 'use --input ou --field, não os dois',
    });
  const [pathOnly = '', queryString] = path.split('?', 2);
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(queryString ?? ''));
  let body: unknown;
  if (opts.input) body = await readBody(deps, opts.input);
  else if (method === 'GET' || method === 'DELETE') Object.assign(query, fields);
  else if (Object.keys(fields).length > 0) body = fields;
  const response = await deps.app(rawRequest, {
    method: method as (typeof METHODS)[number],
    path: pathOnly,
    query,
    ...(body !== undefined ? { body } : {}),
  });
  if (response.body !== undefined && response.body !== null && response.body !== '')
    printJson(deps, response.body);
  return 0;
}
