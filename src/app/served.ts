import { CondoError, NotFoundError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';

/** Whether an error is a server's answer that it has no such route (404 or 405). */
export function notServed(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof CondoError && error.status === 405);
}

/** The extension's answer, or `fallback` where the server does not serve it (a read that may find nothing there). */
export async function ifServed<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (notServed(error)) return fallback;
    throw error;
  }
}

/** What a call to an extension does, in words, and the verb that needs it: said where a server has none. */
export interface Extension {
  action: Text;
  verb: string;
  advice?: Text;
}

/**
 * A call to a route only condo's sandbox serves (docs/DESIGN.md "Extensions beyond the spec"). Another server
 * answers 404 or 405; that is said plainly as "this server cannot …", not as a missing record. The caller has
 * already read the record itself, so a 404 here is the route's, not the record's.
 */
export async function viaExtension<T>(what: Extension, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // exit 4 (not found): the route is not on this server
    if (notServed(error))
      throw new NotFoundError(
        {
          en: `this server cannot ${what.action.en} (${what.verb} is an extension of the condo sandbox)${what.advice ? `; ${what.advice.en}` : ''}`,
          pt: `este servidor não pode ${what.action.pt} (${what.verb} é uma extensão do sandbox do condo)${what.advice ? `; ${what.advice.pt}` : ''}`,
        },
        { code: 'not_supported' },
      );
    throw error;
  }
}
