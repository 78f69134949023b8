import { DomainError } from '@promptloom/proto';
import { type Bus, type BusEvent, type Job } from './bus';
import { PermanentFailure } from './job-retries';
import { type BusLogger } from './bus-logger';
import { metricsRegistry } from '../metrics/registry';
import { waitFor } from '../testing/wait-for';

/**
 * The behaviour every Bus adapter must show, run against the real adapter (in-process-bus.test.ts,
 * nats-bus.service.test.ts). Not a test file itself: it registers jest blocks when called.
 */

export interface BusConnectOptions {
  requestTimeoutMs?: number;
  closeTimeoutMs?: number;
  logger?: BusLogger;
}

/** What buses of one test share: buses connected to one world reach each other, and no other world. */
export interface BusWorld {
  connect(options?: BusConnectOptions): Promise<Bus>;
  /** Closes the buses still open and removes whatever the world left behind. */
  dispose(): Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A name part unique to one test, so that tests never see each other's subjects, durables or queues. */
export const uniqueToken = (): string =>
  `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function rejectionOf(work: Promise<unknown>): Promise<DomainError> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof DomainError)) throw new Error(`Expected a DomainError, got ${String(outcome)}`);
  return outcome;
}

/** A promise that resolves when open() is called, to hold a handler until the test lets it go. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

const never = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * Jobs of `queue` delivered and not yet acknowledged, as the bus reports them (`job_queue_unacknowledged`). At 0
 * with nothing waiting, no job of the queue can be delivered again: what proves "no duplicate will come".
 */
async function unacknowledgedJobs(queue: string): Promise<number> {
  const metric = metricsRegistry.getSingleMetric('job_queue_unacknowledged');
  if (!metric) throw new Error('job_queue_unacknowledged is not registered');
  const { values } = await metric.get();
  return values.find((value) => value.labels.queue === queue)?.value ?? 0;
}

export function describeBusContract(name: string, createWorld: () => Promise<BusWorld>): void {
  describe(`${name}: Bus contract`, () => {
    let world: BusWorld;
    let token: string;

    beforeEach(async () => {
      world = await createWorld();
      token = uniqueToken();
    });

    afterEach(async () => {
      await world.dispose();
    });

    describe('request/reply', () => {
      it('answers with the handler reply, passing the payload and the request context', async () => {
        const server = await world.connect();
        const client = await world.connect();
        const subject = `svc.${token}.echo`;
        const received: Array<{ payload: unknown; context: unknown }> = [];
        await server.serve(subject, 'svc.test', async (payload, context) => {
          received.push({ payload, context });
          return { echoed: payload, actor: context.actor?.userId ?? null };
        });

        const payload = { text: 'hello', nested: { list: [1, 2, 3] } };
        const context = { requestId: 'req-1', actor: { userId: 7, role: 'Admin' } };
        await expect(client.request(subject, payload, { context })).resolves.toEqual({
          echoed: payload,
          actor: 7,
        });
        await expect(client.request(subject, 'plain')).resolves.toEqual({ echoed: 'plain', actor: null });

        expect(received).toEqual([
          { payload, context },
          { payload: 'plain', context: {} },
        ]);
      });

      it('hands over copies: neither side can change the objects of the other', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.copy`;
        const kept = { count: 1 };
        await bus.serve(subject, 'svc.test', async (payload) => {
          (payload as { count: number }).count = 99;
          return kept;
        });

        const sent = { count: 1 };
        const reply = (await bus.request(subject, sent)) as { count: number };
        reply.count = 5;

        expect(sent).toEqual({ count: 1 });
        expect(kept).toEqual({ count: 1 });
      });

      it('passes a DomainError through with its code, message and fields', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.invalid`;
        await bus.serve(subject, 'svc.test', async () => {
          throw new DomainError('BAD_USER_INPUT', 'The name field is required.', {
            name: ['The name field is required.'],
          });
        });

        const error = await rejectionOf(bus.request(subject, {}));

        expect(error.code).toBe('BAD_USER_INPUT');
        expect(error.message).toBe('The name field is required.');
        expect(error.fields).toEqual({ name: ['The name field is required.'] });
      });

      it('turns any other error into INTERNAL without its message', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.broken`;
        await bus.serve(subject, 'svc.test', async () => {
          throw new Error('password=hunter2 leaked');
        });

        const error = await rejectionOf(bus.request(subject, {}));

        expect(error.code).toBe('INTERNAL');
        expect(error.message).toBe('Internal error');
        expect(JSON.stringify({ ...error, message: error.message })).not.toContain('hunter2');
      });

      it('fails at once with SERVICE_UNAVAILABLE when nobody serves the subject', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.nobody`;

        // A timeout longer than the test's own: waiting for it instead of failing at once fails the test.
        const error = await rejectionOf(bus.request(subject, {}, { timeoutMs: 600_000 }));

        expect(error.code).toBe('SERVICE_UNAVAILABLE');
        expect(error.message).toBe(`No service is answering ${subject}.`);
      });

      it('fails with SERVICE_UNAVAILABLE at the timeout when the handler is too slow', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.slow`;
        const release = gate();
        let started = false;
        let answered = false;
        await bus.serve(subject, 'svc.test', async () => {
          started = true;
          await release.wait;
          answered = true;
          return 'too late';
        });

        const error = await rejectionOf(bus.request(subject, {}, { timeoutMs: 300 }));
        // The handler got the request and is still held: only the timeout can have ended the request.
        expect({ started, answered }).toEqual({ started: true, answered: false });
        release.open();

        expect(error.code).toBe('SERVICE_UNAVAILABLE');
        expect(error.message).toBe(`${subject} did not answer within 300 ms.`);
      });

      it('shares requests among the handlers of one queue group, each request answered once', async () => {
        const first = await world.connect();
        const second = await world.connect();
        const client = await world.connect();
        const subject = `svc.${token}.shared`;
        const handledBy: string[] = [];
        for (const [bus, label] of [
          [first, 'first'],
          [second, 'second'],
        ] as const) {
          await bus.serve(subject, 'svc.shared', async (payload) => {
            handledBy.push(label);
            return { n: payload, by: label };
          });
        }

        const replies = await Promise.all(
          Array.from(
            { length: 20 },
            (_, n) => client.request(subject, n) as Promise<{ n: number; by: string }>,
          ),
        );

        expect(replies.map((reply) => reply.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
        expect(handledBy).toHaveLength(20);
        expect(handledBy.filter((label) => label === 'first').length).toBeGreaterThan(0);
        expect(handledBy.filter((label) => label === 'second').length).toBeGreaterThan(0);
      });

      it('stops answering once unsubscribed', async () => {
        const bus = await world.connect();
        const subject = `svc.${token}.leaving`;
        const unsubscribe = await bus.serve(subject, 'svc.test', async () => 'here');
        await expect(bus.request(subject, {})).resolves.toBe('here');

        await unsubscribe();

        const error = await rejectionOf(bus.request(subject, {}, { timeoutMs: 2_000 }));
        expect(error.code).toBe('SERVICE_UNAVAILABLE');
      });
    });

    describe('events', () => {
      it('delivers events to the subscribers whose filter matches, with id, sequence and context', async () => {
        const publisher = await world.connect();
        const subscriber = await world.connect();
        const root = `evt.${token}`;
        const created: BusEvent[] = [];
        const everything: BusEvent[] = [];
        await subscriber.subscribe(`${root}.*.created`, async (event) => void created.push(event));
        await subscriber.subscribe(`${root}.>`, async (event) => void everything.push(event));

        const context = { requestId: 'req-2', actor: { userId: 3, role: 'User' } };
        await publisher.publish(`${root}.list.created`, { n: 1 }, { id: `${token}-1`, context });
        await publisher.publish(`${root}.list.deleted`, { n: 2 }, { id: `${token}-2` });
        await publisher.publish(`${root}.list.item.created`, { n: 3 }, { id: `${token}-3` });
        await publisher.publish(`${root}.marker.created`, { n: 4 }, { id: `${token}-4` });
        await waitFor(() => everything.length === 4 && created.length === 2, 'four events');

        expect(created.map((event) => event.subject)).toEqual([
          `${root}.list.created`,
          `${root}.marker.created`,
        ]);
        expect(everything.map((event) => event.id)).toEqual([1, 2, 3, 4].map((n) => `${token}-${n}`));
        expect(everything[0]).toMatchObject({ payload: { n: 1 }, context });
        expect(everything[1]!.context).toEqual({});
        const sequences = everything.map((event) => event.sequence);
        expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
        expect(new Set(sequences).size).toBe(4);
        expect(created[0]!.sequence).toBe(everything[0]!.sequence);
      });

      it('starts a subscription without durable at the next event', async () => {
        const bus = await world.connect();
        const root = `evt.${token}`;
        await bus.publish(`${root}.before`, 'before', { id: `${token}-before` });
        const received: BusEvent[] = [];
        await bus.subscribe(`${root}.>`, async (event) => void received.push(event));

        await bus.publish(`${root}.after`, 'after', { id: `${token}-after` });
        await waitFor(() => received.length > 0, 'the event published after subscribing');

        expect(received.map((event) => event.payload)).toEqual(['after']);
      });

      it('stores and delivers an event published twice with one id once', async () => {
        const bus = await world.connect();
        const root = `evt.${token}`;
        const received: BusEvent[] = [];
        await bus.subscribe(`${root}.>`, async (event) => void received.push(event));

        await bus.publish(`${root}.changed`, 'first', { id: `${token}-same` });
        await bus.publish(`${root}.changed`, 'second', { id: `${token}-same` });
        await bus.publish(`${root}.marker`, 'marker', { id: `${token}-marker` });
        await waitFor(() => received.some((event) => event.payload === 'marker'), 'the marker event');

        expect(received.map((event) => event.payload)).toEqual(['first', 'marker']);
      });

      it('replays events from a given sequence', async () => {
        const bus = await world.connect();
        const root = `evt.${token}`;
        const live: BusEvent[] = [];
        await bus.subscribe(`${root}.>`, async (event) => void live.push(event));
        for (const n of [1, 2, 3]) await bus.publish(`${root}.n`, n, { id: `${token}-${n}` });
        await waitFor(() => live.length === 3, 'three live events');

        const replayed: BusEvent[] = [];
        await bus.subscribe(`${root}.>`, async (event) => void replayed.push(event), {
          fromSequence: live[1]!.sequence,
        });
        await waitFor(() => replayed.length === 2, 'two replayed events');

        expect(replayed).toEqual(live.slice(1));
      });
    });

    describe('durable subscriptions', () => {
      it('gives each event to one of the subscribers sharing a durable name', async () => {
        const first = await world.connect();
        const second = await world.connect();
        const publisher = await world.connect();
        const root = `evt.${token}`;
        const durable = `${token}-projection`;
        const handled: Array<{ by: string; id: string }> = [];
        await first.subscribe(
          `${root}.>`,
          async (event) => void handled.push({ by: 'first', id: event.id }),
          {
            durable,
          },
        );
        await second.subscribe(
          `${root}.>`,
          async (event) => void handled.push({ by: 'second', id: event.id }),
          {
            durable,
          },
        );

        const ids = Array.from({ length: 10 }, (_, n) => `${token}-${n}`);
        for (const id of ids) await publisher.publish(`${root}.happened`, id, { id });
        // The durable delivers in stream order: once the marker and the ten arrived, every first delivery did.
        await publisher.publish(`${root}.happened`, 'marker', { id: `${token}-marker` });
        await waitFor(
          () => new Set(handled.map((entry) => entry.id)).size === 11,
          'all ten events and the marker',
        );

        expect(handled.map((entry) => entry.id).sort()).toEqual([...ids, `${token}-marker`].sort());
      });

      it('resumes where it stopped: events published while no subscriber ran are delivered later', async () => {
        const publisher = await world.connect();
        const root = `evt.${token}`;
        const durable = `${token}-resume`;
        const before = await world.connect();
        const handledBefore: string[] = [];
        await before.subscribe(`${root}.>`, async (event) => void handledBefore.push(event.id), { durable });
        await publisher.publish(`${root}.happened`, 1, { id: `${token}-1` });
        await waitFor(() => handledBefore.length === 1, 'the first event');
        await before.close();

        await publisher.publish(`${root}.happened`, 2, { id: `${token}-2` });
        await publisher.publish(`${root}.happened`, 3, { id: `${token}-3` });
        const after = await world.connect();
        const handledAfter: string[] = [];
        await after.subscribe(`${root}.>`, async (event) => void handledAfter.push(event.id), { durable });
        // Same subject, so in order: when the marker arrives, whatever the durable had before it has too.
        await publisher.publish(`${root}.happened`, 'marker', { id: `${token}-marker` });
        await waitFor(() => handledAfter.includes(`${token}-marker`), 'the marker event');

        expect(handledBefore).toEqual([`${token}-1`]);
        expect(handledAfter).toEqual([`${token}-2`, `${token}-3`, `${token}-marker`]);
      });

      it('delivers an event again when the handler throws', async () => {
        const bus = await world.connect();
        const root = `evt.${token}`;
        const deliveries: BusEvent[] = [];
        await bus.subscribe(
          `${root}.>`,
          async (event) => {
            deliveries.push(event);
            if (deliveries.length === 1) throw new Error('projection failed');
          },
          { durable: `${token}-retry` },
        );

        await bus.publish(`${root}.happened`, 'payload', { id: `${token}-retry` });
        await waitFor(() => deliveries.length === 2, 'the event delivered again');

        expect(deliveries[1]).toEqual(deliveries[0]);
      });
    });

    describe('dead letters', () => {
      it('moves an event a durable handler cannot use aside, and goes on with the next', async () => {
        const bus = await world.connect();
        const root = `evt.${token}`;
        const handled: unknown[] = [];
        await bus.subscribe(
          `${root}.>`,
          async (event) => {
            if (event.payload === 'unusable') throw new PermanentFailure('payload does not match its schema');
            handled.push(event.payload);
          },
          { durable: `${token}-strict` },
        );

        await bus.publish(`${root}.changed`, 'unusable', { id: `${token}-bad` });
        await bus.publish(`${root}.changed`, 'fine', { id: `${token}-fine` });
        await waitFor(() => handled.includes('fine'), 'the event after the unusable one');
        await waitFor(async () => (await bus.deadLetters()).length === 1, 'the dead event');

        const [letter] = await bus.deadLetters();
        expect(letter).toMatchObject({
          kind: 'event',
          source: `${root}.changed`,
          id: `${token}-bad`,
          reason: expect.stringContaining('does not match its schema'),
        });
        await expect(bus.retryDeadLetter(letter!.sequence)).rejects.toMatchObject({ code: 'CONFLICT' });
        expect(await bus.deadLetters({ afterSequence: letter!.sequence })).toEqual([]);
      });
    });

    describe('work queue', () => {
      it('hands each job to exactly one of the consumers', async () => {
        const first = await world.connect();
        const second = await world.connect();
        const producer = await world.connect();
        const queue = `${token}.work`;
        const handled: Job[] = [];
        for (const bus of [first, second]) await bus.consume(queue, async (job) => void handled.push(job));

        const context = { requestId: 'req-3', actor: { userId: 9, role: 'User' } };
        const ids = [...Array.from({ length: 10 }, (_, n) => `${token}-${n}`), `${token}-marker`];
        for (const id of ids) await producer.enqueue(queue, { id }, { id, context });
        // The queue delivers in order, so the marker comes after every first delivery; once all are acknowledged
        // none can be delivered again.
        await waitFor(() => handled.some((job) => job.id === `${token}-marker`), 'the marker job');
        await waitFor(async () => (await unacknowledgedJobs(queue)) === 0, 'every job acknowledged');

        expect(handled.map((job) => job.id).sort()).toEqual([...ids].sort());
        for (const job of handled)
          expect(job).toEqual({ id: job.id, payload: { id: job.id }, attempt: 1, context });
      });

      it('enqueues a job whose id repeats once', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const handled: Job[] = [];
        await bus.consume(queue, async (job) => void handled.push(job));

        await bus.enqueue(queue, 'first', { id: `${token}-same` });
        await bus.enqueue(queue, 'second', { id: `${token}-same` });
        await bus.enqueue(queue, 'marker', { id: `${token}-marker` });
        await waitFor(() => handled.some((job) => job.payload === 'marker'), 'the marker job');

        expect(handled.map((job) => job.payload)).toEqual(['first', 'marker']);
      });

      it('delivers a job again, as attempt 2, after the retry delay when the handler throws', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const attempts: Array<{ attempt: number; at: number }> = [];
        await bus.consume(
          queue,
          async (job) => {
            attempts.push({ attempt: job.attempt, at: Date.now() });
            if (job.attempt === 1) throw new Error('provider failed');
          },
          { retryMinDelayMs: 1_000 },
        );

        await bus.enqueue(queue, 'payload', { id: `${token}-job` });
        await waitFor(() => attempts.length === 2, 'the second attempt');

        expect(attempts.map((entry) => entry.attempt)).toEqual([1, 2]);
        expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
      });

      it('retries a failing job until retryForMs, then tells onDeadLettered and moves it to the dead letters', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const attempts: number[] = [];
        const told: Array<{ id: string; reason: string }> = [];
        let failing = true;
        const context = { requestId: 'req-dead', actor: { userId: 12, role: 'User' } };
        await bus.consume(
          queue,
          async (job) => {
            attempts.push(job.attempt);
            if (failing) throw new Error('database unavailable');
          },
          {
            retryForMs: 600,
            retryMinDelayMs: 50,
            retryMaxDelayMs: 100,
            onDeadLettered: async (job, reason) => void told.push({ id: job.id, reason }),
          },
        );

        await bus.enqueue(queue, { n: 1 }, { id: `${token}-job`, context });
        await waitFor(async () => (await bus.deadLetters()).length === 1, 'the job in the dead letters');

        expect(attempts.length).toBeGreaterThan(2);
        expect(told).toEqual([
          { id: `${token}-job`, reason: expect.stringContaining('database unavailable') },
        ]);
        const [letter] = await bus.deadLetters();
        expect(letter).toMatchObject({
          kind: 'job',
          source: queue,
          id: `${token}-job`,
          reason: expect.stringContaining('database unavailable'),
          attempts: attempts.length,
          context,
        });
        expect(Date.parse(letter!.deadAt)).not.toBeNaN();

        failing = false;
        const handledBefore = attempts.length;
        await expect(bus.retryDeadLetter(letter!.sequence)).resolves.toMatchObject({ id: `${token}-job` });
        await waitFor(() => attempts.length > handledBefore, 'the retried job to run');
        await waitFor(async () => (await bus.deadLetters()).length === 0, 'the dead letter to be gone');
        await expect(bus.retryDeadLetter(letter!.sequence)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      });

      it('moves a job failing with PermanentFailure to the dead letters at once', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const attempts: number[] = [];
        await bus.consume(queue, async (job) => {
          attempts.push(job.attempt);
          throw new PermanentFailure('payload does not parse');
        });

        await bus.enqueue(queue, 'payload', { id: `${token}-job` });
        await waitFor(async () => (await bus.deadLetters()).length === 1, 'the job in the dead letters');

        expect(attempts).toEqual([1]);
        expect((await bus.deadLetters())[0]).toMatchObject({
          reason: expect.stringContaining('does not parse'),
        });
      });

      it('moves a job whose worker died after its deadline aside without running it again', async () => {
        const producer = await world.connect();
        const dying = await world.connect({ closeTimeoutMs: 100 });
        const queue = `${token}.work`;
        let taken = false;
        // Delivered again after 1.5 s: past the deadline and its grace (PAST_DEADLINE_GRACE_MS).
        const options = { ackWaitMs: 1_500, retryForMs: 100 };
        await dying.consume(
          queue,
          async () => {
            taken = true;
            await never();
          },
          options,
        );
        await producer.enqueue(queue, 'payload', { id: `${token}-job` });
        await waitFor(() => taken, 'the dying consumer to take the job');
        await dying.close();

        const handled: Job[] = [];
        const survivor = await world.connect();
        await survivor.consume(queue, async (job) => void handled.push(job), options);
        await waitFor(async () => (await survivor.deadLetters()).length === 1, 'the job in the dead letters');

        expect(handled).toEqual([]);
        expect((await survivor.deadLetters())[0]).toMatchObject({ id: `${token}-job`, attempts: 2 });
      });

      it('keeps a job that runs longer than ackWaitMs with its consumer while the handler works', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const ackWaitMs = 300;
        const deliveries: string[] = [];
        await bus.consume(
          queue,
          async (job) => {
            deliveries.push(job.id);
            if (job.id !== `${token}-long`) return;
            const started = Date.now();
            // Busy for four ack waits: only the heartbeat keeps the job from being delivered to the free slot.
            while (Date.now() - started < 4 * ackWaitMs) await sleep(50);
          },
          { ackWaitMs, concurrency: 2 },
        );

        await bus.enqueue(queue, 'long', { id: `${token}-long` });
        await waitFor(() => deliveries.length === 1, 'the long job to start');
        await bus.enqueue(queue, 'marker', { id: `${token}-marker` });
        await waitFor(() => deliveries.includes(`${token}-marker`), 'the marker job');
        await waitFor(async () => (await bus.deadLetters()).length === 0, 'no dead letters');
        await bus.close();

        expect(deliveries.filter((id) => id === `${token}-long`)).toHaveLength(1);
      });

      it('delivers the job of a consumer that died to another one after ackWaitMs', async () => {
        const producer = await world.connect();
        const dying = await world.connect({ closeTimeoutMs: 100 });
        const queue = `${token}.work`;
        let takenAt = 0;
        await dying.consume(
          queue,
          async () => {
            takenAt = Date.now();
            await never();
          },
          { ackWaitMs: 1_000 },
        );
        await producer.enqueue(queue, 'payload', { id: `${token}-job` });
        await waitFor(() => takenAt > 0, 'the dying consumer to take the job');
        await dying.close();

        const survivor = await world.connect();
        const handled: Array<Job & { at: number }> = [];
        await survivor.consume(queue, async (job) => void handled.push({ ...job, at: Date.now() }), {
          ackWaitMs: 1_000,
        });
        await waitFor(() => handled.length === 1, 'the job delivered again');

        expect(handled[0]).toMatchObject({ id: `${token}-job`, payload: 'payload', attempt: 2 });
        expect(handled[0]!.at - takenAt).toBeGreaterThanOrEqual(900);
      });

      it('handles at most `concurrency` jobs at once', async () => {
        const bus = await world.connect();
        const queue = `${token}.work`;
        const release = gate();
        let running = 0;
        let mostRunning = 0;
        const done: string[] = [];
        await bus.consume(
          queue,
          async (job) => {
            running++;
            mostRunning = Math.max(mostRunning, running);
            await release.wait;
            running--;
            done.push(job.id);
          },
          { concurrency: 2 },
        );

        for (const n of [1, 2, 3]) await bus.enqueue(queue, n, { id: `${token}-${n}` });
        await waitFor(() => running === 2, 'two jobs running');
        // Both slots are held, and the third job is waiting: the queue shows it undelivered.
        await waitFor(async () => (await unacknowledgedJobs(queue)) === 2, 'two jobs taken, one waiting');
        expect(running).toBe(2);
        release.open();
        await waitFor(() => done.length === 3, 'all three jobs');

        expect(mostRunning).toBe(2);
      });
    });

    describe('logging', () => {
      it('logs handler failures, never the payloads', async () => {
        const lines: Array<{ level: string; details: object; message: string }> = [];
        const capture =
          (level: string) =>
          (details: object, message: string): void =>
            void lines.push({ level, details, message });
        const bus = await world.connect({
          logger: { info: capture('info'), warn: capture('warn'), error: capture('error') },
        });
        const subject = `svc.${token}.failing`;
        const queue = `${token}.failing`;
        await bus.serve(subject, 'svc.test', async () => {
          throw new Error('request failed');
        });
        await bus.consume(
          queue,
          async () => {
            throw new Error('job failed');
          },
          { retryForMs: 1 },
        );

        await rejectionOf(bus.request(subject, { password: 'request-secret' }));
        await bus.enqueue(queue, { password: 'job-secret' }, { id: `${token}-job` });
        await waitFor(
          () => lines.some((line) => line.message.includes('dead letters')),
          'the dead-lettered job log line',
        );

        expect(lines).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ level: 'error', details: expect.objectContaining({ subject }) }),
            expect.objectContaining({ level: 'error', details: expect.objectContaining({ queue }) }),
          ]),
        );
        expect(JSON.stringify(lines)).not.toContain('secret');
      });
    });

    describe('close', () => {
      it('waits for a request handler in flight, whose reply still reaches the caller', async () => {
        const server = await world.connect();
        const client = await world.connect();
        const subject = `svc.${token}.slow`;
        let started = false;
        let finished = false;
        let closing: Promise<void> | undefined = undefined;
        await server.serve(subject, 'svc.test', async () => {
          started = true;
          // Still running when close() begins: close must wait for it.
          await waitFor(() => closing !== undefined, 'close() to begin');
          finished = true;
          return 'finished';
        });

        const reply = client.request(subject, {});
        await waitFor(() => started, 'the handler to start');
        closing = server.close();
        await closing;

        expect(finished).toBe(true);
        await expect(reply).resolves.toBe('finished');
      });

      it('waits for a job handler in flight, whose job is then acknowledged', async () => {
        const producer = await world.connect();
        const worker = await world.connect();
        const queue = `${token}.work`;
        let started = false;
        let finished = false;
        let closing: Promise<void> | undefined = undefined;
        await worker.consume(
          queue,
          async () => {
            started = true;
            // Still running when close() begins: close must wait for it, then acknowledge the job.
            await waitFor(() => closing !== undefined, 'close() to begin');
            finished = true;
          },
          { ackWaitMs: 1_000 },
        );
        await producer.enqueue(queue, 'payload', { id: `${token}-job` });
        await waitFor(() => started, 'the handler to start');
        closing = worker.close();
        await closing;
        expect(finished).toBe(true);

        const next = await world.connect();
        const delivered: Job[] = [];
        await next.consume(queue, async (job) => void delivered.push(job), { ackWaitMs: 1_000 });
        // Acknowledged: the queue holds nothing unacknowledged, so the job can never come again; the marker,
        // enqueued after it, is then the only job the next consumer gets.
        expect(await unacknowledgedJobs(queue)).toBe(0);
        await producer.enqueue(queue, 'marker', { id: `${token}-marker` });
        await waitFor(() => delivered.length > 0, 'the marker job');
        await waitFor(async () => (await unacknowledgedJobs(queue)) === 0, 'the marker acknowledged');
        expect(delivered.map((job) => job.id)).toEqual([`${token}-marker`]);
      });

      it('refuses new work once closed', async () => {
        const bus = await world.connect();
        await bus.close();

        const error = await rejectionOf(bus.request(`svc.${token}.any`, {}));
        expect(error.code).toBe('SERVICE_UNAVAILABLE');
        await expect(bus.publish(`evt.${token}.any`, {}, { id: token })).rejects.toThrow();
      });
    });
  });
}
