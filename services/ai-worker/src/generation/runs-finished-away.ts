import {
  AWAY_MAX_CHANGES,
  type AwayChange,
  type ListFamily,
  type ParsedRequestOf,
  type awayOperations,
} from '@promptloom/proto';
import { type FinishedRun, type FinishedRunStore } from './finished-runs';

type Request = ParsedRequestOf<typeof awayOperations.runsFinished>;

const PLACES: Record<ListFamily, { name: string; link: string }> = {
  tl: { name: 'Types', link: '/types/TypesListing' },
  bl: { name: 'Elements', link: '/elements/ElementsListingBL' },
  tr: { name: 'Pro', link: '/pro/ProListingTR' },
  br: { name: 'Signature', link: '/pro/SignatureListingBR' },
};

function changeOf(run: FinishedRun): AwayChange {
  const { items } = run;
  const place = run.family
    ? PLACES[run.family]
    : { name: 'Sub-elements', link: '/elements/ElementsListingBL' };
  return {
    kind: 'run_finished',
    label: `${place.name} run finished: ${items === 0 ? 'no new items' : `${items} new item${items === 1 ? '' : 's'}`}`,
    link: place.link,
    at: run.finishedAt,
  };
}

/** One user's AI runs that finished (stored their items) in a window, newest first, with how many items each added. */
export async function runsFinishedAway(
  runs: FinishedRunStore,
  request: Request,
): Promise<{ changes: AwayChange[] }> {
  const finished = await runs.newest(
    request.user_id,
    { since: request.since, until: request.until },
    AWAY_MAX_CHANGES,
  );
  return { changes: finished.map(changeOf) };
}
