import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AWAY_MAX_CHANGES,
  type AwayChange,
  type ListFamily,
  type ParsedRequestOf,
  type awayOperations,
} from '@promptloom/proto';
import {} from '@promptloom/shared';

type Request = ParsedRequestOf<typeof awayOperations.runsFinished>;

interface RunRow {
  family: ListFamily | null;
  items: string | number;
  applied_at: Date | string;
}

const PLACES: Record<ListFamily, { name: string; link: string }> = {
  tl: { name: 'Types', link: '/types/TypesListing' },
  bl: { name: 'Elements', link: '/elements/ElementsListingBL' },
  tr: { name: 'Pro', link: '/pro/ProListingTR' },
  br: { name: 'Signature', link: '/pro/SignatureListingBR' },
};

function changeOf(row: RunRow): AwayChange {
  const items = Number(row.items);
  const place = row.family
    ? PLACES[row.family]
    : { name: 'Sub-elements', link: '/elements/ElementsListingBL' };
  return {
    kind: 'run_finished',
    label: `${place.name} run finished: ${items === 0 ? 'no new items' : `${items} new item${items === 1 ? '' : 's'}`}`,
    link: place.link,
    at: new Date(row.applied_at).toISOString(),
  };
}

/** One user's AI runs that finished (stored their items) in a window, newest first, with how many items each added. */
export async function runsFinishedAway(
  em: EntityManager,
  schema: string,
  request: Request,
): Promise<{ changes: AwayChange[] }> {
  const rows = await em.execute<RunRow[]>(
    `select i."family", count(i."id") as "items", a."applied_at"
     from "${schema}"."applied_jobs" a
     left join "${schema}"."list_items" i on i."job_id" = a."job_id" and i."user_id" = a."user_id"
     where a."user_id" = ? and a."outcome" = 'stored' and a."applied_at" > ? and a."applied_at" <= ?
     group by a."job_id", a."applied_at", i."family"
     order by a."applied_at" desc limit ?`,
    [request.user_id, request.since, request.until, AWAY_MAX_CHANGES],
  );
  return { changes: rows.map(changeOf) };
}
