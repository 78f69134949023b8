import { EntitySchema } from '@mikro-orm/postgresql';

/** An admin's per-user daily AI calls and tokens; a null one (or no row) gets the configured default. */
export class AiQuotaOverride {
  userId: number;
  dailyLimit: number | null;
  dailyTokenLimit: number | null = null;
  updatedAt: Date = new Date();

  constructor(userId: number, dailyLimit: number | null) {
    this.userId = userId;
    this.dailyLimit = dailyLimit;
  }
}

export const AiQuotaOverrideSchema = new EntitySchema<AiQuotaOverride>({
  class: AiQuotaOverride,
  tableName: 'ai_quota_overrides',
  properties: {
    userId: { type: 'integer', fieldName: 'user_id', primary: true, autoincrement: false },
    dailyLimit: { type: 'integer', fieldName: 'daily_limit', nullable: true },
    dailyTokenLimit: { type: 'integer', fieldName: 'daily_token_limit', nullable: true },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
