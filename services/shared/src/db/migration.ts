import { Migration } from '@mikro-orm/migrations';

/** A migration that knows its service's schema, so its SQL names tables as `"schema"."table"`. */
export abstract class ServiceMigration extends Migration {
  protected get schema(): string {
    return this.config.get('schema') ?? 'public';
  }

  protected table(name: string): string {
    return `"${this.schema}"."${name}"`;
  }
}

export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/** Migrations are listed explicitly (not globbed) so the same list runs from sources under jest and from dist. */
export interface NamedMigration {
  name: string;
  class: MigrationClass;
}
