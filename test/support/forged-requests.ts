import { OPERATIONS, callersOf, isDomainError, type Actor, type RequestContext } from '@promptloom/proto';
import {
  GeneratedBusKeys,
  SignedBus,
  StatementSigner,
  UNVERIFIED_REQUEST_MESSAGE,
  type Bus,
} from '@promptloom/shared';

/** Every operation of the registry, and one payload fit for the operations on a user (id, user_id, userId). */
export const EVERY_SUBJECT = OPERATIONS.map((operation) => operation.subject);
export const attackPayload = (victimId: number) => ({ id: victimId, user_id: victimId, userId: victimId });

/** The ways a request's actor can be forged, or a real statement misused. */
export const FORGERIES = ['unsigned', 'wrong key', 'expired', 'other subject', 'replayed'] as const;
export type Forgery = (typeof FORGERIES)[number];

export interface ForgeryOutcome {
  subject: string;
  forgery: Forgery;
  /** The refusal's code and message, or 'answered' when the service did what was asked. */
  code: string;
  message: string;
}

/**
 * Sends `payload` to `subject` on `bus` (an outsider's connection: nothing signs for it) as `actor`, forged one way.
 * The real gateway statements (expired, for another subject, replayed) are signed with the product's own gateway
 * key: what someone who copied one off the wire would hold. A replayed statement is first used with a stale
 * session, so its first use changes nothing either.
 */
export async function sendForged(
  bus: Bus,
  productKeys: GeneratedBusKeys,
  forgery: Forgery,
  subject: string,
  payload: unknown,
  actor: Actor,
  timeoutMs = 10_000,
): Promise<ForgeryOutcome> {
  const context: RequestContext = { requestId: `forged-${forgery}-${subject}`, actor };
  const gatewayKeys = productKeys.for('gateway');
  const signer = new StatementSigner(gatewayKeys, 30);
  const send = (prove?: (body: string) => { sender: string }, as: Bus = bus) =>
    as.request(subject, payload, { context, timeoutMs, prove });
  let reply: Promise<unknown>;
  switch (forgery) {
    case 'unsigned':
      reply = send();
      break;
    case 'wrong key':
      reply = send(undefined, new SignedBus(bus, { keys: new GeneratedBusKeys().for('gateway') }));
      break;
    case 'expired':
      reply = send((body) => ({ sender: signer.sign(subject, body, actor, Date.now() - 60_000) }));
      break;
    case 'other subject': {
      const other = subject === 'svc.ai.models' ? 'svc.admin.users.list' : 'svc.ai.models';
      reply = send((body) => ({ sender: signer.sign(other, body, actor, Date.now()) }));
      break;
    }
    case 'replayed': {
      // Its first use passes the checks of the statement (an allowed caller) and changes nothing (a stale session,
      // or no actor from a service); the second use is the replay.
      const caller = callersOf(subject)[0]!;
      const stale: Actor | undefined =
        caller === 'gateway' ? { ...actor, sessionVersion: (actor.sessionVersion ?? 0) + 1000 } : undefined;
      const callerSigner = new StatementSigner(productKeys.for(caller), 30);
      let statement: string | undefined;
      const replay = (body: string) => ({
        sender: (statement ??= callerSigner.sign(subject, body, stale, Date.now())),
      });
      const once = { context: { ...context, actor: stale }, timeoutMs, prove: replay };
      await bus.request(subject, payload, once).catch(() => undefined);
      reply = bus.request(subject, payload, once);
      break;
    }
  }
  return reply.then(
    () => ({ subject, forgery, code: 'answered', message: '' }),
    (error: unknown) =>
      isDomainError(error)
        ? { subject, forgery, code: error.code, message: error.message }
        : { subject, forgery, code: 'thrown', message: String(error) },
  );
}

/** The outcomes that are not the verifier's refusal (UNAUTHENTICATED, 'could not be verified'). */
export function notRefused(outcomes: ForgeryOutcome[]): ForgeryOutcome[] {
  return outcomes.filter(
    (outcome) => outcome.code !== 'UNAUTHENTICATED' || outcome.message !== UNVERIFIED_REQUEST_MESSAGE,
  );
}
