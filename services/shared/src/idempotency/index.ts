export { keepIdempotentAnswers, type IdempotentAnswersOptions } from './idempotent-answers';
export { IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotent-call';
export { IDEMPOTENCY_KEY_TTL_MS, IdempotencyKeys } from './idempotency-keys';
