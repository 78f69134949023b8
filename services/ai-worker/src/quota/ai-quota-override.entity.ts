import { EntitySchema } from '@mikro-orm/postgresql';

/** An admin's per-user daily AI calls; users without a row get the configured default. */
export class AiQuotaOverride {
  userId: number;
  dailyLimit: number;
  updatedAt: Date = new Date();

  constructor(userId: number, dailyLimit: number) {
    this.userId = userId;
    this.dailyLimit = dailyLimit;
  }
}

export const AiQuotaOverrideSchema = new EntitySchema<AiQuotaOverride>({
  class: AiQuotaOverride,
  tableName: 'ai_quota_overrides',
  properties: {
    userId: { type: 'integer', fieldName: 'user_id', primary: true, autoincrement: false },
    dailyLimit: { type: 'integer', fieldName: 'daily_limit' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
