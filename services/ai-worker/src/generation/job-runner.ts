import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  AI_EMPTY_MESSAGE,
  AI_FAILURE_MESSAGE,
  AI_GAVE_UP_MESSAGE,
  GenerationJob,
  LIST_FAMILY_PURPOSES,
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
import { ProviderError, type AiProvider } from '../provider';
import { ListItemRecord } from '../lists/list-item.entity';
import { recordListChange } from '../lists/list-events';
import { addNewItems, isAgentFamily, saveAgentSettings } from '../lists/list-writes';
import { addSubElements, subElementsOf } from '../lists/sub-element-handlers';
import { AppliedJob } from './applied-job.entity';
import { listPrompt, subElementPrompt } from './prompts';
import { cleanListReply, cleanSubElementReply } from './reply-cleaning';

type ListJob = Extract<GenerationJob, { kind: 'list' }>;
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
    private readonly random: RandomSource = Math.random,
  ) {}

  async run(job: Job): Promise<void> {
    const parsed = GenerationJob.safeParse(job.payload);
    // Never valid later either: straight to the dead letters, where an admin sees it.
    if (!parsed.success) throw new PermanentFailure(`Malformed generation job: ${parsed.error.message}`);
    const payload = parsed.data;
    const started = Date.now();
    const label = { jobId: payload.job_id, attempt: job.attempt, kind: payload.kind };
    this.logger.info(label, 'generation job started');
    if (await this.em().findOne(AppliedJob, { jobId: payload.job_id })) return;
    if (payload.kind === 'list') await this.runList(payload, job.context);
    else await this.runSubElements(payload, job.context);
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
    await this.bus.publish(
      event.subject,
      event.payload.parse({
        userId: payload.user_id,
        jobId: payload.job_id,
        family: payload.kind === 'list' ? payload.family : 'bltypes',
        elementId: payload.kind === 'list' ? null : payload.element_id,
        message: AI_GAVE_UP_MESSAGE,
      }),
      { id: `${payload.job_id}.gave-up.${job.attempt}`, context: job.context },
    );
  }

  private async runList(job: ListJob, context: RequestContext): Promise<void> {
    const existing = (await this.em().find(ListItemRecord, { userId: job.user_id, family: job.family })).map(
      (item) => item.aiResponse,
    );
    const plan = job.family === 'tl' ? planTypeRequest(job.frequency, job.seeds) : null;
    let reply = '';
    if (!plan || plan.newCount > 0) {
      const prompt = listPrompt({
        family: job.family,
        model: job.ai_model,
        count: plan ? plan.newCount : job.frequency,
        frequency: job.frequency,
        agentRole: job.agent_role,
        name: job.name,
        existing: [...existing, ...(plan?.keptSeeds ?? [])],
      });
      const answer = await this.ask(job, prompt, context, null);
      if (answer === null) return;
      reply = answer;
    }
    const items = cleanListReply({ ...job, reply, seeds: job.seeds, existing, random: this.random });
    const settings = {
      levels: job.levels,
      aiModel: job.ai_model,
      frequency: job.frequency,
      agentRole: job.agent_role,
      name: job.name,
    };
    await this.commit(job, 'stored', async (tx) => {
      const target = { userId: job.user_id, family: job.family, jobId: job.job_id };
      const added = await addNewItems(tx, target, items, settings);
      if (isAgentFamily(job.family)) {
        await saveAgentSettings(tx, job.user_id, job.family, settings, new Date(`${job.today}T12:00:00Z`));
      }
      await recordListChange(tx, target, { added }, context);
    });
  }

  private async runSubElements(job: SubElementJob, context: RequestContext): Promise<void> {
    const element = await this.em().findOne(ListItemRecord, { id: job.element_id, family: 'bl' });
    if (!element) return; // deleted meanwhile: nothing to fill
    const existing = (await subElementsOf(this.em(), element.id)).map((row) => row.name);
    const reply = await this.ask(
      job,
      subElementPrompt(element.aiResponse, job.frequency, existing),
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
    prompt: Parameters<AiProvider['complete']>[0],
    context: RequestContext,
    elementId: number | null,
  ): Promise<string | null> {
    let content: string;
    try {
      content = (await this.provider.complete({ ...prompt, audit: auditOf(job) })).content;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn(
        { jobId: job.job_id, status: error.status, detail: error.message },
        'generation failed',
      );
      // Unreachable, rate limited or failing: worth another try later (the bus retries until the deadline).
      if (isTransient(error)) throw error;
      await this.fail(job, 'failed', AI_FAILURE_MESSAGE, context, elementId);
      return null;
    }
    if (content.trim() === '') {
      await this.fail(job, 'empty', AI_EMPTY_MESSAGE, context, elementId);
      return null;
    }
    return content;
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

  /** The job's outcome in one transaction with its ledger row; a second attempt at the same job changes nothing. */
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
      if (error instanceof UniqueConstraintViolationException) return;
      throw error;
    }
  }
}

/** Who a job's provider call is recorded for, why, and the job whose items it became. */
function auditOf(job: GenerationJob): ChatAudit {
  const purpose = job.kind === 'list' ? LIST_FAMILY_PURPOSES[job.family] : 'sub_elements';
  return { userId: job.user_id, purpose, jobId: job.job_id };
}

/** No answer, 408, 409, 429 or 5xx: what the openai SDK itself retries, and what may succeed later. */
function isTransient(error: ProviderError): boolean {
  const { status } = error;
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}
