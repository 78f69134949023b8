import { type EntityManager } from '@mikro-orm/postgresql';
import { type AwayChange, type ParsedRequestOf, type awayOperations } from '@promptloom/proto';
import {} from '@promptloom/shared';

type Request = ParsedRequestOf<typeof awayOperations.signaturesSaved>;

interface SavedRow {
  names: string[];
  updated_at: Date | string;
}

/** One user's signature, when it was saved (or saved again) in a window: a user keeps one saved signature. */
export async function signaturesSavedAway(
  em: EntityManager,
  schema: string,
  request: Request,
): Promise<{ changes: AwayChange[] }> {
  const rows = await em.execute<SavedRow[]>(
    `select "names", "updated_at" from "${schema}"."signatures"
     where "user_id" = ? and "updated_at" > ? and "updated_at" <= ?`,
    [request.user_id, request.since, request.until],
  );
  return {
    changes: rows.map((row) => ({
      kind: 'signature_saved',
      label: `Signature saved: ${row.names.join(', ')}`,
      link: '/pro/SignatureListingBR',
      at: new Date(row.updated_at).toISOString(),
    })),
  };
}
