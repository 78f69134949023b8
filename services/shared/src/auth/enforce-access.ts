import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  requireOwnedAccess,
  requireSignedIn,
  type Actor,
  type OperationAccess,
  type RequestContext,
} from '@promptloom/proto';
import { type AccessChecks } from './access-checks';

/** For an operation owned by a record: the id of the user who owns the record the request names. */
export type OwnerOf<Request> = (request: Request) => Promise<number>;

/**
 * Decides an operation's declared access for one verified request, before its handler runs. `public` and
 * `internal` need nothing more: the SignedBus already refused any caller the operation does not list. The owner of
 * a record is looked up only for a signed-in caller: whether it exists is nobody else's business.
 */
export async function enforceAccess<Request>(
  access: OperationAccess,
  request: Request,
  context: RequestContext,
  checks: AccessChecks | undefined,
  ownerOf?: OwnerOf<Request>,
): Promise<void> {
  if (access.kind === 'public' || access.kind === 'internal') return;
  // handle() refuses to answer such an operation without them, so this is never met at run time.
  if (!checks) throw new Error('access checks are needed for this operation');
  switch (access.kind) {
    case 'admin':
      return checks.requireAdmin(context);
    case 'signed-in':
      requireSignedIn(context.actor);
      return checks.requireLiveSession(context);
    case 'owned': {
      requireSignedIn(context.actor);
      const ownerId =
        access.ownerIn === 'field'
          ? (request as Record<string, number>)[access.field]!
          : await ownerOf!(request);
      requireOwnedAccess(context.actor, access.access, ownerId);
      return checks.requireLiveSession(context);
    }
  }
}

/**
 * The caller `handle()` admitted. Every operation that is not `public` or `internal` runs with one; a handler asks
 * for it here rather than deciding access again.
 */
export function callerOf(context: RequestContext): Actor {
  if (!context.actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  return context.actor;
}
