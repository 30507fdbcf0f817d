/**
 * The length a new password must have, in characters (docs/api-auth.md): the server refuses
 * others with `password_too_short:<min>` / `password_too_long:<max>`, and the forms say so first.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
