import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError } from '@promptloom/proto';
import { RequestInterrupted, type Logger } from '@promptloom/shared';
import { publicMessage } from '../http/error-responses';
import { enumInputError } from './enum-input-errors';
import { toCamelCase } from './field-names';

/**
 * DomainErrors keep their message and get `extensions.code` (and `extensions.fields` for BAD_USER_INPUT, keyed by
 * the GraphQL field names); GraphQL's own errors pass as they are; anything else becomes a bare INTERNAL error.
 */
export function formatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      if (original.code === 'SERVICE_UNAVAILABLE')
        logger.warn({ detail: original.message }, 'service unavailable');
      const extensions: Record<string, unknown> = { code: original.code };
      if (original.retryAfterSeconds !== undefined) extensions.retryAfter = original.retryAfterSeconds;
      if (original instanceof RequestInterrupted) extensions.mayHaveBeenApplied = true;
      if (original.fields) {
        extensions.fields = Object.fromEntries(
          Object.entries(original.fields).map(([field, messages]) => [toCamelCase(field), messages]),
        );
      }
      return {
        message: publicMessage(original),
        locations: formatted.locations,
        path: formatted.path,
        extensions,
      };
    }
    const outsideEnum = enumInputError(formatted);
    if (outsideEnum) {
      const { field, message } = outsideEnum;
      const extensions = { code: 'BAD_USER_INPUT', fields: { [field]: [message] } };
      return { message, locations: formatted.locations, extensions };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')
      return { ...formatted, extensions: { code } };
    if (isRequestError(original)) return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
    logger.error({ err: original }, 'unhandled GraphQL error');
    return { message: 'Internal server error.', path: formatted.path, extensions: { code: 'INTERNAL' } };
  };
}

/**
 * An error Apollo raised about the request itself with a 4xx status but no code (a persisted query whose hash does
 * not match): the client's mistake, told as it is, not an INTERNAL error.
 */
function isRequestError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError) return false;
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
