import {
  AWAY_MAX_CHANGES,
  awayOperations,
  type AwayChange,
  type AwayWindow,
  type RequestContext,
} from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

/** "While you were away": the user's window away and what changed in it, newest first. */
export interface AwayReport extends AwayWindow {
  changes: AwayChange[];
}

const SOURCES = [awayOperations.runsFinished, awayOperations.signaturesSaved, awayOperations.adminEdits];

/**
 * An admin's edit of the user's signature moves its `updated_at`, so the signature service tells it as a save too,
 * at the instant the admin service gives the edit: it is the admin's edit, told once.
 */
function withoutEditsAsSaves(changes: AwayChange[]): AwayChange[] {
  const edited = new Set(
    changes.filter((change) => change.kind === 'admin_edit').map((change) => `${change.link} ${change.at}`),
  );
  return changes.filter(
    (change) => change.kind !== 'signature_saved' || !edited.has(`${change.link} ${change.at}`),
  );
}

/**
 * Asks each service that owns a kind of change for the user's own changes in the window and merges them. A quiet
 * notice: a service that cannot answer leaves its kind out rather than failing the rest. Nothing is asked when
 * there is no window (a first visit) or the user dismissed it.
 */
export async function awayReport(
  bus: Bus,
  userId: number,
  window: AwayWindow,
  context: RequestContext,
): Promise<AwayReport> {
  if (!window.since || !window.until || window.dismissed) return { ...window, changes: [] };
  const input = { user_id: userId, since: window.since, until: window.until };
  const answers = await Promise.allSettled(
    SOURCES.map((operation) => call(bus, operation, input, { context })),
  );
  const changes = withoutEditsAsSaves(
    answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value.changes : [])),
  )
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, AWAY_MAX_CHANGES);
  return { ...window, changes };
}

/** The user's current report, without starting a visit. */
export async function currentAwayReport(bus: Bus, userId: number, context: RequestContext) {
  const window = await call(bus, awayOperations.getVisit, { user_id: userId }, { context });
  return awayReport(bus, userId, window, context);
}
