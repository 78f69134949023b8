import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';

/** README "Retrying a write safely": one key per user action, the same on every automatic retry of it. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A fresh key (a UUID); `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The header as the IETF draft writes it: a structured-field string. */
const headerValue = (key: string) => `"${key}"`;

/**
 * A REST call's headers with an Idempotency-Key if it changes something (not GET or HEAD) and its caller did not
 * choose one (a caller retrying a call passes the key it used the first time).
 */
export function withIdempotencyKey(method: string | undefined, headers: Headers): Headers {
  const reads = ['GET', 'HEAD'].includes((method ?? 'GET').toUpperCase());
  if (!reads && !headers.has(IDEMPOTENCY_KEY_HEADER)) {
    headers.set(IDEMPOTENCY_KEY_HEADER, headerValue(newIdempotencyKey()));
  }
  return headers;
}

/**
 * Gives each mutation one key, kept in its operation's context: a retry of the same operation (RetryLink forwards
 * it again) sends the same key, so the server applies it once. After the auth link, whose headers it keeps.
 */
export function idempotencyKeyLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operation.operationType === OperationTypeNode.MUTATION) {
      operation.setContext((context: { idempotencyKey?: string; headers?: Record<string, string> }) => {
        const key = context.idempotencyKey ?? newIdempotencyKey();
        return {
          idempotencyKey: key,
          headers: { ...context.headers, [IDEMPOTENCY_KEY_HEADER]: headerValue(key) },
        };
      });
    }
    return forward(operation);
  });
}

/** 503: the bus was down or dropped the request; with its key, a mutation is safe to send again. */
function isUnavailable(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 503;
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((entry) => entry.extensions?.code === 'SERVICE_UNAVAILABLE')
  );
}

/** Retries a mutation the server could not answer (503) twice, a second or more apart, under the same key. */
export function mutationRetryLink(): ApolloLink {
  return new RetryLink({
    delay: { initial: 1_000, max: 4_000, jitter: true },
    attempts: {
      max: 3,
      retryIf: (error, operation) =>
        operation.operationType === OperationTypeNode.MUTATION && isUnavailable(error),
    },
  });
}
