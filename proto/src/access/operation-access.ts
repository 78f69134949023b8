import { type Access } from './policy';

/**
 * Who may call an operation, in the terms of the policy:
 * - `public`: anyone (sign-up, sign-in);
 * - `internal`: only other parts of the product on the bus, never reachable from outside;
 * - `signed-in`: any signed-in user, on no one's records (computed from the input, or the model list);
 * - `owned`: a record of one user, decided by `decideOwnedAccess` (owner; admin read; nobody else);
 * - `admin`: an admin operation, decided by `decideAdminOperation` with the stored role.
 */
export type OperationAccess =
  | { kind: 'public' }
  | { kind: 'internal' }
  | { kind: 'signed-in' }
  | { kind: 'owned'; access: Access }
  | { kind: 'admin' };

const PUBLIC: OperationAccess = { kind: 'public' };
const INTERNAL: OperationAccess = { kind: 'internal' };
const SIGNED_IN: OperationAccess = { kind: 'signed-in' };
const READ: OperationAccess = { kind: 'owned', access: 'read' };
const WRITE: OperationAccess = { kind: 'owned', access: 'write' };
const ADMIN: OperationAccess = { kind: 'admin' };

/** Every operation of the registry, by subject; the registry test fails when an operation is missing here. */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = {
  'svc.admin.accounts.signup': PUBLIC,
  'svc.admin.accounts.login': PUBLIC,
  'svc.admin.accounts.getUser': INTERNAL,
  'svc.admin.accounts.ensureAdmin': INTERNAL,
  'svc.admin.sessions.state': INTERNAL,
  'svc.admin.sessions.logout': WRITE,
  'svc.admin.users.list': ADMIN,
  'svc.admin.users.create': ADMIN,
  'svc.admin.users.update': ADMIN,
  'svc.admin.users.delete': ADMIN,
  'svc.admin.modules.list': ADMIN,
  'svc.admin.modules.create': ADMIN,
  'svc.admin.modules.update': ADMIN,
  'svc.admin.modules.delete': ADMIN,
  'svc.admin.modes.list': ADMIN,
  'svc.admin.modes.create': ADMIN,
  'svc.admin.modes.update': ADMIN,
  'svc.admin.modes.delete': ADMIN,
  'svc.admin.modeTypes.list': ADMIN,
  'svc.admin.modeTypes.create': ADMIN,
  'svc.admin.modeTypes.update': ADMIN,
  'svc.admin.modeTypes.delete': ADMIN,
  'svc.admin.audit.list': ADMIN,
  'svc.admin.dashboard.figures': ADMIN,
  'svc.admin.deadLetters.list': ADMIN,
  'svc.admin.deadLetters.retry': ADMIN,
  'svc.ai.models': SIGNED_IN,
  'svc.ai.chat': SIGNED_IN,
  'svc.ai.chat.user': SIGNED_IN,
  'svc.ai.quota.get': READ,
  'svc.ai.reasons.guidance': READ,
  'svc.ai.away.changes': READ,
  'svc.signature.away.changes': READ,
  'svc.admin.visits.begin': WRITE,
  'svc.admin.visits.get': READ,
  'svc.admin.visits.dismiss': WRITE,
  'svc.admin.away.changes': READ,
  'svc.ai.quota.set': ADMIN,
  'svc.ai.calls.list': ADMIN,
  'svc.ai.calls.get': ADMIN,
  'svc.ai.calls.export': ADMIN,
  'svc.ai.calls.usage': ADMIN,
  'svc.ai.lists.get': READ,
  'svc.ai.lists.store': WRITE,
  'svc.ai.lists.newStore': WRITE,
  'svc.ai.lists.updateReason': WRITE,
  'svc.ai.lists.setStatus': WRITE,
  'svc.ai.settings.previous': READ,
  'svc.ai.subElements.get': READ,
  'svc.ai.subElements.ofUser': READ,
  'svc.ai.subElements.store': WRITE,
  'svc.ai.subElements.newStore': WRITE,
  'svc.ai.subElements.updateReason': WRITE,
  'svc.ai.generation.run': WRITE,
  'svc.ai.generation.subElements': WRITE,
  'svc.ai.generation.cancel': WRITE,
  'svc.ai.selection.get': READ,
  'svc.ai.selection.setItemActive': WRITE,
  'svc.ai.selection.setSubElementChosen': WRITE,
  'svc.ai.selection.leaveElement': READ,
  'svc.ai.selection.import': WRITE,
  'svc.ai.selection.restore': WRITE,
  'svc.ai.records.list': ADMIN,
  'svc.ai.records.update': ADMIN,
  'svc.ai.records.delete': ADMIN,
  'svc.ai.records.counts': ADMIN,
  'svc.ai.records.regenerate': ADMIN,
  'svc.signature.records.list': ADMIN,
  'svc.signature.records.update': ADMIN,
  'svc.signature.records.delete': ADMIN,
  'svc.signature.records.counts': ADMIN,
  'svc.signature.signatures.store': WRITE,
  'svc.signature.signatures.update': WRITE,
  'svc.signature.signatures.get': READ,
  'svc.signature.signatures.remove': WRITE,
  'svc.signature.signatures.swap': WRITE,
  'svc.signature.signatures.brCodes': READ,
  'svc.signature.stream.buildPrompt': SIGNED_IN,
  'svc.signature.stream.refine': SIGNED_IN,
  'svc.signature.stream.store': WRITE,
  'svc.signature.stream.list': READ,
  'svc.signature.images.authorize': READ,
  'svc.signature.stream.settings.get': READ,
  'svc.signature.stream.settings.update': WRITE,
  'svc.signature.stream.check': SIGNED_IN,
  // A prompt history is private: its owner only, no admin read ('write' is the owner-only rule).
  'svc.signature.stream.history.save': WRITE,
  'svc.signature.stream.history.list': WRITE,
  'svc.signature.stream.history.get': WRITE,
  'svc.ai.packs.contents': READ,
  'svc.ai.packs.import': WRITE,
  'svc.signature.packs.export': READ,
  'svc.signature.packs.links.create': WRITE,
  'svc.signature.packs.links.list': READ,
  'svc.signature.packs.links.revoke': WRITE,
  // Any signed-in user holding the token; the link's owner is not the caller, so no owner rule applies.
  'svc.signature.packs.links.open': SIGNED_IN,
  'svc.signature.packs.links.import': SIGNED_IN,
};

export const accessOf = (subject: string): OperationAccess | undefined => OPERATION_ACCESS[subject];
