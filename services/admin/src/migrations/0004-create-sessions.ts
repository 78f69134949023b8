import { ServiceMigration } from '@promptloom/shared';

/**
 * Sessions end with the account: every token carries its user's session version, bumped when the user is
 * deactivated, changes role or password; and a logout revokes its one session id until the token would expire.
 */
export class CreateSessions extends ServiceMigration {
  override up(): void {
    this.addSql(`alter table ${this.table('users')} add column "session_version" integer not null default 1`);
    this.addSql(`create table ${this.table('revoked_sessions')} (
      "session_id" uuid primary key,
      "user_id" integer not null,
      "expires_at" timestamptz not null
    )`);
    this.addSql(
      `create index "revoked_sessions_expires_at_idx" on ${this.table('revoked_sessions')} ("expires_at")`,
    );
  }
}
