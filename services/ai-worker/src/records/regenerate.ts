import { randomUUID } from 'node:crypto';
import { type EntityManager } from '@mikro-orm/postgresql';
import {
  GENERATION_QUEUE,
  calendarDayOf,
  type GenerationJob,
  type JobTicket,
  type ParsedRequestOf,
  type RequestContext,
  type aiRecordOperations,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { guidanceReasonsOf } from '../lists/guidance-reasons';
import { ListItemRecord } from '../lists/list-item.entity';
import { notFound } from '../lists/not-found';
import { type OfferedModels } from '../provider/offered-models';

type Regenerate = ParsedRequestOf<typeof aiRecordOperations.regenerate>;

/**
 * Admin "Regenerate": the record's agent runs again for its owner with the record's settings and the model the admin
 * chose. New items join the owner's list as a Run's do (duplicates skipped), recorded in AI Calls under the owner
 * and the new job. The owner's quota is not charged: the admin asked.
 */
export async function regenerateRecord(
  bus: Bus,
  em: () => EntityManager,
  offered: OfferedModels,
  request: Regenerate,
  context: RequestContext,
): Promise<JobTicket> {
  offered.check(request.model, 'model');
  const item = await em().findOne(ListItemRecord, { id: request.id, family: request.family });
  if (!item) throw notFound('Record');
  const job: GenerationJob = {
    kind: 'list',
    job_id: randomUUID(),
    user_id: item.userId,
    family: request.family,
    levels: item.levels,
    ai_model: request.model,
    frequency: item.frequency ?? 5,
    agent_role: item.agentRole,
    name: item.name,
    today: calendarDayOf(new Date())!,
    // The owner's reasons steer the admin's Regenerate as they steer the owner's own Run (issue 19).
    reasons: await guidanceReasonsOf(em(), item.userId, request.family),
  };
  await bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id, context });
  return { job_id: job.job_id, status: 'queued', next_date: null, reasons_used: job.reasons ?? [] };
}
