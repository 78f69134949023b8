import { randomBytes } from 'node:crypto';
import { NatsBus, createLogger, type Bus } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { createGateway } from '@promptloom/gateway';
import { TEST_JWT_SECRET, startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL } from '../support/processes';
import { hubMetrics, subscribe, type LiveSubscription } from '../support/subscriptions';
import { signInAdmin, signUp, type SignedIn } from '../signature/signature-helpers';
import { openSocket, type RawSocket } from '../edges/raw-socket';

/** Small on purpose: the tests reach the catch-up bounds with a few events. */
const EVENT_HUB = { recentEvents: 40, maxCatchUp: 3 };

const BUSES: Array<[string, () => Promise<{ bus?: Bus; cleanUp(): Promise<void> }>]> = [
  ['in-process bus', async () => ({ cleanUp: async () => undefined })],
  [
    'NATS JetStream bus',
    async () => {
      const namespace = `hub-${randomBytes(4).toString('hex')}`;
      const bus = await NatsBus.connect({
        servers: TEST_NATS_URL,
        namespace,
        name: 'subscription-hub-test',
        logger: createLogger('test', 'silent'),
      });
      return { bus, cleanUp: () => deleteNamespaceStreams(namespace) };
    },
  ],
];

const LIST = (family: string, after = '') =>
  `subscription { listUpdated(family: ${family}${after}) { family sequence added { aiResponse } } }`;

describe.each(BUSES)('GraphQL subscriptions through the event hub, on the %s', (_name, makeBus) => {
  let product: TestProduct;
  let cleanUp: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    const made = await makeBus();
    cleanUp = made.cleanUp;
    product = await startTestProduct({
      bus: made.bus,
      // Each subscribe counts against the per-user request limit (600 a minute); this suite opens 2,000.
      requestLimits: { enabled: false },
      gateway: {
        subscriptionLimits: { perSocket: 100, perUser: 2_000 },
        maxSocketMessagesPerSecond: 1_000,
        eventHub: EVENT_HUB,
      },
    });
    admin = await signInAdmin(product.baseUrl, product.buses.admin);
  });
  afterAll(async () => {
    await product.stop();
    await cleanUp();
  });

  const add = (user: SignedIn, family: string, text: string) =>
    graphql(
      product.baseUrl,
      `mutation { addCustomItem(family: ${family}, text: "${text}") { family } }`,
      {},
      user.token,
    );
  const noneOpen = async () => {
    const metrics = await hubMetrics(product.baseUrl);
    return metrics.hubSubscriptions === 0 && metrics.indexKeys === 0 && metrics.active === 0;
  };

  it('frees 2,000 live, catch-up and admin subscriptions when their sockets close, with no event in between', async () => {
    const user = await signUp(product.baseUrl);
    const userQueries = [
      LIST('tl'),
      LIST('tr', ', afterSequence: 0'),
      'subscription { generationFailed { jobId } }',
      'subscription { subElementsUpdated(elementId: 1) { elementId } }',
      'subscription { signatureChanged { userId } }',
    ];
    const adminQueries = [
      'subscription { recordChanged { id } }',
      'subscription { userListChanged(family: tl) { userId } }',
      'subscription { moduleChanged { action } }',
      'subscription { userCreated { id } }',
      'subscription { signatureChanged { userId } }',
    ];
    const sockets: RawSocket[] = [];
    const open = async (token: string, queries: string[], count: number) => {
      const socket = await openSocket(product.baseUrl, token);
      sockets.push(socket);
      for (let index = 0; index < count; index++) {
        const query = queries[index % queries.length]!;
        socket.send({ id: String(index), type: 'subscribe', payload: { query } });
      }
    };
    try {
      for (let index = 0; index < 19; index++) await open(user.token, userQueries, 100);
      await open(admin.token, adminQueries, 100);
      await waitFor(
        async () => (await hubMetrics(product.baseUrl)).hubSubscriptions === 2_000,
        'the hub to hold 2,000 subscriptions',
        60_000,
      );
      expect((await hubMetrics(product.baseUrl)).indexKeys).toBeGreaterThan(0);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
    await waitFor(noneOpen, 'every subscription freed and the hub index empty', 60_000);
  }, 120_000);

  it('frees a subscription waiting for an event as soon as the client completes it', async () => {
    const user = await signUp(product.baseUrl);
    const socket = await openSocket(product.baseUrl, user.token);
    try {
      socket.send({ id: 'parked', type: 'subscribe', payload: { query: LIST('tl') } });
      await waitFor(
        async () => (await hubMetrics(product.baseUrl)).hubSubscriptions === 1,
        'the subscription in the hub',
      );
      socket.send({ id: 'parked', type: 'complete' });
      await waitFor(noneOpen, 'the completed subscription freed with no event');
      // The socket itself stays usable.
      socket.send({ id: 'next', type: 'subscribe', payload: { query: LIST('tl') } });
      await add(user, 'tl', 'Still here');
      expect((await socket.waitFor((message) => message.id === 'next')).type).toBe('next');
    } finally {
      await socket.close();
    }
    await waitFor(noneOpen, 'nothing left open');
  });

  it("delivers a user's event only to that user's subscriptions and to admins'", async () => {
    const [ada, bob] = [await signUp(product.baseUrl), await signUp(product.baseUrl)];
    const adas = await subscribe(product.baseUrl, LIST('tl'), ada.token);
    const bobs = await subscribe(product.baseUrl, LIST('tl'), bob.token);
    const watching = await subscribe(
      product.baseUrl,
      'subscription { userListChanged(family: tl) { userId } }',
      admin.token,
    );
    try {
      await add(ada, 'tl', 'Ada only');
      await waitFor(
        () =>
          adas.received.length === 1 &&
          watching.received.some((each) => each.userListChanged.userId === ada.userId),
        "Ada's change at Ada and the admin",
      );
      // Bob's own later change is the first thing his subscription receives: nothing of Ada's reached it.
      await add(bob, 'tl', 'Bob marker');
      await waitFor(() => bobs.received.length === 1, "Bob's own change");
      expect(
        bobs.received[0].listUpdated.added.map((item: { aiResponse: string }) => item.aiResponse),
      ).toEqual(['Bob marker']);
      await waitFor(
        () => watching.received.some((each) => each.userListChanged.userId === bob.userId),
        "Bob's change at the admin",
      );
      expect(adas.received).toHaveLength(1);
    } finally {
      await Promise.all([adas.close(), bobs.close(), watching.close()]);
    }
    await waitFor(noneOpen, 'nothing left open');
  });

  it("gives each of a socket's identical subscriptions its own message, and nothing of one's arguments or user to another", async () => {
    const [ada, bob] = [await signUp(product.baseUrl), await signUp(product.baseUrl)];
    const byVariable =
      'subscription ($family: ListFamily!) { listUpdated(family: $family) { added { aiResponse } } }';
    const adaSocket = await openSocket(product.baseUrl, ada.token);
    const adaOther = await openSocket(product.baseUrl, ada.token);
    const bobSocket = await openSocket(product.baseUrl, bob.token);
    const sockets = [adaSocket, adaOther, bobSocket];
    const subscribeTo = (socket: RawSocket, id: string, query: string, variables?: object) =>
      socket.send({ id, type: 'subscribe', payload: { query, variables } });
    const firstAdded = async (socket: RawSocket, id: string) => {
      const message = await socket.waitFor((each) => each.id === id);
      expect(message.type).toBe('next');
      return message.payload.data.listUpdated.added.map((item: { aiResponse: string }) => item.aiResponse);
    };
    try {
      for (const id of ['tl1', 'tl2', 'tl3']) subscribeTo(adaSocket, id, LIST('tl'));
      subscribeTo(adaSocket, 'tr', LIST('tr'));
      subscribeTo(adaSocket, 'varTl', byVariable, { family: 'tl' });
      subscribeTo(adaSocket, 'varTr', byVariable, { family: 'tr' });
      subscribeTo(adaOther, 'tl', LIST('tl'));
      for (const id of ['tl1', 'tl2']) subscribeTo(bobSocket, id, LIST('tl'));
      await waitFor(
        async () => (await hubMetrics(product.baseUrl)).hubSubscriptions === 9,
        'the 9 subscriptions in the hub',
      );
      await add(ada, 'tl', 'Ada tl');
      for (const id of ['tl1', 'tl2', 'tl3', 'varTl'])
        expect(await firstAdded(adaSocket, id)).toEqual(['Ada tl']);
      expect(await firstAdded(adaOther, 'tl')).toEqual(['Ada tl']);
      // The first thing the other family's subscriptions and Bob's receive is their own change: nothing else came.
      await add(ada, 'tr', 'Ada tr');
      for (const id of ['tr', 'varTr']) expect(await firstAdded(adaSocket, id)).toEqual(['Ada tr']);
      await add(bob, 'tl', 'Bob tl');
      for (const id of ['tl1', 'tl2']) expect(await firstAdded(bobSocket, id)).toEqual(['Bob tl']);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
    await waitFor(noneOpen, 'nothing left open');
  });

  /** A client of `user`'s TR list sees one change ('Seen') and disconnects: the sequence it would resume after. */
  const sequenceSeenBy = async (user: SignedIn): Promise<number> => {
    const first = await subscribe(product.baseUrl, LIST('tr'), user.token);
    try {
      await add(user, 'tr', 'Seen');
      await waitFor(() => first.received.length === 1, 'the first update');
      return first.received[0].listUpdated.sequence as number;
    } finally {
      await first.close();
    }
  };

  it('catches a reconnecting client up with exactly the events of its own it missed, then goes on live', async () => {
    const [ada, bob] = [await signUp(product.baseUrl), await signUp(product.baseUrl)];
    const seen = await sequenceSeenBy(ada);
    // While disconnected: two of Ada's TR changes, one of Bob's, one of Ada's other lists.
    await add(ada, 'tr', 'Missed one');
    await add(bob, 'tr', 'Not hers');
    await add(ada, 'tl', 'Other family');
    await add(ada, 'tr', 'Missed two');
    const resumed = await subscribe(product.baseUrl, LIST('tr', `, afterSequence: ${seen}`), ada.token);
    try {
      await waitFor(() => resumed.received.length === 2, 'the missed updates');
      await add(ada, 'tr', 'Live again');
      await waitFor(() => resumed.received.length === 3, 'the live update');
      const updates = resumed.received.map((each) => each.listUpdated);
      expect(
        updates.map((update) => update.added.map((item: { aiResponse: string }) => item.aiResponse)),
      ).toEqual([['Missed one'], ['Missed two'], ['Live again']]);
      const sequences = updates.map((update) => update.sequence);
      expect(sequences[0]).toBeGreaterThan(seen);
      expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
      expect(resumed.error()).toBeNull();
    } finally {
      await resumed.close();
    }
    await waitFor(noneOpen, 'nothing left open');
  });

  /** The resume is refused with RESUME_TOO_OLD (the client re-queries), and nothing was delivered before. */
  const expectRefusedResume = async (resumed: LiveSubscription<unknown>) => {
    await waitFor(() => resumed.error() !== null, 'the refusal');
    expect((resumed.error() as Array<{ extensions: { code: string } }>)[0]!.extensions.code).toBe(
      'RESUME_TOO_OLD',
    );
    expect(resumed.received).toHaveLength(0);
  };

  it('tells a client to re-query when it missed more than one catch-up holds or more than the gateway keeps', async () => {
    const [ada, bob] = [await signUp(product.baseUrl), await signUp(product.baseUrl)];
    // A live subscriber of the list the missed events go to: once it has them all, so has the hub, and the
    // resuming subscription below meets the hub's window as the test means it (an event still on its way through
    // the outbox would otherwise arrive live and the catch-up would be served, not refused).
    const adaWatcher = await subscribe(product.baseUrl, LIST('tr'), ada.token);
    const fillerWatcher = await subscribe(product.baseUrl, LIST('tl'), ada.token);
    const opened = [adaWatcher, fillerWatcher];
    try {
      const seen = await sequenceSeenBy(ada);
      for (const text of ['One', 'Two', 'Three', 'Four']) await add(ada, 'tr', text);
      await waitFor(() => adaWatcher.received.length === 5, 'the four missed updates in the hub');
      const tooMany = await subscribe(product.baseUrl, LIST('tr', `, afterSequence: ${seen}`), ada.token);
      opened.push(tooMany);
      await expectRefusedResume(tooMany);

      // Bob missed one event, but since then more events than the gateway keeps went by.
      const bobSeen = await sequenceSeenBy(bob);
      await add(bob, 'tr', 'Missed');
      for (let index = 0; index < EVENT_HUB.recentEvents; index++) await add(ada, 'tl', `Filler ${index}`);
      await waitFor(
        () => fillerWatcher.received.length === EVENT_HUB.recentEvents,
        'every filler event in the hub',
      );
      const tooOld = await subscribe(product.baseUrl, LIST('tr', `, afterSequence: ${bobSeen}`), bob.token);
      opened.push(tooOld);
      await expectRefusedResume(tooOld);
    } finally {
      await Promise.all(opened.map((subscription) => subscription.close()));
    }
    await waitFor(noneOpen, 'nothing left open');
  }, 60_000);

  it('serves catch-up from a gateway replica started after the events were missed (it reads them back at start)', async () => {
    const ada = await signUp(product.baseUrl);
    const seen = await sequenceSeenBy(ada);
    await add(ada, 'tr', 'Missed one');
    await add(ada, 'tr', 'Missed two');
    const replica = await createGateway({
      bus: product.bus,
      logger: createLogger('test', 'silent'),
      jwtSecret: TEST_JWT_SECRET,
      sessionIdleMs: 3_600_000,
      maxBodyBytes: 1_048_576,
      uploads: { objectStore: product.objects, maxBytes: 1_000_000 },
      eventHub: EVENT_HUB,
    });
    try {
      const replicaUrl = `http://127.0.0.1:${await replica.listen(0, '127.0.0.1')}`;
      const resumed = await subscribe(replicaUrl, LIST('tr', `, afterSequence: ${seen}`), ada.token);
      await waitFor(() => resumed.received.length === 2, 'the missed updates from the replica');
      const added = resumed.received.map((each) =>
        each.listUpdated.added.map((item: { aiResponse: string }) => item.aiResponse),
      );
      expect(added).toEqual([['Missed one'], ['Missed two']]);
      await resumed.close();
    } finally {
      await replica.close();
    }
    await waitFor(noneOpen, 'nothing left open');
  });
});
