import { liveSessionsOf, type Bus, type JobHandler, type Logger } from '@promptloom/shared';

/**
 * A queued generation whose session ended meanwhile (its user logged out, was deactivated or deleted) is dropped,
 * not run: it would spend the provider's quota and write rows for an account that no longer works.
 */
export function onlyForLiveSessions(bus: Bus, logger: Logger, run: JobHandler): JobHandler {
  return async (job) => {
    const actor = job.context.actor;
    if (actor && !(await (await liveSessionsOf(bus)).isLive(actor))) {
      logger.info({ jobId: job.id, userId: actor.userId }, 'generation job dropped: its session ended');
      return;
    }
    await run(job);
  };
}
