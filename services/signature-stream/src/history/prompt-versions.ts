import { type EntityManager } from '@mikro-orm/postgresql';
import { type ParsedRequestOf, type PromptVersion, type promptHistoryOperations } from '@promptloom/proto';
import { promptHistoryPageQuery } from './prompt-history-query';
import { PROMPT_VERSION_COLUMNS, toPromptVersion, type PromptVersionRow } from './prompt-version-row';

type Save = ParsedRequestOf<(typeof promptHistoryOperations)['save']>;
type ListRequest = ParsedRequestOf<(typeof promptHistoryOperations)['list']>;

/** What the prompt history handlers ask of the stored versions: the only place their SQL is written. */
export interface PromptVersionStore {
  newest(userId: number): Promise<PromptVersion | null>;
  add(
    version: Pick<Save, 'userId' | 'origin' | 'prompt' | 'negativePrompt' | 'snapshot'>,
  ): Promise<PromptVersion>;
  /** Deletes all but the user's newest `cap` versions. */
  keepNewest(userId: number, cap: number): Promise<void>;
  /** One page, newest first, with one version more than asked when there are more. */
  page(request: ListRequest): Promise<PromptVersion[]>;
  byId(userId: number, id: number): Promise<PromptVersion | null>;
  /** The user's version just before `id`, if any. */
  before(userId: number, id: number): Promise<PromptVersion | null>;
}

/** The store on PostgreSQL, for one entity manager (a request's, or a write's transaction). */
export class PromptVersions implements PromptVersionStore {
  constructor(
    private readonly em: EntityManager,
    schema: string,
  ) {
    this.table = `"${schema}"."prompt_versions"`;
  }

  private readonly table: string;

  async newest(userId: number) {
    return this.one(
      `select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? order by "id" desc limit 1`,
      [userId],
    );
  }

  async add(version: Pick<Save, 'userId' | 'origin' | 'prompt' | 'negativePrompt' | 'snapshot'>) {
    const added = await this.one(
      `insert into ${this.table} ("user_id", "origin", "prompt", "negative_prompt", "snapshot")
       values (?, ?, ?, ?, ?::jsonb) returning ${PROMPT_VERSION_COLUMNS}`,
      [
        version.userId,
        version.origin,
        version.prompt,
        version.negativePrompt,
        JSON.stringify(version.snapshot),
      ],
    );
    return added!;
  }

  async keepNewest(userId: number, cap: number) {
    await this.em.execute(
      `delete from ${this.table} where "user_id" = ? and "id" <= (
         select "id" from ${this.table} where "user_id" = ? order by "id" desc offset ? limit 1)`,
      [userId, userId, cap],
    );
  }

  async page(request: ListRequest) {
    const { sql, params } = promptHistoryPageQuery(this.table, PROMPT_VERSION_COLUMNS, request);
    return (await this.em.execute<PromptVersionRow[]>(sql, params)).map(toPromptVersion);
  }

  async byId(userId: number, id: number) {
    return this.one(`select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? and "id" = ?`, [
      userId,
      id,
    ]);
  }

  async before(userId: number, id: number) {
    return this.one(
      `select ${PROMPT_VERSION_COLUMNS} from ${this.table} where "user_id" = ? and "id" < ?
       order by "id" desc limit 1`,
      [userId, id],
    );
  }

  private async one(sql: string, params: unknown[]): Promise<PromptVersion | null> {
    const [row] = await this.em.execute<PromptVersionRow[]>(sql, params);
    return row ? toPromptVersion(row) : null;
  }
}
