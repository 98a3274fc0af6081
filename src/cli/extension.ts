import { CondoError, NotFoundError } from '../domain/errors.js';

/**
 * A call to a route only condo's sandbox serves (docs/DESIGN.md "Extensions beyond the spec"). Another server
 * answers 404 or 405; that is said plainly as "this server cannot …", not as a missing record. The caller has
 * already read the record itself, so a 404 here is the route's, not the record's.
 */
export async function viaExtension<T>(
  what: { action: string; verb: string; advice?: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFoundError || (error instanceof CondoError && error.status === 405))
      throw new CondoError(
        `this server cannot ${what.action} (${what.verb} is an extension of the condo sandbox)${what.advice ? `; ${what.advice}` : ''}`,
        { code: 'not_supported' },
      );
    throw error;
  }
}
