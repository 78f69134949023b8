import { ServiceMigration } from '@promptloom/shared';

/**
 * Issue 19 "While you were away": when each user was last seen, and their current window away (from the last time
 * they were seen to the start of this visit) with whether they dismissed its notice. Server side, so a new device,
 * which has no local state, knows it too.
 */
export class UserVisits extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('user_visits')} (
      "user_id" integer primary key references ${this.table('users')} ("id") on delete cascade,
      "last_seen_at" timestamptz not null,
      "away_since" timestamptz,
      "away_until" timestamptz,
      "dismissed" boolean not null default false
    )`);
  }
}
