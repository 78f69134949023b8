import { Writable } from 'node:stream';
import { z } from 'zod';
import { DomainError, PUBLIC, defineOperation } from '@promptloom/proto';
import { InProcessBus, call, measuredJobHandler } from '../bus';
import { handle } from '../operations';
import { createLogger, currentLogFields, withLogContext, type Logger } from '../logging';
import { deferred, signedBuses } from '../testing';
import { metricsText } from './registry';

/** Request ids reach the logs of whoever handles a request, and calls, answers and jobs are counted. */
describe('request-scoped logs and metrics on the bus helpers', () => {
  const echo = defineOperation(
    'admin',
    'observabilityEcho',
    z.object({ word: z.string() }),
    z.string(),
    PUBLIC,
  );
  let bus: InProcessBus;
  /** The test's own operations: only the gateway calls them. */
  let buses: ReturnType<typeof signedBuses>;
  let lines: Array<Record<string, unknown>>;
  let logger: Logger;

  beforeEach(() => {
    bus = new InProcessBus();
    buses = signedBuses(bus, { callers: () => ['gateway'] });
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    logger = createLogger('observability-test', 'info', sink);
  });
  afterEach(() => bus.close());

  it("tags a service's log lines with the caller's request id and actor", async () => {
    await handle(buses.admin, echo, async ({ word }) => {
      logger.info({ word }, 'handling');
      return word;
    });
    const context = { requestId: 'req-abc-123', actor: { userId: 7, role: 'user' } };
    await expect(call(buses.gateway, echo, { word: 'hi' }, { context })).resolves.toBe('hi');
    logger.info('after the request');
    expect(lines[0]).toMatchObject({ msg: 'handling', requestId: 'req-abc-123', userId: 7 });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('counts calls and answers by subject and outcome', async () => {
    const counted = defineOperation(
      'admin',
      'observabilityCount',
      z.object({ word: z.string() }),
      z.string(),
      PUBLIC,
    );
    await handle(buses.admin, counted, async ({ word }) => {
      if (word === 'bad') throw new DomainError('NOT_FOUND', 'No such word.');
      return word;
    });
    await call(buses.gateway, counted, { word: 'ok' });
    await expect(call(buses.gateway, counted, { word: 'bad' })).rejects.toThrow('No such word.');
    const text = await metricsText();
    const subject = 'subject="svc.admin.observabilityCount"';
    expect(text).toContain(`bus_requests_total{${subject},side="call",outcome="ok"} 1`);
    expect(text).toContain(`bus_requests_total{${subject},side="handle",outcome="NOT_FOUND"} 1`);
    expect(text).toMatch(
      /bus_request_duration_seconds_count\{subject="svc.admin.observabilityCount",side="handle",outcome="ok"\} 1/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('times jobs by queue and outcome, with the job context in the logs', async () => {
    const run = measuredJobHandler('observability-jobs', async (job) => {
      logger.info('working');
      if (job.attempt === 1) throw new Error('first attempt fails');
    });
    const job = { id: 'j1', payload: {}, context: { requestId: 'req-job-1' } };
    await expect(run({ ...job, attempt: 1 })).rejects.toThrow('first attempt fails');
    await run({ ...job, attempt: 2 });
    expect(lines.map((line) => line.requestId)).toEqual(['req-job-1', 'req-job-1']);
    const text = await metricsText();
    expect(text).toContain('job_duration_seconds_count{queue="observability-jobs",outcome="failed"} 1');
    expect(text).toContain('job_duration_seconds_count{queue="observability-jobs",outcome="ok"} 1');
  });

  it('keeps the context of concurrent requests apart', async () => {
    const ids = ['a', 'b', 'c'];
    const gates = ids.map(() => deferred());
    const seen = Promise.all(
      ids.map((id, index) =>
        withLogContext({ requestId: id }, async () => {
          await gates[index]!.promise;
          return currentLogFields().requestId;
        }),
      ),
    );
    // All three are suspended; they go on in the reverse order, each after the others entered their contexts.
    for (const gate of [...gates].reverse()) gate.resolve();
    expect(await seen).toEqual(ids);
  });
});
