import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  AI_EMPTY_MESSAGE,
  AI_FAILURE_MESSAGE,
  AI_GAVE_UP_MESSAGE,
  AI_MALFORMED_MESSAGE,
  aiProviderGaveUpMessage,
  GenerationJob,
  LIST_FAMILY_PURPOSES,
  listReplyJsonSchema,
  type ChatRequest,
  type ChatResponse,
  aiEvents,
  planTypeRequest,
  type RandomSource,
  type ChatAudit,
  type RequestContext,
} from '@promptloom/proto';
import {
  PermanentFailure,
  recordEvent,
  type Bus,
  type Job,
  type Logger,
  type OutboxWriter,
} from '@promptloom/shared';
import { ProviderCancelled, ProviderError, providerNameOf, type AiProvider } from '../provider';
import { ListItemRecord } from '../lists/list-item.entity';
import { recordListChange } from '../lists/list-events';
import { addNewItems, isAgentFamily, saveAgentSettings, type RunSettings } from '../lists/list-writes';
import { addSubElements, subElementsOf } from '../lists/sub-element-handlers';
import { type AiQuotas } from '../quota/ai-quota';
import { AppliedJob } from './applied-job.entity';
import { listPrompt, subElementPrompt } from './prompts';
import { cleanListReply, cleanSubElementReply, type CleanedItem } from './reply-cleaning';
import { ProviderTries } from './provider-tries';
import { RunningJobs } from './running-jobs';
import { StreamedList } from './streamed-list';

type ListJob = Extract<GenerationJob, { kind: 'list' }>;
type Progress = { stored: number; total: number };

const settingsOf = (job: ListJob): RunSettings => ({
  levels: job.levels,
  aiModel: job.ai_model,
  frequency: job.frequency,
  agentRole: job.agent_role,
  name: job.name,
});
type SubElementJob = Extract<GenerationJob, { kind: 'sub_elements' }>;

/**
 * Runs one generation job: asks the provider, cleans the reply, and commits the items, the agent settings, the
 * job's ledger row and the event in one transaction. The ledger's primary key is the job id, so a job delivered
 * again (its worker died before the ack, or the command was sent twice) is applied once.
 */
export class JobRunner {
  constructor(
    private readonly em: () => EntityManager,
    private readonly provider: AiProvider,
    private readonly writer: OutboxWriter,
    private readonly logger: Logger,
    private readonly bus: Bus,
    /** Ends the job's quota reservation (RunHandlers made it under the job's id). */
    private readonly quotas: Pick<AiQuotas, 'settleJob'>,
    private readonly random: RandomSource = Math.random,
    private readonly running = new RunningJobs(),
    private readonly providerTries = new ProviderTries(),
  ) {}

  /** A user's Cancel, heard by every worker: the one running the job aborts its provider call. */
  cancel(jobId: string, userId: number): void {
    this.running.cancel(jobId, userId);
  }

  async run(job: Job): Promise<void> {
    const parsed = GenerationJob.safeParse(job.payload);
    // Never valid later either: straight to the dead letters, where an admin sees it.
    if (!parsed.success) throw new PermanentFailure(`Malformed generation job: ${parsed.error.message}`);
    const payload = parsed.data;
    const started = Date.now();
    const label = { jobId: payload.job_id, attempt: job.attempt, kind: payload.kind };
    this.logger.info(label, 'generation job started');
    if (await this.em().findOne(AppliedJob, { jobId: payload.job_id })) {
      await this.quotas.settleJob(payload.user_id, payload.job_id);
      return;
    }
    try {
      if (payload.kind === 'list') await this.runList(payload, job.context);
      else await this.runSubElements(payload, job.context);
    } catch (error) {
      // The last failure decides the give-up message: the database's or the bus's is not the provider's.
      if (!(error instanceof ProviderError)) this.providerTries.forget(payload.job_id);
      throw error;
    }
    this.providerTries.forget(payload.job_id);
    this.logger.info({ ...label, durationMs: Date.now() - started }, 'generation job finished');
  }

  /**
   * The job failed until its deadline: its user is told at once, on the bus rather than through the outbox (the
   * database may be what is down). No ledger row: an admin's retry of the dead job runs it again.
   */
  async giveUp(job: Job): Promise<void> {
    const parsed = GenerationJob.safeParse(job.payload);
    if (!parsed.success) return;
    const payload = parsed.data;
    const event = aiEvents.generationFailed;
    const tries = this.providerTries.take(payload.job_id);
    await this.quotas.settleJob(payload.user_id, payload.job_id);
    const message =
      tries > 0 ? aiProviderGaveUpMessage(providerNameOf(this.provider), tries) : AI_GAVE_UP_MESSAGE;
    await this.bus.publish(
      event.subject,
      event.payload.parse({
        userId: payload.user_id,
        jobId: payload.job_id,
        family: payload.kind === 'list' ? payload.family : 'bltypes',
        elementId: payload.kind === 'list' ? null : payload.element_id,
        message,
      }),
      { id: `${payload.job_id}.gave-up.${job.attempt}`, context: job.context },
    );
  }

  private async runList(job: ListJob, context: RequestContext): Promise<void> {
    const mine = await this.em().find(ListItemRecord, { userId: job.user_id, family: job.family });
    // A run that started before (its worker died) keeps what it stored; this one asks only for the rest.
    const progress: Progress = {
      stored: mine.filter((item) => item.jobId === job.job_id).length,
      total: job.frequency,
    };
    const existing = mine.map((item) => item.aiResponse);
    const plan = job.family === 'tl' ? planTypeRequest(job.frequency, job.seeds) : null;
    if (plan && plan.newCount === 0) {
      const items = cleanListReply({ ...job, reply: '', seeds: job.seeds, existing, random: this.random });
      await this.finishRun(job, context, 'stored', items, progress);
      return;
    }
    const prompt = listPrompt({
      family: job.family,
      model: job.ai_model,
      count: plan ? plan.newCount : job.frequency,
      frequency: job.frequency,
      agentRole: job.agent_role,
      name: job.name,
      existing: [...existing, ...(plan?.keptSeeds ?? [])],
      reasons: job.reasons,
    });
    const signal = this.running.start(job.job_id, job.user_id);
    try {
      await this.streamList(job, context, prompt, existing, progress, signal);
    } finally {
      this.running.end(job.job_id);
    }
  }

  /** Asks with a streamed reply, storing each cleaned item as it completes; a malformed reply is asked again once. */
  private async streamList(
    job: ListJob,
    context: RequestContext,
    prompt: ChatRequest,
    existing: string[],
    progress: Progress,
    signal: AbortSignal,
  ): Promise<void> {
    const given: string[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const stream = new StreamedList({
        family: job.family,
        frequency: job.frequency,
        seeds: job.seeds,
        existing: [...existing, ...given],
        limit: progress.total - progress.stored,
      });
      // One write at a time, in order; the first failure stops the rest and fails the job (redelivered, resumed).
      let writes = Promise.resolve();
      let writeError: unknown;
      const store = (items: CleanedItem[]) => {
        if (items.length === 0) return;
        given.push(...items.map((item) => item.text));
        writes = writes
          .then(() => (writeError ? undefined : this.storeStreamed(job, context, items, progress)))
          .catch((error: unknown) => void (writeError ??= error));
      };
      let response: ChatResponse;
      try {
        response = await this.provider.complete(
          { ...prompt, audit: auditOf(job) },
          {
            signal,
            onText: (delta) => store(stream.add(delta)),
            jsonSchema: listReplyJsonSchema(job.family),
          },
        );
      } catch (error) {
        await writes;
        if (writeError) throw writeError;
        if (error instanceof ProviderCancelled) {
          await this.finishRun(job, context, 'cancelled', [], progress);
          return;
        }
        await this.providerFailed(job, error, context, null);
        return;
      }
      store(stream.finish(response.content));
      await writes;
      if (writeError) throw writeError;
      if (response.replyIssue) {
        this.logger.warn({ jobId: job.job_id, replyIssue: response.replyIssue }, 'provider reply altered');
      }
      if (stream.malformed) {
        this.logger.warn({ jobId: job.job_id, attempt }, 'malformed structured reply');
        if (attempt === 1) continue;
        await this.fail(job, 'failed', AI_MALFORMED_MESSAGE, context, null);
        return;
      }
      if (response.content.trim() === '' && progress.stored === 0) {
        await this.fail(job, 'empty', AI_EMPTY_MESSAGE, context, null);
        return;
      }
      await this.finishRun(job, context, 'stored', [], progress);
      return;
    }
  }

  /** One or more items of a streamed run, committed and published at once (the unique index keeps them single). */
  private async storeStreamed(
    job: ListJob,
    context: RequestContext,
    items: CleanedItem[],
    progress: Progress,
  ): Promise<void> {
    await this.writer.write(async (tx) => {
      const target = { userId: job.user_id, family: job.family, jobId: job.job_id };
      const added = await addNewItems(tx, target, items, settingsOf(job));
      if (added.length === 0) return;
      progress.stored += added.length;
      await recordListChange(tx, target, { added }, context, { ...progress, state: 'running' });
    });
  }

  /** The run's end: its last items, the agent settings (a finished run only), the ledger row and the final event. */
  private async finishRun(
    job: ListJob,
    context: RequestContext,
    outcome: 'stored' | 'cancelled',
    items: CleanedItem[],
    progress: Progress,
  ): Promise<void> {
    await this.commit(job, outcome, async (tx) => {
      const target = { userId: job.user_id, family: job.family, jobId: job.job_id };
      const settings = settingsOf(job);
      const added = await addNewItems(tx, target, items, settings);
      progress.stored += added.length;
      if (outcome === 'stored' && isAgentFamily(job.family)) {
        await saveAgentSettings(tx, job.user_id, job.family, settings, new Date(`${job.today}T12:00:00Z`));
      }
      const state = outcome === 'stored' ? 'done' : 'cancelled';
      await recordListChange(tx, target, { added }, context, { ...progress, state });
    });
  }

  private async runSubElements(job: SubElementJob, context: RequestContext): Promise<void> {
    const element = await this.em().findOne(ListItemRecord, { id: job.element_id, family: 'bl' });
    if (!element) {
      await this.quotas.settleJob(job.user_id, job.job_id); // deleted meanwhile: nothing to fill, no call made
      return;
    }
    const existing = (await subElementsOf(this.em(), element.id)).map((row) => row.name);
    const reply = await this.ask(
      job,
      subElementPrompt(element.aiResponse, job.frequency, existing, job.reasons),
      context,
      element.id,
    );
    if (reply === null) return;
    const names = cleanSubElementReply(reply, job.frequency, this.random);
    await this.commit(job, 'stored', (tx) =>
      addSubElements(tx, element, names, job.job_id, context).then(() => undefined),
    );
  }

  /** The reply text, or null after recording the failure ('Error occurred while processing.' / 'No response from AI.'). */
  private async ask(
    job: GenerationJob,
    prompt: ChatRequest,
    context: RequestContext,
    elementId: number | null,
  ): Promise<string | null> {
    let content: string;
    try {
      content = (await this.provider.complete({ ...prompt, audit: auditOf(job) })).content;
    } catch (error) {
      await this.providerFailed(job, error, context, elementId);
      return null;
    }
    if (content.trim() === '') {
      await this.fail(job, 'empty', AI_EMPTY_MESSAGE, context, elementId);
      return null;
    }
    return content;
  }

  /** Rethrows what may succeed later (the bus retries until the deadline); records any other provider failure. */
  private async providerFailed(
    job: GenerationJob,
    error: unknown,
    context: RequestContext,
    elementId: number | null,
  ): Promise<void> {
    if (!(error instanceof ProviderError)) throw error;
    this.logger.warn({ jobId: job.job_id, status: error.status, detail: error.message }, 'generation failed');
    // Unreachable, rate limited or failing: worth another try later (the bus retries until the deadline).
    if (isTransient(error)) {
      this.providerTries.add(job.job_id, error.tries);
      throw error;
    }
    await this.fail(job, 'failed', AI_FAILURE_MESSAGE, context, elementId);
  }

  private async fail(
    job: GenerationJob,
    outcome: 'failed' | 'empty',
    message: string,
    context: RequestContext,
    elementId: number | null,
  ): Promise<void> {
    const family = job.kind === 'list' ? job.family : 'bltypes';
    await this.commit(job, outcome, async (tx) => {
      recordEvent(
        tx,
        aiEvents.generationFailed,
        { userId: job.user_id, jobId: job.job_id, family, elementId, message },
        context,
      );
    });
  }

  /**
   * The job's outcome in one transaction with its ledger row; a second attempt at the same job changes nothing. The
   * job has ended: its quota reservation is settled.
   */
  private async commit(
    job: GenerationJob,
    outcome: AppliedJob['outcome'],
    work: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    try {
      await this.writer.write(async (tx) => {
        tx.persist(new AppliedJob(job.job_id, job.user_id, outcome));
        await tx.flush();
        await work(tx);
        await tx.flush();
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    await this.quotas.settleJob(job.user_id, job.job_id);
  }
}

/** Who a job's provider call is recorded for, why, and the job whose items it became. */
function auditOf(job: GenerationJob): ChatAudit {
  const purpose = job.kind === 'sub_elements' ? 'sub_elements' : LIST_FAMILY_PURPOSES[job.family];
  return { userId: job.user_id, purpose, jobId: job.job_id, reasons: job.reasons };
}

/** No answer, 408, 409, 429 or 5xx: what the openai SDK itself retries, and what may succeed later. */
function isTransient(error: ProviderError): boolean {
  const { status } = error;
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}
