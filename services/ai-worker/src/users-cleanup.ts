import { type EntityManager } from '@mikro-orm/postgresql';

const TABLES = [
  'sub_elements',
  'list_items',
  'agent_settings',
  'selections',
  'applied_jobs',
  'ai_quota_overrides',
  'ai_calls',
  'ai_token_days',
  'ai_quota_reservations',
] as const;

/** When a user is deleted (evt.admin.user.deleted), every row of theirs in the ai schema goes too. */
export async function deleteUserRows(em: EntityManager, schema: string, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    for (const table of TABLES) {
      await tx
        .getConnection()
        .execute(
          `delete from "${schema}"."${table}" where "user_id" = ?`,
          [userId],
          'run',
          tx.getTransactionContext(),
        );
    }
  });
}
