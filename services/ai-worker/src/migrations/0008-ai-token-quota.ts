import { ServiceMigration } from '@promptloom/shared';

/** A per-user daily token limit beside the calls one; either may be left to the default (null). */
export class AiTokenQuota extends ServiceMigration {
  override up(): void {
    const overrides = this.table('ai_quota_overrides');
    this.addSql(`alter table ${overrides} alter column "daily_limit" drop not null`);
    this.addSql(
      `alter table ${overrides} add column "daily_token_limit" integer check ("daily_token_limit" >= 0)`,
    );
  }
}
