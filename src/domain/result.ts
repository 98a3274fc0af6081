/** Errors as values: pure parsers return one of these instead of throwing on user input. */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E = string>(error: E): Result<never, E> => ({ ok: false, error });
