import { EntitySchema } from '@mikro-orm/postgresql';

/** A generation job whose outcome is committed; its primary key makes a redelivered job apply once. */
export class AppliedJob {
  jobId: string;
  userId: number;
  outcome: 'stored' | 'failed' | 'empty' | 'cancelled';
  appliedAt: Date = new Date();

  constructor(jobId: string, userId: number, outcome: AppliedJob['outcome']) {
    this.jobId = jobId;
    this.userId = userId;
    this.outcome = outcome;
  }
}

export const AppliedJobSchema = new EntitySchema<AppliedJob>({
  class: AppliedJob,
  tableName: 'applied_jobs',
  properties: {
    jobId: { type: 'string', primary: true, fieldName: 'job_id' },
    userId: { type: 'integer', fieldName: 'user_id' },
    outcome: { type: 'string' },
    appliedAt: { type: 'datetime', fieldName: 'applied_at', columnType: 'timestamptz' },
  },
});
