import { DeliverPolicy, headers, type JetStreamClient, type JetStreamManager, type MsgHdrs } from 'nats';
import { type DeadLetter, type DeadLetterQuery } from './bus';
import { deadLetterNotFound, onlyJobsRetry, resolveDeadLetterQuery } from './dead-letter-query';
import { reasonOf } from './job-retries';
import { ACTOR_HEADER, REQUEST_ID_HEADER, contextFromHeaders } from './nats-codec';
import { type NatsNames } from './nats-names';

const KIND = 'x-dead-kind';
const SOURCE = 'x-dead-source';
const ID = 'x-dead-id';
const REASON = 'x-dead-reason';
const ATTEMPTS = 'x-dead-attempts';

export interface DeadLetterInput {
  kind: 'job' | 'event';
  /** The job's queue or the event's bus subject. */
  source: string;
  id: string;
  reason: unknown;
  attempts: number;
  /** The original message's headers: its request context travels on with it. */
  original: MsgHdrs | undefined;
  data: Uint8Array;
  /** De-duplicates: one message moved aside by several consumers is stored once. */
  key: string;
}

/**
 * The dead-letter stream DEAD (subjects `dead.job` and `dead.event`): what the bus moved aside, with why, until an
 * admin retries it or it ages out after 30 days.
 */
export class NatsDeadLetters {
  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly names: NatsNames,
  ) {}

  async store(input: DeadLetterInput): Promise<void> {
    const carried = headers();
    for (const name of [REQUEST_ID_HEADER, ACTOR_HEADER]) {
      const value = input.original?.get(name);
      if (value) carried.set(name, value);
    }
    carried.set(KIND, input.kind);
    carried.set(SOURCE, input.source);
    carried.set(ID, input.id || '-');
    carried.set(REASON, typeof input.reason === 'string' ? input.reason : reasonOf(input.reason));
    carried.set(ATTEMPTS, String(input.attempts));
    await this.js.publish(this.names.deadSubject(input.kind), input.data, {
      msgID: input.key,
      headers: carried,
    });
  }

  async list(query?: DeadLetterQuery): Promise<DeadLetter[]> {
    const { after, limit } = resolveDeadLetterQuery(query);
    const stream = this.names.streams.dead;
    const consumer = await this.js.consumers.get(stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: after + 1,
    });
    try {
      const pending = (await consumer.info()).num_pending;
      if (pending === 0) return [];
      const letters: DeadLetter[] = [];
      const batch = await consumer.fetch({ max_messages: Math.min(limit, pending), expires: 5_000 });
      for await (const message of batch) {
        letters.push(readDeadLetter(message.seq, message.headers, message.info.timestampNanos / 1e6));
        if (letters.length >= Math.min(limit, pending)) break;
      }
      return letters;
    } finally {
      await consumer.delete().catch(() => undefined);
    }
  }

  /** Publishes the dead job to its queue again, under a new message id, then removes the dead letter. */
  async retry(sequence: number): Promise<DeadLetter> {
    const stream = this.names.streams.dead;
    const stored = await this.jsm.streams.getMessage(stream, { seq: sequence }).catch(() => {
      throw deadLetterNotFound(sequence);
    });
    const letter = readDeadLetter(sequence, stored.header, stored.time.getTime());
    if (letter.kind !== 'job') throw onlyJobsRetry(letter);
    const carried = headers();
    for (const name of [REQUEST_ID_HEADER, ACTOR_HEADER]) {
      const value = stored.header.get(name);
      if (value) carried.set(name, value);
    }
    // Keeps the job's id (handlers de-duplicate by what it carries); the message id only has to be new.
    carried.set(ID, letter.id);
    await this.js.publish(this.names.jobSubject(letter.source), stored.data, {
      msgID: `${letter.id}:retry:${sequence}`,
      headers: carried,
    });
    await this.jsm.streams.deleteMessage(stream, sequence, false).catch(() => undefined);
    return letter;
  }
}

/** The id a retried job keeps: its original one rides in a header, as the message id had to change. */
export function retriedJobIdOf(carried: MsgHdrs | undefined): string | undefined {
  return carried?.get(ID) || undefined;
}

function readDeadLetter(sequence: number, carried: MsgHdrs | undefined, at: number): DeadLetter {
  return {
    sequence,
    kind: carried?.get(KIND) === 'event' ? 'event' : 'job',
    source: carried?.get(SOURCE) ?? '',
    id: carried?.get(ID) ?? '',
    reason: carried?.get(REASON) ?? '',
    attempts: Number(carried?.get(ATTEMPTS)) || 0,
    deadAt: new Date(at).toISOString(),
    context: contextFromHeaders(carried),
  };
}
