/** Whether a database error is a unique violation of `constraint` (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || Boolean(e.message?.includes(constraint)));
}
