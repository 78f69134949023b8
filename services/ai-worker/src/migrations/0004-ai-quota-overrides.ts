import { ServiceMigration } from '@promptloom/shared';

/** Per-user daily AI call quotas set by an admin (the calls themselves are counted in `rate_limits`). */
export class AiQuotaOverrides extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('ai_quota_overrides')} (
      "user_id" integer primary key,
      "daily_limit" integer not null check ("daily_limit" >= 0),
      "updated_at" timestamptz not null default now()
    )`);
  }
}
