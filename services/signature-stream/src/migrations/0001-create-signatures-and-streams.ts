import { ServiceMigration } from '@promptloom/shared';

export class CreateSignaturesAndStreams extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('signatures')} (
      "id" serial primary key,
      "user_id" integer not null,
      "username" varchar(255) not null,
      "names" jsonb not null,
      "elements" jsonb not null default '[]',
      "status" varchar(1) not null default '1' check ("status" = '1'),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    // One signature per user: saving another replaces it (SPEC §4 signature detail toggle).
    this.addSql(`create unique index "signatures_user_unique" on ${this.table('signatures')} ("user_id")`);

    this.addSql(`create table ${this.table('stream_uploads')} (
      "id" serial primary key,
      "user_id" integer not null,
      "signature" text not null,
      "signature_elements" text not null,
      "hyper_realistic" boolean not null,
      "eight_k" boolean not null,
      "four_k" boolean not null,
      "final_prompt" text not null,
      "image_key" varchar(255) not null,
      "thumbnail_key" varchar(255) not null,
      "width" integer not null,
      "height" integer not null,
      "bytes" integer not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "stream_uploads_user_idx" on ${this.table('stream_uploads')} ("user_id")`);
    this.addSql(
      `create unique index "stream_uploads_image_key_unique" on ${this.table('stream_uploads')} ("image_key")`,
    );
    this.addSql(
      `create unique index "stream_uploads_thumbnail_key_unique" on ${this.table('stream_uploads')} ("thumbnail_key")`,
    );
  }
}
