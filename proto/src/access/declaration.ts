import { type Access } from './policy';

/** The request fields that hold a user id: where an owned operation finds the owner of what it touches. */
export type UserIdField<Request> = {
  [Field in keyof Request]-?: Request[Field] extends number ? Field : never;
}[keyof Request] &
  string;

/**
 * Who may call an operation, declared where the operation is defined (`defineOperation`) and enforced before any
 * handler runs (the service's `handle()`; the gateway refuses early from the same declaration):
 * - `public`: anyone (sign-up, sign-in);
 * - `internal`: only other parts of the product on the bus (`OPERATION_CALLERS`), never from outside;
 * - `signed-in`: any signed-in user, on no one's records (computed from the input, or the model list);
 * - `owned`: a record of one user, decided by `decideOwnedAccess`; the owner is the user id in a request field, or
 *   the owner of the record the request names (the answering service looks it up: `handle(…, { ownerOf })`);
 * - `admin`: an admin operation, decided by `decideAdminOperation` with the role the product holds now.
 */
export type OperationAccess<Request = unknown> =
  | { readonly kind: 'public' }
  | { readonly kind: 'internal' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'admin' }
  | OwnedAccess<Request>;

/** Without a request type (the registry's view of every operation) the owner's field is any name. */
type OwnerField<Request> = unknown extends Request ? string : UserIdField<Request>;

export type OwnedAccess<Request = unknown> =
  | {
      readonly kind: 'owned';
      readonly access: Access;
      readonly ownerIn: 'field';
      readonly field: OwnerField<Request>;
    }
  | { readonly kind: 'owned'; readonly access: Access; readonly ownerIn: 'record' };

export const PUBLIC = { kind: 'public' } as const;
export const INTERNAL = { kind: 'internal' } as const;
export const SIGNED_IN = { kind: 'signed-in' } as const;
export const ADMIN = { kind: 'admin' } as const;

/** A record of the user whose id the request's (or the event's) `field` holds. */
export const ownedBy = <Field extends string>(access: Access, field: Field) =>
  ({ kind: 'owned', access, ownerIn: 'field', field }) as const;

/** A record the request names by its own id: the answering service finds its owner before deciding. */
export const ownedRecord = (access: Access) => ({ kind: 'owned', access, ownerIn: 'record' }) as const;

/** The user id an owned operation's request (or event's payload) names in its owner field, if it is a user id. */
export function ownerInRequest(access: OperationAccess | EventReaders, request: unknown): number | undefined {
  if (access.kind !== 'owned' || access.ownerIn !== 'field') return undefined;
  const value = (request as Record<string, unknown> | null)?.[access.field];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Who may receive an event through a live subscription, declared with the event (`defineEvent`), by the same
 * policy as the operations: `internal` (the product's own parts only: no subscription delivers it), `admin` (the
 * admin console's tables), or `owned` (the owner named by the payload's `field`, and an admin where the access
 * lets admins read).
 */
export type EventReaders<Payload = unknown> =
  | { readonly kind: 'internal' }
  | { readonly kind: 'admin' }
  | {
      readonly kind: 'owned';
      readonly access: Access;
      readonly ownerIn: 'field';
      readonly field: OwnerField<Payload>;
    };
