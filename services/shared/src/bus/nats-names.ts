import { assertName, DEAD_ROOT, EVENT_ROOT, JOB_ROOT, jobSubject } from './subject-names';

export interface NatsStreamNames {
  events: string;
  jobs: string;
  dead: string;
}

/** The JetStream streams a NatsBus uses: `EVENTS`, `JOBS` and `DEAD`, prefixed `<namespace>_` when it has one. */
export function natsStreamNames(namespace?: string): NatsStreamNames {
  const prefix = namespace === undefined ? '' : `${namespace}_`;
  return { events: `${prefix}EVENTS`, jobs: `${prefix}JOBS`, dead: `${prefix}DEAD` };
}

/**
 * Where the bus's subjects, streams and consumers live on the server. A namespace prefixes all of them, so several
 * deployments or test runs share one server without meeting; without one, subjects are those of DESIGN.md.
 */
export class NatsNames {
  readonly streams: NatsStreamNames;

  constructor(readonly namespace?: string) {
    if (namespace !== undefined && !/^[A-Za-z0-9-]+$/.test(namespace)) {
      throw new Error(`Invalid NATS namespace "${namespace}": use letters, digits and "-".`);
    }
    this.streams = natsStreamNames(namespace);
  }

  /** The server-side subject of a bus subject or filter. */
  subject(subject: string): string {
    return this.namespace === undefined ? subject : `${this.namespace}.${subject}`;
  }

  /** The bus subject of a server-side subject. */
  busSubject(serverSubject: string): string {
    const prefix = this.namespace === undefined ? '' : `${this.namespace}.`;
    return serverSubject.startsWith(prefix) ? serverSubject.slice(prefix.length) : serverSubject;
  }

  get eventSubjects(): string {
    return this.subject(`${EVENT_ROOT}.>`);
  }

  get jobSubjects(): string {
    return this.subject(`${JOB_ROOT}.>`);
  }

  get deadSubjects(): string {
    return this.subject(`${DEAD_ROOT}.>`);
  }

  deadSubject(kind: 'job' | 'event'): string {
    return this.subject(`${DEAD_ROOT}.${kind}`);
  }

  jobSubject(queue: string): string {
    return this.subject(jobSubject(queue));
  }

  /** Consumer names cannot contain dots; names never contain `_`, so replacing dots by it stays unambiguous. */
  durableConsumer(durable: string): string {
    assertName('durable name', durable);
    return this.consumer(durable);
  }

  jobConsumer(queue: string): string {
    assertName('queue name', queue);
    return this.consumer(queue);
  }

  private consumer(name: string): string {
    const prefix = this.namespace === undefined ? '' : `${this.namespace}_`;
    return `${prefix}${name.replaceAll('.', '_')}`;
  }
}
