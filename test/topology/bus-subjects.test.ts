import { OPERATIONS } from '@promptloom/proto';
import {
  PROCESS_SOURCES,
  SERVICE_OF_USER,
  SHARED_CALLERS,
  callSitesIn,
  durablesByUser,
  protoNamesOf,
  readNatsPermissions,
  sourcesMention,
} from '../support/nats-permissions';

/**
 * deploy/nats.conf against the code: each process may send exactly the requests its code makes, and no process
 * may touch another's durable consumers. (bus-permissions.test.ts shows the server enforcing the same file.)
 */
describe("deploy/nats.conf's lists of what each process may publish", () => {
  const permissions = readNatsPermissions();
  const svcAllowed = (user: string) =>
    permissions
      .get(user)!
      .publishAllow.filter((subject) => subject.startsWith('svc.'))
      .sort();
  const sharedCallsOf = (folder: string) =>
    Object.entries(SHARED_CALLERS)
      .filter(([, uses]) => sourcesMention(folder, uses))
      .map(([subject]) => subject);

  it('has the four users of the distributed shape', () => {
    expect([...permissions.keys()].sort()).toEqual(['admin', 'ai-worker', 'gateway', 'signature-stream']);
  });

  it('attributes every request services/shared makes to the processes that use it', () => {
    const shared = callSitesIn('services/shared/src');
    // The bus's own `call` is the only call site with an operation in a variable.
    expect(shared.unresolved).toEqual(['services/shared/src/bus/typed.ts: operation']);
    expect([...shared.subjects].sort()).toEqual(Object.keys(SHARED_CALLERS).sort());
  });

  it.each(Object.keys(SERVICE_OF_USER))(
    'lets the %s user request exactly the operations its code calls',
    (user) => {
      const folder = PROCESS_SOURCES[user as keyof typeof PROCESS_SOURCES];
      const own = callSitesIn(folder);
      expect(own.unresolved).toEqual([]);
      const called = [...new Set([...own.subjects, ...sharedCallsOf(folder)])].sort();
      expect(svcAllowed(user)).toEqual(called);
    },
  );

  it('lets the gateway request every operation but those only services call', () => {
    const gateway = callSitesIn(PROCESS_SOURCES.gateway);
    const allowed = new Set(svcAllowed('gateway'));
    // What the gateway calls by name (its other call sites pass these operations around in variables).
    for (const subject of [...gateway.subjects, ...sharedCallsOf(PROCESS_SOURCES.gateway)]) {
      expect({ subject, allowed: allowed.has(subject) }).toEqual({ subject, allowed: true });
    }
    const servicesCall = new Set(
      Object.keys(SERVICE_OF_USER).flatMap((user) => [
        ...callSitesIn(PROCESS_SOURCES[user as keyof typeof PROCESS_SOURCES]).subjects,
      ]),
    );
    for (const operation of OPERATIONS.filter((each) => !allowed.has(each.subject))) {
      // Not the gateway's: then a service calls it, and the gateway's code never names it.
      const named = protoNamesOf(operation).filter((name) =>
        sourcesMention(PROCESS_SOURCES.gateway, new RegExp(`\\b${name.replace('.', '\\.')}\\b(?!\\.)`)),
      );
      expect({
        subject: operation.subject,
        calledByAService: servicesCall.has(operation.subject),
        named,
      }).toEqual({
        subject: operation.subject,
        calledByAService: true,
        named: [],
      });
    }
    // And nothing that is not an operation.
    const known = new Set(OPERATIONS.map((operation) => operation.subject));
    expect([...allowed].filter((subject) => !known.has(subject))).toEqual([]);
  });

  it('keeps each process to its own durable consumers and every other process off them', () => {
    const durables = durablesByUser();
    const everyDurable = Object.values(durables).flat();
    expect(everyDurable.length).toBeGreaterThan(0);
    for (const user of permissions.keys()) {
      const { publishAllow, publishDeny } = permissions.get(user)!;
      const own = durables[user as keyof typeof durables] ?? [];
      const acked = publishAllow
        .filter((subject) => subject.startsWith('$JS.ACK.EVENTS.'))
        .map((subject) => subject.split('.')[3])
        .sort();
      expect({ user, acked }).toEqual({ user, acked: own });
      const missing = everyDurable
        .filter((durable) => !own.includes(durable))
        .flatMap((durable) => [
          `$JS.API.CONSUMER.CREATE.EVENTS.${durable}.>`,
          `$JS.API.CONSUMER.MSG.NEXT.EVENTS.${durable}`,
          `$JS.API.CONSUMER.DELETE.EVENTS.${durable}`,
        ])
        .filter((subject) => !publishDeny.includes(subject));
      expect({ user, missing }).toEqual({ user, missing: [] });
    }
  });
});
