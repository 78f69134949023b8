import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  nanos,
  NatsError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from 'nats';
import { DUPLICATE_WINDOW_MS } from './bus-defaults';
import { type NatsNames } from './nats-names';

const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const DEAD_LETTER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const STREAM_NAME_IN_USE = 10058;
const CONSUMER_NOT_FOUND = 10014;

/**
 * Creates the EVENTS stream (persisted events, kept 7 days, replayable by sequence), the JOBS stream (a work
 * queue: a job leaves the stream when acked) and the DEAD stream (dead letters, kept 30 days), or brings their configuration up to date. Safe to run concurrently.
 */
export async function ensureStreams(jsm: JetStreamManager, names: NatsNames): Promise<void> {
  await ensureStream(jsm, {
    name: names.streams.events,
    subjects: [names.eventSubjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(EVENT_RETENTION_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
  await ensureStream(jsm, {
    name: names.streams.jobs,
    subjects: [names.jobSubjects],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
  await ensureStream(jsm, {
    name: names.streams.dead,
    subjects: [names.deadSubjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(DEAD_LETTER_RETENTION_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
}

async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    await jsm.streams.add(config);
  } catch (error) {
    if (apiErrorCode(error) !== STREAM_NAME_IN_USE) throw error;
    await jsm.streams.update(config.name, config);
  }
}

export interface DurableConsumerSettings {
  name: string;
  filterSubject: string;
  ackWaitMs: number;
  /** -1: unlimited. */
  maxDeliver: number;
  /** Where a consumer created now starts: at the next message, or at the oldest the stream holds. */
  startAt: 'new' | 'all';
}

/** Creates a durable pull consumer with explicit acks, or brings the one of that name up to these settings. */
export async function ensureDurableConsumer(
  jsm: JetStreamManager,
  stream: string,
  settings: DurableConsumerSettings,
): Promise<void> {
  const updatable = {
    filter_subject: settings.filterSubject,
    ack_wait: nanos(settings.ackWaitMs),
    max_deliver: settings.maxDeliver,
  };
  const current = await jsm.consumers.info(stream, settings.name).catch((error: unknown) => {
    if (apiErrorCode(error) === CONSUMER_NOT_FOUND) return undefined;
    throw error;
  });
  if (!current) {
    // Two processes creating it at once is fine: creating an identical consumer again is accepted.
    await jsm.consumers.add(stream, {
      ...updatable,
      durable_name: settings.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: settings.startAt === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
    });
    return;
  }
  const { config } = current;
  if (
    config.filter_subject !== updatable.filter_subject ||
    config.ack_wait !== updatable.ack_wait ||
    config.max_deliver !== updatable.max_deliver
  ) {
    await jsm.consumers.update(stream, settings.name, updatable);
  }
}

function apiErrorCode(error: unknown): number | undefined {
  return error instanceof NatsError ? error.api_error?.err_code : undefined;
}
