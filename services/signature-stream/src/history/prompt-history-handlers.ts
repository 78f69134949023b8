import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  PROMPT_HISTORY_CAP,
  signatureEvents,
  type ParsedRequestOf,
  type PromptVersion,
  type RequestContext,
  type promptHistoryOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { type PromptVersionLimit } from './prompt-version-limit';
import { type PromptVersionStore } from './prompt-versions';

type Req<K extends keyof typeof promptHistoryOperations> = ParsedRequestOf<
  (typeof promptHistoryOperations)[K]
>;
type Save = Req<'save'>;

export const PROMPT_VERSION_NOT_FOUND = 'Prompt version not found.';

/** A save that repeats the user's newest version (a second Copy of the same text, say) keeps that one. */
export const repeatsVersion = (
  newest: PromptVersion,
  saved: Pick<Save, 'prompt' | 'negativePrompt' | 'origin'>,
) =>
  newest.prompt === saved.prompt &&
  newest.negativePrompt === saved.negativePrompt &&
  newest.origin === saved.origin;

/**
 * Issue #19: the Stream page's prompt versions, private to their owner (declared 'read-private': no admin read
 * either). Each user keeps the newest `cap` versions. The versions are read and written through a
 * PromptVersionStore: `versions(tx)` on a write's transaction, `versions()` for a read.
 */
export class PromptHistoryHandlers {
  constructor(
    private readonly versions: (tx?: EntityManager) => PromptVersionStore,
    private readonly writer: Pick<OutboxWriter, 'write'>,
    private readonly limit: Pick<PromptVersionLimit, 'take'>,
    private readonly cap = PROMPT_HISTORY_CAP,
  ) {}

  /** Saves a version unless it repeats the user's newest; the user's lock makes "newest" hold until commit. */
  async save(request: Save, context: RequestContext) {
    const { userId } = request;
    await this.limit.take(userId);
    return this.writer.write(
      async (tx) => {
        const versions = this.versions(tx);
        const newest = await versions.newest(userId);
        if (newest && repeatsVersion(newest, request)) return { saved: false, version: newest };
        const version = await versions.add(request);
        await versions.keepNewest(userId, this.cap);
        recordEvent(tx, signatureEvents.promptVersionSaved, { userId, version }, context);
        return { saved: true, version };
      },
      { lock: `prompt-history:${userId}` },
    );
  }

  async list(request: Req<'list'>) {
    const page = await this.versions().page(request);
    const items = page.slice(0, request.first);
    const more = page.length > request.first;
    return { items, nextCursor: more ? String(items[items.length - 1]!.id) : null };
  }

  async get(request: Req<'get'>) {
    const versions = this.versions();
    const version = await versions.byId(request.userId, request.id);
    if (!version) throw new DomainError('NOT_FOUND', PROMPT_VERSION_NOT_FOUND);
    return { version, previous: await versions.before(request.userId, request.id) };
  }
}
