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
import { promptHistoryPageQuery } from './prompt-history-query';
import { PROMPT_VERSION_COLUMNS, toPromptVersion, type PromptVersionRow } from './prompt-version-row';
import { type PromptVersionLimit } from './prompt-version-limit';

type Req<K extends keyof typeof promptHistoryOperations> = ParsedRequestOf<
  (typeof promptHistoryOperations)[K]
>;

export const PROMPT_VERSION_NOT_FOUND = 'Prompt version not found.';

/**
 * Issue #19: the Stream page's prompt versions. Private to their owner ('write' access: no admin read either).
 * Each user keeps the newest `cap` versions.
 */
export class PromptHistoryHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly schema: string,
    private readonly limit: PromptVersionLimit,
    private readonly cap = PROMPT_HISTORY_CAP,
  ) {}

  private get table() {
    return `"${this.schema}"."prompt_versions"`;
  }

  /**
   * Saves a version unless the user's newest has the same prompt, negative prompt and origin (a second Copy of the
   * same text, say): then that one is answered with `saved` false. The user's lock makes "newest" hold until commit.
   */
  async save(request: Req<'save'>, context: RequestContext) {
    const { userId } = request;
    await this.limit.take(userId);
    return this.writer.write(
      async (tx) => {
        const [newest] = await tx.execute<PromptVersionRow[]>(
          `select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? order by "id" desc limit 1`,
          [userId],
        );
        if (
          newest &&
          newest.prompt === request.prompt &&
          newest.negative_prompt === request.negativePrompt &&
          newest.origin === request.origin
        )
          return { saved: false, version: toPromptVersion(newest) };
        const [row] = await tx.execute<PromptVersionRow[]>(
          `insert into ${this.table} ("user_id", "origin", "prompt", "negative_prompt", "snapshot")
           values (?, ?, ?, ?, ?::jsonb) returning ${PROMPT_VERSION_COLUMNS}`,
          [userId, request.origin, request.prompt, request.negativePrompt, JSON.stringify(request.snapshot)],
        );
        await tx.execute(
          `delete from ${this.table} where "user_id" = ? and "id" <= (
             select "id" from ${this.table} where "user_id" = ? order by "id" desc offset ? limit 1)`,
          [userId, userId, this.cap],
        );
        const version = toPromptVersion(row!);
        recordEvent(tx, signatureEvents.promptVersionSaved, { userId, version }, context);
        return { saved: true, version };
      },
      { lock: `prompt-history:${userId}` },
    );
  }

  async list(request: Req<'list'>) {
    const { sql, params } = promptHistoryPageQuery(this.table, PROMPT_VERSION_COLUMNS, request);
    const rows = await this.em().execute<PromptVersionRow[]>(sql, params);
    const items = rows.slice(0, request.first).map(toPromptVersion);
    const more = rows.length > request.first;
    return { items, nextCursor: more ? String(items[items.length - 1]!.id) : null };
  }

  async get(request: Req<'get'>) {
    const em = this.em();
    const [row] = await em.execute<PromptVersionRow[]>(
      `select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? and "id" = ?`,
      [request.userId, request.id],
    );
    if (!row) throw new DomainError('NOT_FOUND', PROMPT_VERSION_NOT_FOUND);
    const [previous] = await em.execute<PromptVersionRow[]>(
      `select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? and "id" < ?
       order by "id" desc limit 1`,
      [request.userId, request.id],
    );
    const version: PromptVersion = toPromptVersion(row);
    return { version, previous: previous ? toPromptVersion(previous) : null };
  }
}
