import { isDomainError } from '@promptloom/proto';
import { busRequestDuration, busRequestsTotal, jobDuration } from './instruments';

/** `ok`, a DomainError's code, or `INTERNAL`: a bounded label for how something ended. */
export function outcomeOf(error: unknown): string {
  return isDomainError(error) ? error.code : 'INTERNAL';
}

/** Times one bus request on the side that sent it (`call`) or answered it (`handle`); rethrows its error. */
export async function measureBusRequest<T>(
  subject: string,
  side: 'call' | 'handle',
  work: () => Promise<T>,
): Promise<T> {
  const stop = busRequestDuration.startTimer({ subject, side });
  let outcome = 'ok';
  try {
    return await work();
  } catch (error) {
    outcome = outcomeOf(error);
    throw error;
  } finally {
    stop({ outcome });
    busRequestsTotal.inc({ subject, side, outcome });
  }
}

/** Times one job; a failed job is `failed` (the bus retries or drops it). */
export async function measureJob<T>(queue: string, work: () => Promise<T>): Promise<T> {
  const stop = jobDuration.startTimer({ queue });
  let outcome = 'ok';
  try {
    return await work();
  } catch (error) {
    outcome = 'failed';
    throw error;
  } finally {
    stop({ outcome });
  }
}
