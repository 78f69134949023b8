import {
  requireOwnedAccess,
  requireSignedIn,
  type Access,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';
import { type Bus } from '../bus';
import { liveSessionsOf } from './live-sessions';

/**
 * A service's check before it touches a record owned by `ownerId`: the product's one policy (owner; admin read;
 * nobody else), then that the caller's session still holds. The gateway checked the session too, a few seconds ago
 * at most; this closes that window, and holds for any caller on the bus.
 */
export async function requireAccess(
  bus: Bus,
  context: RequestContext,
  access: Access,
  ownerId: number,
): Promise<Actor> {
  const actor = requireOwnedAccess(context.actor, access, ownerId);
  await (await liveSessionsOf(bus)).require(context);
  return actor;
}

/** For operations on no one's records (the model list, a prompt computed from the input): any live session. */
export async function requireSignedInCaller(bus: Bus, context: RequestContext): Promise<Actor> {
  const actor = requireSignedIn(context.actor);
  await (await liveSessionsOf(bus)).require(context);
  return actor;
}
