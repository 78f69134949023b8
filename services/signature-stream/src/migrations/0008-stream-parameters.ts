import { ServiceMigration } from '@promptloom/shared';

/** Issue #19: the user's own Midjourney parameters (`--ar 3:2`, `--stylize 250`), kept with the Stream settings. */
export class StreamParameters extends ServiceMigration {
  override up(): void {
    this.addSql(
      `alter table ${this.table('stream_settings')} add column "parameters" jsonb not null default '[]'`,
    );
  }
}
