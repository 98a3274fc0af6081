/**
 * `condo sandbox openapi`: the API's OpenAPI document, generated from the operations table: no sandbox is read or
 * started, so this module leaves the sandbox's code unloaded.
 */
import type { Deps } from '../context.js';
import { deliverText, outputTarget } from '../files.js';
import { urlFlag } from '../flags.js';

export interface OpenApiOptions {
  server?: string;
  outputFile?: string;
  force?: boolean;
}

/** The API's OpenAPI 3.1 document, generated from the operations table (the sandbox serves the same one). */
export async function openApiVerb(deps: Deps, opts: OpenApiOptions): Promise<number> {
  const serverUrl = opts.server === undefined ? undefined : urlFlag('--server', opts.server).origin;
  const target = await outputTarget(opts.outputFile ?? '-', 'openapi.json', Boolean(opts.force));
  const { openApiDocument } = await import('../../domain/openapi.js');
  const text = `${JSON.stringify(openApiDocument(serverUrl ? { serverUrl } : {}), null, 2)}\n`;
  await deliverText(deps.io, target, text, 'utf8');
  return 0;
}
