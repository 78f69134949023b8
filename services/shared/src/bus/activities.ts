import { type Unsubscribe } from './bus';

/** Something a bus started (a responder, a subscription, a consumer); stop() resolves false if handlers outlived `deadline`. */
export interface Activity {
  stop(deadline: number): Promise<boolean>;
}

/** What a bus has running, so that close() can stop it all and wait, within `closeTimeoutMs`, for its handlers. */
export class Activities {
  private readonly running = new Set<Activity>();

  constructor(private readonly closeTimeoutMs: number) {}

  /** Registers `activity`; the returned Unsubscribe stops it once, however often it is called. */
  add(activity: Activity): Unsubscribe {
    this.running.add(activity);
    let stopped: Promise<void> | undefined;
    return () => {
      stopped ??= activity.stop(Date.now() + this.closeTimeoutMs).then(() => {
        this.running.delete(activity);
      });
      return stopped;
    };
  }

  /** Stops everything; true if every handler finished in time. */
  async stopAll(): Promise<boolean> {
    const deadline = Date.now() + this.closeTimeoutMs;
    const finished = await Promise.all([...this.running].map((activity) => activity.stop(deadline)));
    this.running.clear();
    return finished.every(Boolean);
  }
}
