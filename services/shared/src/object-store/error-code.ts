/** The system or S3 error code of a failure (`ENOENT`, `ECONNREFUSED`, `NoSuchKey`), else the error's class name. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && code !== '') {
    return code;
  }
  return error instanceof Error ? error.name : 'unknown error';
}
