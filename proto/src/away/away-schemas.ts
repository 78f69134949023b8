import { z } from 'zod';
import { recordId } from '../fields';
import { ownedBy } from '../access/declaration';
import { defineEvent, defineOperation } from '../operation';

/**
 * Issue 19 "While you were away". A visit is the time a user is in the app; `last_seen_at` (kept per user by the
 * admin service, so a new device knows it) is moved on by every visit start and heartbeat. A new window "away"
 * opens at a sign-in, or when the app resumes after more than AWAY_AFTER_MS without a heartbeat: it runs from the
 * last time the user was seen to the start of this visit, and lasts until the user dismisses it.
 */
export const AWAY_AFTER_MS = 10 * 60 * 1000;
/** The app's heartbeat while it is open and visible; well under AWAY_AFTER_MS. */
export const VISIT_HEARTBEAT_MS = 2 * 60 * 1000;
/** At most this many changes are told (newest first), from each service and in all. */
export const AWAY_MAX_CHANGES = 20;

export const AWAY_CHANGE_KINDS = ['run_finished', 'signature_saved', 'admin_edit'] as const;
export const AwayChangeKind = z.enum(AWAY_CHANGE_KINDS);
export type AwayChangeKind = z.infer<typeof AwayChangeKind>;

/** One change to the user's own records while they were away, with where to see it (a route of the web app). */
export const AwayChange = z.object({
  kind: AwayChangeKind,
  label: z.string(),
  link: z.string(),
  at: z.string(),
});
export type AwayChange = z.infer<typeof AwayChange>;

const instant = z.iso.datetime({ offset: true, error: 'The time must be an ISO 8601 date and time.' });

/** One service's changes to a user's records between two instants (exclusive, inclusive). */
export const AwayChangesRequest = z.object({ user_id: recordId, since: instant, until: instant });
export const AwayChanges = z.object({ changes: z.array(AwayChange).max(AWAY_MAX_CHANGES) });

/**
 * Why the app starts a visit: a sign-in always opens a new window; a resume only after a long enough gap; a
 * reconnect (the live connection came back after a drop, when the app stops its heartbeat) whenever the user was
 * unseen at all, since changes meanwhile reached no screen of theirs live.
 */
export const VISIT_STARTS = ['sign_in', 'resume', 'reconnect'] as const;
export const VisitStart = z.enum(VISIT_STARTS, {
  error: `The start must be one of ${VISIT_STARTS.join(', ')}.`,
});
export type VisitStart = z.infer<typeof VisitStart>;

export const BeginVisitRequest = z.object({ user_id: recordId, start: VisitStart });
export const VisitRequest = z.object({ user_id: recordId });

/** The user's current window away: null bounds when there is none (a first visit). */
export const AwayWindow = z.object({
  since: z.string().nullable(),
  until: z.string().nullable(),
  dismissed: z.boolean(),
});
export type AwayWindow = z.infer<typeof AwayWindow>;

export const awayEvents = {
  /** The user's window away opened or was dismissed: each of their devices shows the notice of the new window. */
  visitChanged: defineEvent(
    'evt.admin.visit.changed',
    z.object({ userId: z.number().int().positive(), window: AwayWindow }),
    ownedBy('read', 'userId'),
  ),
} as const;

export const awayOperations = {
  beginVisit: defineOperation(
    'admin',
    'visits.begin',
    BeginVisitRequest,
    AwayWindow,
    ownedBy('write', 'user_id'),
  ),
  getVisit: defineOperation('admin', 'visits.get', VisitRequest, AwayWindow, ownedBy('read', 'user_id')),
  dismissAway: defineOperation(
    'admin',
    'visits.dismiss',
    VisitRequest,
    AwayWindow,
    ownedBy('write', 'user_id'),
  ),
  adminEdits: defineOperation(
    'admin',
    'away.changes',
    AwayChangesRequest,
    AwayChanges,
    ownedBy('read', 'user_id'),
  ),
  runsFinished: defineOperation(
    'ai',
    'away.changes',
    AwayChangesRequest,
    AwayChanges,
    ownedBy('read', 'user_id'),
  ),
  signaturesSaved: defineOperation(
    'signature',
    'away.changes',
    AwayChangesRequest,
    AwayChanges,
    ownedBy('read', 'user_id'),
  ),
} as const;
