import { type EntityManager } from '@mikro-orm/postgresql';
import { DomainError, accountEvents, accountOperations, type RequestContext } from '@promptloom/proto';
import { call, onEvent, type Bus, type Unsubscribe } from '@promptloom/shared';
import { type RecordRow } from './record-row';

/**
 * Users' names, kept in the ai schema for the admin record lists: `user_names` and a copy on each list item
 * (`list_items.user_name`, filled on insert by a trigger), so the server can search and sort by them.
 */
export class UserNames {
  constructor(
    private readonly bus: Bus,
    private readonly em: () => EntityManager,
    private readonly schema: string,
  ) {}

  /** Durable consumers of the admin service's user events: a new or renamed user's name reaches every item. */
  follow(): Promise<Unsubscribe[]> {
    return Promise.all([
      onEvent(this.bus, accountEvents.userCreated, ({ user }) => this.remember(user.id, user.name), {
        durable: 'ai-records-user-created',
      }),
      onEvent(this.bus, accountEvents.userUpdated, ({ user }) => this.remember(user.id, user.name), {
        durable: 'ai-records-user-updated',
      }),
      onEvent(this.bus, accountEvents.userDeleted, ({ userId }) => this.forget(userId), {
        durable: 'ai-records-user-deleted',
      }),
    ]);
  }

  async remember(userId: number, name: string): Promise<void> {
    await this.em().transactional(async (tx) => {
      await tx.execute(
        `insert into "${this.schema}"."user_names" ("user_id", "name") values (?, ?)
         on conflict ("user_id") do update set "name" = excluded."name", "updated_at" = now()`,
        [userId, name],
      );
      await tx.execute(
        `update "${this.schema}"."list_items" set "user_name" = ?
         where "user_id" = ? and "user_name" is distinct from ?`,
        [name, userId, name],
      );
    });
  }

  private async forget(userId: number): Promise<void> {
    await this.em().execute(`delete from "${this.schema}"."user_names" where "user_id" = ?`, [userId]);
  }

  /**
   * Rows whose owner's name is not known yet (items stored before this worker saw the user's event): asked of the
   * admin service once per user, remembered, and filled in.
   */
  async fillMissing(rows: RecordRow[], context: RequestContext): Promise<void> {
    const missing = [...new Set(rows.filter((row) => row.user_name === null).map((row) => row.user_id))];
    const names = new Map<number, string>();
    await Promise.all(
      missing.map(async (id) => {
        const found = await call(this.bus, accountOperations.getUser, { id }, { context }).catch(
          (error: unknown) => {
            if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
            throw error;
          },
        );
        if (!found) return;
        names.set(id, found.user.name);
        await this.remember(id, found.user.name);
      }),
    );
    for (const row of rows) row.user_name ??= names.get(row.user_id) ?? null;
  }
}
