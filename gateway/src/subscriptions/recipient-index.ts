import { type EventDefinition } from '@promptloom/proto';
import { graphqlHubIndexKeys } from '@promptloom/shared';

/** One event as a subscription sees it: its parsed payload and its place in the event stream. */
export interface HubEvent<P> {
  payload: P;
  sequence: number;
}

/** A subscription as the hub's index holds it. */
export interface Recipient {
  /** Whose events it receives; null for every user's (admins' tables, an admin's signature feed). */
  ownerId: number | null;
  offer(event: HubEvent<unknown>): void;
}

/** The recipients of one event subject: by owner, and those who receive every owner's events. */
export interface SubjectRecipients {
  definition: EventDefinition;
  byOwner: Map<number, Set<Recipient>>;
  everyone: Set<Recipient>;
}

/**
 * Who receives the events of each subject, by the events' owner (`payload.userId`), so an event touches only its
 * recipients however many subscriptions are open. Emptied sets are removed at once: an index with no
 * subscriptions holds nothing.
 */
export class RecipientIndex {
  private readonly subjects = new Map<string, SubjectRecipients>();

  recipientsOf(subject: string): SubjectRecipients | undefined {
    return this.subjects.get(subject);
  }

  /** Adds `recipient`; the returned function removes it (once). */
  add(definition: EventDefinition, recipient: Recipient): () => void {
    const entry = this.entryOf(definition);
    const set = this.setFor(entry, recipient.ownerId);
    set.add(recipient);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      set.delete(recipient);
      if (set.size > 0) return;
      if (recipient.ownerId !== null) {
        entry.byOwner.delete(recipient.ownerId);
        graphqlHubIndexKeys.dec();
      } else graphqlHubIndexKeys.dec();
      if (entry.byOwner.size === 0 && entry.everyone.size === 0) this.subjects.delete(definition.subject);
    };
  }

  private entryOf(definition: EventDefinition): SubjectRecipients {
    let entry = this.subjects.get(definition.subject);
    if (!entry) {
      entry = { definition, byOwner: new Map(), everyone: new Set() };
      this.subjects.set(definition.subject, entry);
    }
    return entry;
  }

  private setFor(entry: SubjectRecipients, ownerId: number | null): Set<Recipient> {
    if (ownerId === null) {
      if (entry.everyone.size === 0) graphqlHubIndexKeys.inc();
      return entry.everyone;
    }
    let set = entry.byOwner.get(ownerId);
    if (!set) {
      set = new Set();
      entry.byOwner.set(ownerId, set);
      graphqlHubIndexKeys.inc();
    }
    return set;
  }
}
