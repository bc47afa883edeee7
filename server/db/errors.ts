/** Whether a database error is a unique constraint's (PostgreSQL and PGlite: SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
