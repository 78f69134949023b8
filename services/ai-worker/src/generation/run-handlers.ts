import { randomUUID } from 'node:crypto';
import { type EntityManager } from '@mikro-orm/postgresql';
import {
  GENERATION_QUEUE,
  aiEvents,
  calendarDayOf,
  mayRunToday,
  type aiOperations,
  type GenerationJob,
  type JobTicket,
  type ParsedRequestOf,
  type RequestContext,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { AgentSettings } from '../lists/agent-settings.entity';
import { guidanceReasonsOf } from '../lists/guidance-reasons';
import { ListItemRecord } from '../lists/list-item.entity';
import { notFound } from '../lists/not-found';
import { subElementGuidanceOf } from '../lists/sub-element-guidance';
import { type OfferedModels } from '../provider/offered-models';
import { type AiQuotas } from '../quota/ai-quota';
import { estimatePromptTokens } from '../quota/token-estimate';

type Req<K extends keyof typeof aiOperations> = ParsedRequestOf<(typeof aiOperations)[K]>;

/** A Run becomes a job on the durable work queue; its result arrives as an event. */
export class RunHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly now: () => Date,
    private readonly quotas: AiQuotas,
    private readonly offered: OfferedModels,
  ) {}

  async runAgent(request: Req<'runAgent'>, context: RequestContext): Promise<JobTicket> {
    this.offered.check(request.ai_model, 'ai_model');
    const today = this.now();
    if (request.family === 'tl' || request.family === 'tr') {
      // SPEC §4: Types and Pro generate only when today is on or after the stored previous date.
      const settings = await this.em().findOne(AgentSettings, {
        userId: request.user_id,
        family: request.family,
      });
      if (!mayRunToday(today, settings?.date))
        return { job_id: null, status: 'not_due', next_date: settings!.date, reasons_used: [] };
    }
    // Read now, so the ticket names exactly the reasons the prompt will carry (issue 19).
    const reasons = await guidanceReasonsOf(this.em(), request.user_id, request.family);
    return this.enqueue(
      {
        kind: 'list',
        job_id: request.job_id ?? randomUUID(),
        user_id: request.user_id,
        family: request.family,
        levels: request.levels,
        ai_model: request.ai_model,
        frequency: request.frequency,
        agent_role: request.agent_role || null,
        name: request.name || null,
        seeds: request.seeds,
        today: calendarDayOf(today)!,
        reasons,
      },
      context,
    );
  }

  async generateSubElements(
    request: Req<'generateSubElements'>,
    context: RequestContext,
  ): Promise<JobTicket> {
    const element = await this.em().findOne(ListItemRecord, { id: request.element_id, family: 'bl' });
    if (!element) throw notFound('Element');
    return this.enqueue(
      {
        kind: 'sub_elements',
        job_id: request.job_id ?? randomUUID(),
        user_id: element.userId,
        element_id: element.id,
        frequency: request.frequency,
        reasons: await subElementGuidanceOf(this.em(), element),
      },
      context,
    );
  }

  /** The reasons that steer this user's next Run (of one list) or Refine (of all lists). */
  async guidanceReasons(request: Req<'guidanceReasons'>) {
    return { reasons: await guidanceReasonsOf(this.em(), request.user_id, request.family) };
  }

  /** A user's Cancel: told to every AI worker (the job runs on one of them); the items stored so far stay. */
  async cancelRun(request: Req<'cancelRun'>, context: RequestContext): Promise<{ requested: boolean }> {
    const event = aiEvents.runCancelRequested;
    await this.bus.publish(
      event.subject,
      event.payload.parse({ userId: request.user_id, jobId: request.job_id }),
      { id: `${request.job_id}.cancel`, context },
    );
    return { requested: true };
  }

  /**
   * Reserves the job's call and estimated tokens (the job settles them when it ends, see JobRunner), then queues it;
   * a job that could not be queued gives them back.
   */
  private async enqueue(job: GenerationJob, context: RequestContext): Promise<JobTicket> {
    const reservation = await this.quotas.reserve(job.user_id, this.estimateOf(job), { id: job.job_id });
    try {
      await this.bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id, context });
    } catch (error) {
      await this.quotas.settle(reservation, false);
      throw error;
    }
    return { job_id: job.job_id, status: 'queued', next_date: null, reasons_used: job.reasons ?? [] };
  }

  /** The job's own texts (the prompt adds them to its instructions and the user's items) and a reply. */
  private estimateOf(job: GenerationJob): number {
    const reasons = (job.reasons ?? []).flatMap((reason) => [reason.item, reason.reason]);
    const texts =
      job.kind === 'list'
        ? [...(job.seeds ?? []), job.name ?? '', job.agent_role ?? '', ...reasons]
        : reasons;
    return estimatePromptTokens(texts) + this.quotas.replyTokensEstimate;
  }
}
