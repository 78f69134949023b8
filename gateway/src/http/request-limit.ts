import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { describeWait, tooManyRequests, type DomainError } from '@promptloom/proto';
import {
  Limit,
  MEMORY_LIMIT_STORE,
  type LimitOutcome,
  type LimitStore,
  type Logger,
} from '@promptloom/shared';
import { LimitHeadroom } from './limit-headroom';

export interface RequestLimitSettings {
  /** Requests per user (or, without a token, per address) per minute, over REST and GraphQL. */
  perMinute: number;
  enabled: boolean;
  /** PostgreSQL to share the count between gateway replicas; memory in the embedded default (one process). */
  store: LimitStore;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimitSettings = {
  perMinute: 600,
  enabled: true,
  store: MEMORY_LIMIT_STORE,
};

export const tooManyRequestsMessage = (wait: string) =>
  `Too many requests. Please slow down and try again ${wait}.`;

/**
 * Counts each REST and GraphQL request against its user (its address without a token). Past the limit REST answers
 * 429 with `Retry-After`; GraphQL answers 429 with `Retry-After` and a `TOO_MANY_REQUESTS` error in the GraphQL
 * envelope. A store that does not answer lets requests through (fails open) and logs it.
 */
export function requestLimits(settings: RequestLimitSettings, logger: Logger) {
  const limit = new Limit(
    settings.store,
    { name: 'requests_user', points: settings.perMinute, windowSeconds: 60, whenStoreDown: 'open' },
    logger,
  );
  // Requests far from the limit pass without waiting for the count (in PostgreSQL a query, in memory a promise).
  const counter = new LimitHeadroom(limit);
  const answerTo = (outcome: LimitOutcome) => {
    if (outcome.allowed) return null;
    const wait = outcome.retryAfterSeconds;
    return tooManyRequests(tooManyRequestsMessage(describeWait(wait)), wait);
  };
  /**
   * Counts one request of a user (an address without a token): the refusal to answer past the limit, else null; at
   * once while the key is far from its limit, else once counted.
   */
  const refusalNow = (
    userId: number | undefined,
    address: string | undefined | (() => string | undefined),
  ): DomainError | null | Promise<DomainError | null> => {
    if (!settings.enabled) return null;
    const key =
      userId !== undefined ? `user:${userId}` : `ip:${typeof address === 'function' ? address() : address}`;
    const atOnce = counter.takeAtOnce(key);
    return atOnce ? answerTo(atOnce) : counter.take(key).then(answerTo);
  };
  const refusal = async (...args: Parameters<typeof refusalNow>) => refusalNow(...args);
  /** REST passes the refusal to the error handler; GraphQL answers it in its own envelope. */
  const answerWith = (
    answer: 'rest' | 'graphql',
    error: DomainError | null,
    response: Response,
    next: NextFunction,
  ) => {
    if (!error) return next();
    if (answer === 'rest') return next(error);
    response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(429).json({
      errors: [
        { message: error.message, extensions: { code: error.code, retryAfter: error.retryAfterSeconds } },
      ],
    });
  };
  const check =
    (answer: 'rest' | 'graphql'): RequestHandler =>
    (request: Request, response: Response, next: NextFunction) => {
      // The address (proxy-addr's walk over X-Forwarded-For) only when there is no user to count.
      const refused = refusalNow(request.context.actor?.userId, () => request.ip);
      if (refused instanceof Promise)
        return refused.then((error) => answerWith(answer, error, response, next));
      answerWith(answer, refused, response, next);
    };
  const rest = check('rest');
  const graphql = check('graphql');
  /** `rest` under /api and `graphql` under /graphql, matched as Express mounts them (any case, whole segments). */
  const byPath: RequestHandler = (request, response, next) => {
    if (API_PATH.test(request.path)) return rest(request, response, next);
    if (GRAPHQL_PATH.test(request.path)) return graphql(request, response, next);
    next();
  };
  return { rest, graphql, byPath, refusal };
}

const API_PATH = /^\/api(?:\/|$)/i;
const GRAPHQL_PATH = /^\/graphql(?:\/|$)/i;

export type RequestRefusal = ReturnType<typeof requestLimits>['refusal'];
