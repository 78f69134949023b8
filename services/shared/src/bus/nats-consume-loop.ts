import { ConsumerEvents, type ConsumerMessages, type JsMsg } from 'nats';
import { type BusLogger } from './bus-logger';
import { settlesBy, sleep } from './in-flight';

const REOPEN_DELAY_MS = 1_000;

export interface ConsumeLoopOptions {
  /** Opens the message iterator (`consumer.consume()`), again after an unexpected end. */
  open(): Promise<ConsumerMessages>;
  /** Handles one message; the loop takes the next only once it resolves. */
  handle(message: JsMsg): Promise<void>;
  /** A message that arrived after stop() was called (explicit-ack consumers hand it back with nak()). */
  release(message: JsMsg): void;
  /** Recreates the stream or consumer when the server says it is gone (e.g. a server restarted without its data). */
  recover?(): Promise<void>;
  logger: BusLogger;
  /** Identifies the loop in log lines. */
  label: object;
}

export interface ConsumeLoop {
  /** Settles once the first open() has been tried, so the consumer is pulling when subscribe/consume resolve. */
  started: Promise<void>;
  /** Stops taking messages; true once the message being handled (if any) is done, false if `deadline` came first. */
  stop(deadline: number): Promise<boolean>;
}

/**
 * Handles the messages of one JetStream consumer one at a time. `consume()` keeps pulling across reconnects and
 * missed heartbeats by itself; the loop only reopens it when the iterator ends without stop() (a second later, so
 * a server that is down is not hammered).
 */
export function startConsumeLoop(options: ConsumeLoopOptions): ConsumeLoop {
  const stopping = new AbortController();
  let messages: ConsumerMessages | undefined;
  let recovering: Promise<void> | undefined;
  let reopening = false;

  const recover = (): void => {
    if (!options.recover || recovering) return;
    recovering = options
      .recover()
      .then(() => {
        // consume() would find the consumer again by itself, but only after a backoff of up to 30 s.
        options.logger.info(options.label, 'Consumer recreated');
        reopening = true;
        messages?.stop();
      })
      .catch((error: unknown) =>
        options.logger.warn({ ...options.label, err: error }, 'Could not recreate consumer'),
      )
      .finally(() => {
        recovering = undefined;
      });
  };

  const watch = async (watched: ConsumerMessages): Promise<void> => {
    if (!options.recover) return; // ordered consumers recreate themselves
    for await (const status of await watched.status()) {
      if (status.type === ConsumerEvents.ConsumerNotFound || status.type === ConsumerEvents.StreamNotFound) {
        options.logger.warn({ ...options.label, status: status.type }, 'Consumer missing on the server');
        recover();
      }
    }
  };

  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });

  const run = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      try {
        messages = await options.open().finally(markStarted);
        if (stopping.signal.aborted) messages.stop();
        void watch(messages).catch(() => undefined);
        for await (const message of messages) {
          if (stopping.signal.aborted) options.release(message);
          else await options.handle(message);
        }
        if (stopping.signal.aborted) return;
        if (!reopening) options.logger.warn(options.label, 'Consumer stopped unexpectedly; reopening');
        reopening = false;
      } catch (error) {
        if (stopping.signal.aborted) return;
        options.logger.warn({ ...options.label, err: error }, 'Consumer failed; reopening');
        recover();
      }
      await sleep(REOPEN_DELAY_MS, stopping.signal);
    }
  };

  const running = run().finally(markStarted);
  return {
    started,
    stop: (deadline) => {
      stopping.abort();
      messages?.stop();
      return settlesBy(running, deadline);
    },
  };
}
