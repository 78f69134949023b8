import { SERVICES, type ServiceName } from '../operation';
import { accessOf } from './operation-access';

/** Who signs bus requests: the gateway (for the users it authenticated) and each service for its own calls. */
export const BUS_SIGNERS = ['gateway', ...SERVICES] as const;
export type BusSigner = (typeof BUS_SIGNERS)[number];

/**
 * The services that call an operation themselves (service to service), by subject. A service answering a request
 * refuses any other caller: the gateway may call every operation that is not `internal`, an `internal` operation
 * only when it is listed here, and a service only the operations listed for it.
 */
export const OPERATION_CALLERS: Readonly<Record<string, readonly BusSigner[]>> = {
  // The gateway's current-user lookup; requireStoredAdmin in every service; admin record lists' user names.
  'svc.admin.accounts.getUser': ['gateway', 'ai', 'signature'],
  // The first admin, created at start-up by the admin service itself (and its create-admin command).
  'svc.admin.accounts.ensureAdmin': ['admin'],
  // Every LiveSessions: the gateway's and the other services' check that a caller's session still holds.
  'svc.admin.sessions.state': ['gateway', 'ai', 'signature'],
  // Signature swap and Refine ask the AI worker, for the user who asked.
  'svc.ai.chat': ['signature'],
  'svc.ai.reasons.guidance': ['signature'],
  // Pack export and a shared pack's import go through the AI worker's lists.
  'svc.ai.packs.contents': ['signature'],
  'svc.ai.packs.import': ['signature'],
  // The admin dashboard's record figures.
  'svc.ai.records.counts': ['admin'],
  'svc.signature.records.counts': ['admin'],
};

/** The signers allowed to call `subject`; none for an unknown subject. */
export function callersOf(subject: string): readonly BusSigner[] {
  const access = accessOf(subject);
  if (!access) return [];
  const services = OPERATION_CALLERS[subject] ?? [];
  if (access.kind === 'internal' || services.includes('gateway')) return services;
  return ['gateway', ...services];
}

export const isServiceSigner = (signer: BusSigner): signer is ServiceName => signer !== 'gateway';
