import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

type Step = (request: Request, response: Response, next: NextFunction) => unknown;

/**
 * Middlewares run one after the other as one: Express walks one layer instead of one per step (its router costs more
 * per layer than most of these steps do). As with the router, a step that answers ends the series, an error (thrown,
 * passed to `next` or a rejected promise) goes to the error handlers after it.
 */
export function series(...steps: Step[]): RequestHandler {
  return (request, response, next) => {
    let index = 0;
    const advance = (error?: unknown): void => {
      if (error) return next(error);
      const step = steps[index++];
      if (!step) return next();
      try {
        const result = step(request, response, advance) as Promise<unknown> | undefined;
        if (result && typeof result.then === 'function')
          result.then(undefined, (rejection: unknown) => next(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    advance();
  };
}
