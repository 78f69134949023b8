/**
 * Subject rules both adapters enforce, so code that works in process also works on NATS:
 * requests go to `svc.…`-style subjects, events live under `evt.`, jobs under `job.<queue>`.
 */
export const EVENT_ROOT = 'evt';
export const JOB_ROOT = 'job';
/** Jobs and events moved aside (NatsBus: the DEAD stream). */
export const DEAD_ROOT = 'dead';

const TOKEN = /^[^\s.*>]+$/;
/** Durable names, queue names and namespaces also name JetStream consumers and streams, hence the tighter rule. */
const NAME_TOKEN = /^[A-Za-z0-9-]+$/;

export function assertSubject(subject: string): void {
  if (!subject.split('.').every((token) => TOKEN.test(token))) {
    throw new Error(
      `Invalid subject "${subject}": expected dot-separated tokens without spaces or wildcards.`,
    );
  }
}

/** A filter may use `*` for one token and `>` for the rest, as the last token. */
export function assertFilter(filter: string): void {
  const tokens = filter.split('.');
  const valid = tokens.every(
    (token, index) => TOKEN.test(token) || token === '*' || (token === '>' && index === tokens.length - 1),
  );
  if (!valid) throw new Error(`Invalid subject filter "${filter}".`);
}

export function assertEventSubject(subject: string): void {
  assertSubject(subject);
  if (!subject.startsWith(`${EVENT_ROOT}.`)) {
    throw new Error(`Invalid event subject "${subject}": events are published under "${EVENT_ROOT}.".`);
  }
}

export function assertEventFilter(filter: string): void {
  assertFilter(filter);
  if (!filter.startsWith(`${EVENT_ROOT}.`)) {
    throw new Error(`Invalid event filter "${filter}": events live under "${EVENT_ROOT}.".`);
  }
}

/** Dot-separated name tokens of letters, digits and `-`, e.g. `ai.generate` or `gateway-fanout`. */
export function assertName(kind: string, name: string): void {
  if (!name.split('.').every((token) => NAME_TOKEN.test(token))) {
    throw new Error(`Invalid ${kind} "${name}": use dot-separated tokens of letters, digits and "-".`);
  }
}

export function jobSubject(queue: string): string {
  assertName('queue name', queue);
  return `${JOB_ROOT}.${queue}`;
}

/** Ids de-duplicate published events and jobs; over NATS they travel in the Nats-Msg-Id header. */
export function assertMessageId(id: string): void {
  if (typeof id !== 'string' || id === '' || /[\r\n]/.test(id)) {
    throw new Error('A message id must be a non-empty string on one line.');
  }
}
