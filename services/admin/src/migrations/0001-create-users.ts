import { ServiceMigration } from '@promptloom/shared';

export class CreateUsers extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('users')} (
      "id" serial primary key,
      "first_name" varchar(100) not null,
      "last_name" varchar(100) not null,
      "email" varchar(255) not null,
      "mobile" varchar(32) not null,
      "role_type" varchar(50) not null default 'user',
      "status" varchar(10) not null default 'Active' check ("status" in ('Active', 'Inactive')),
      "password_hash" text not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "last_login_at" timestamptz null
    )`);
    this.addSql(`create unique index "users_email_unique" on ${this.table('users')} ("email")`);
    this.addSql(`create index "users_role_type_idx" on ${this.table('users')} ("role_type")`);
  }
}
