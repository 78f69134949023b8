import { type EntityManager } from '@mikro-orm/postgresql';
import { type PromptVersion, promptHistoryOperations } from '@promptloom/proto';
import { PromptHistoryHandlers } from './prompt-history-handlers';
import { type PromptVersionStore } from './prompt-versions';

/** The handlers' rules on a store kept in memory: no database, the SQL being PromptVersions' alone. */
class VersionsInMemory implements PromptVersionStore {
  readonly rows: PromptVersion[] = [];

  async newest(userId: number) {
    return this.ofUser(userId)[0] ?? null;
  }

  async add(version: Pick<PromptVersion, 'userId' | 'origin' | 'prompt' | 'negativePrompt' | 'snapshot'>) {
    const added = { ...version, id: this.rows.length + 1, createdAt: new Date().toISOString() };
    this.rows.push(added);
    return added;
  }

  async keepNewest(userId: number, cap: number) {
    const dropped = new Set(this.ofUser(userId).slice(cap));
    this.rows.splice(0, this.rows.length, ...this.rows.filter((row) => !dropped.has(row)));
  }

  async page(request: { userId: number; first: number; after?: number | null }) {
    const after = request.after ?? Number.POSITIVE_INFINITY;
    return this.ofUser(request.userId)
      .filter((row) => row.id < after)
      .slice(0, request.first + 1);
  }

  async byId(userId: number, id: number) {
    return this.ofUser(userId).find((row) => row.id === id) ?? null;
  }

  async before(userId: number, id: number) {
    return this.ofUser(userId).find((row) => row.id < id) ?? null;
  }

  private ofUser(userId: number) {
    return this.rows.filter((row) => row.userId === userId).sort((a, b) => b.id - a.id);
  }
}

describe('the prompt history handlers, on a store in memory', () => {
  const snapshot = {
    selection: { types: [], proItems: [], elements: [], signature: [] },
    toggles: { hyperRealistic: false, eightK: false, fourK: false },
    target: 'midjourney-7' as const,
  };
  let store: VersionsInMemory;
  let handlers: PromptHistoryHandlers;
  const writes: string[] = [];

  beforeEach(async () => {
    store = new VersionsInMemory();
    const writer = {
      write: async <T>(work: (tx: EntityManager) => Promise<T>, options?: { lock?: string }) => {
        writes.push(options?.lock ?? '');
        return work({} as EntityManager);
      },
    };
    handlers = new PromptHistoryHandlers(() => store, writer, { take: async () => undefined }, 3);
    for (const prompt of ['a castle', 'a tower', 'a bridge', 'a gate'])
      await store.add({ userId: 7, origin: 'edited', prompt, negativePrompt: null, snapshot });
    await store.add({ userId: 8, origin: 'edited', prompt: 'not yours', negativePrompt: null, snapshot });
  });

  const list = (input: object) => handlers.list(promptHistoryOperations.list.request.parse(input));

  it('pages the newest first, with a cursor while more are left', async () => {
    const first = await list({ userId: 7, first: 3 });
    expect(first.items.map((item) => item.prompt)).toEqual(['a gate', 'a bridge', 'a tower']);
    expect(first.nextCursor).toBe('2');
    const last = await list({ userId: 7, first: 3, after: first.nextCursor });
    expect(last.items.map((item) => item.prompt)).toEqual(['a castle']);
    expect(last.nextCursor).toBeNull();
  });

  it("answers a version with the one before it, and NOT_FOUND for another user's", async () => {
    const answer = await handlers.get({ userId: 7, id: 3 });
    expect([answer.version.prompt, answer.previous?.prompt]).toEqual(['a bridge', 'a tower']);
    expect((await handlers.get({ userId: 7, id: 1 })).previous).toBeNull();
    await expect(handlers.get({ userId: 7, id: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("keeps the newest version when a save repeats it, under the user's lock", async () => {
    const repeat = { userId: 7, origin: 'edited' as const, prompt: 'a gate', negativePrompt: null, snapshot };
    const answer = await handlers.save(repeat, {});
    expect(answer).toEqual({ saved: false, version: expect.objectContaining({ id: 4, prompt: 'a gate' }) });
    expect(store.rows).toHaveLength(5);
    expect(writes.at(-1)).toBe('prompt-history:7');
  });
});
