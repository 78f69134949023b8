import { AWAY_MAX_CHANGES, awayOperations } from '@promptloom/proto';
import { type FinishedRun, type FinishedRunStore } from './finished-runs';
import { runsFinishedAway } from './runs-finished-away';

/** The changes told of finished runs, on a store kept in memory: no database, the SQL being FinishedRuns' alone. */
class RunsInMemory implements FinishedRunStore {
  readonly questions: unknown[][] = [];

  constructor(private readonly runs: FinishedRun[]) {}

  async newest(...question: Parameters<FinishedRunStore['newest']>) {
    this.questions.push(question);
    return this.runs;
  }
}

describe('the runs finished while a user was away, on a store in memory', () => {
  const window = { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z' };
  const away = (store: FinishedRunStore) =>
    runsFinishedAway(store, awayOperations.runsFinished.request.parse({ user_id: 7, ...window }));

  it("asks for the newest AWAY_MAX_CHANGES runs of the user's window", async () => {
    const store = new RunsInMemory([]);
    expect(await away(store)).toEqual({ changes: [] });
    expect(store.questions).toEqual([[7, window, AWAY_MAX_CHANGES]]);
  });

  it('tells each run in the order found, with its list, its link and how many items it added', async () => {
    const store = new RunsInMemory([
      { family: null, items: 0, finishedAt: '2026-03-10T11:00:00.000Z' },
      { family: 'br', items: 1, finishedAt: '2026-03-10T10:00:00.000Z' },
      { family: 'tl', items: 3, finishedAt: '2026-03-10T09:00:00.000Z' },
    ]);
    expect(await away(store)).toEqual({
      changes: [
        {
          kind: 'run_finished',
          label: 'Sub-elements run finished: no new items',
          link: '/elements/ElementsListingBL',
          at: '2026-03-10T11:00:00.000Z',
        },
        {
          kind: 'run_finished',
          label: 'Signature run finished: 1 new item',
          link: '/pro/SignatureListingBR',
          at: '2026-03-10T10:00:00.000Z',
        },
        {
          kind: 'run_finished',
          label: 'Types run finished: 3 new items',
          link: '/types/TypesListing',
          at: '2026-03-10T09:00:00.000Z',
        },
      ],
    });
  });
});
