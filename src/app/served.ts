import { CondoError, NotFoundError } from '../domain/errors.js';

/**
 * A call to a route only condo's sandbox serves (docs/DESIGN.md "Extensions beyond the spec"). Another server
 * answers 404 or 405; that is said plainly as "this server cannot …", not as a missing record. The caller has
 * already read the record itself, so a 404 here is the route's, not the record's.
 */
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
