/**
 * Expected failures of the game engines: a typed code plus a message that says what was received
 * and what was expected. Engines return these; they throw only on programming errors.
 */
export type Result<T, E extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E; readonly message: string };

/** Wraps a successful value. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Wraps an expected failure. */
export function fail<E extends string>(
  error: E,
  message: string,
): { readonly ok: false; readonly error: E; readonly message: string } {
  return { ok: false, error, message };
}
