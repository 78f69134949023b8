import { type BusSigner } from '@promptloom/proto';
import { type Bus } from '../bus/bus';
import { type BusLogger } from '../bus/bus-logger';
import { GeneratedBusKeys } from '../bus/trust/bus-keys';
import { SignedBus } from '../bus/trust/signed-bus';

/**
 * Each part's signed view of one bus, with keys generated for the test, as the embedded product composes them:
 * services start on theirs, and a test calls services through `gateway`, which signs the context's actor the way
 * the gateway does (a hand-made actor must still have a live session: the service checks it).
 */
export function signedBuses(
  inner: Bus,
  options: {
    logger?: BusLogger;
    keys?: GeneratedBusKeys;
    /** Who may call a subject, for operations a test defines itself; default the registry's declaration. */
    callers?: (subject: string) => readonly BusSigner[];
  } = {},
) {
  const keys = options.keys ?? new GeneratedBusKeys();
  const as = (signer: BusSigner) =>
    new SignedBus(inner, { keys: keys.for(signer), logger: options.logger, callers: options.callers });
  return { keys, gateway: as('gateway'), admin: as('admin'), ai: as('ai'), signature: as('signature') };
}
