/**
 * What of an unexpected error may go to the log: its kind, database error code, message and stack, but never
 * the parameters of a failed query (Drizzle puts them into the message: password hashes, names, health data).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    code: codeOf(error) ?? codeOf(cause),
    message: withoutParams(error.message),
    ...(cause ? { cause: `${cause.name}: ${withoutParams(cause.message)}` } : {}),
    stack: error.stack ? withoutParams(error.stack) : undefined,
  };
}

const codeOf = (error: Error | undefined): string | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Cuts everything from a "params:" list on, as Drizzle formats failed queries. */
const withoutParams = (text: string): string => text.replace(/\bparams:[\s\S]*?(?=\n\s+at |$)/g, 'params: [entfernt]');
