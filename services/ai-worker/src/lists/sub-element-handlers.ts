import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  CUSTOM_SUB_ELEMENT_GROUP,
  type aiOperations,
  type ParsedRequestOf,
  type RequestContext,
  type ResponseOf,
  type SubElement,
} from '@promptloom/proto';
import { type Bus, type OutboxWriter } from '@promptloom/shared';
import { ListItemRecord } from './list-item.entity';
import { userSubElementPageOf } from './list-pages';
import { notFound } from './not-found';
import { recordSubElementChange } from './sub-element-events';
import { SubElementRecord } from './sub-element.entity';

type Req<K extends keyof typeof aiOperations> = ParsedRequestOf<(typeof aiOperations)[K]>;
type Res<K extends keyof typeof aiOperations> = ResponseOf<(typeof aiOperations)[K]>;

export const DEFAULT_SUB_ELEMENT_GROUP = 'General';

export async function subElementsOf(em: EntityManager, elementId: number): Promise<SubElement[]> {
  const rows = await em.find(SubElementRecord, { elementId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => row.toView());
}

/** Adds names the element does not have yet (case-insensitively), then records the element's sub-elements. */
export async function addSubElements(
  tx: EntityManager,
  element: ListItemRecord,
  names: ReadonlyArray<{ name: string; group: string }>,
  jobId: string | null,
  context: RequestContext,
): Promise<SubElement[]> {
  const seen = new Set<string>();
  const fresh = names.filter(({ name }) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
  const addedIds = new Set<number>();
  if (fresh.length > 0) {
    // The unique index on (element, lower(name)) decides, so parallel adds of one name store it once.
    const schema = tx.config.get('schema') ?? 'public';
    const inserted: Array<{ id: number }> = await tx.execute(
      `insert into "${schema}"."sub_elements" ("element_id", "user_id", "name", "bl_name", "job_id")
       select ?, ?, e.v->>'name', e.v->>'group', ?
       from json_array_elements(?::json) with ordinality as e(v, n) order by e.n
       on conflict ("element_id", lower("name")) do nothing
       returning "id"`,
      [element.id, element.userId, jobId, JSON.stringify(fresh)],
    );
    for (const row of inserted) addedIds.add(Number(row.id));
  }
  const subElements = await subElementsOf(tx, element.id);
  const target = { userId: element.userId, elementId: element.id, jobId };
  const added = subElements.filter((row) => addedIds.has(row.id));
  await recordSubElementChange(tx, target, { added }, context);
  return subElements;
}

/** SPEC §7 bltypes: the sub-elements of one element. */
export class SubElementHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly writer: OutboxWriter,
  ) {}

  async get(request: Req<'getSubElements'>): Promise<Res<'getSubElements'>> {
    const element = await this.element(request.element_id);
    return { status: true, name: await subElementsOf(this.em(), element.id) };
  }

  /** Every sub-element of the user, a page at a time: half the bus's largest message each, the rest for the envelope. */
  async ofUser(request: Req<'getUserSubElements'>): Promise<Res<'getUserSubElements'>> {
    const budget = Math.floor(this.bus.maxPayloadBytes() / 2);
    const page = await userSubElementPageOf(this.em(), request.user_id, request.after_id, budget);
    return { name: page.items, next_after_id: page.nextAfterId };
  }

  async store(request: Req<'storeSubElements'>, context: RequestContext): Promise<Res<'storeSubElements'>> {
    const group = request.bl_name || DEFAULT_SUB_ELEMENT_GROUP;
    return this.add(
      request.element_id,
      request.name.map((name) => ({ name, group })),
      context,
    );
  }

  async newStore(
    request: Req<'newStoreSubElements'>,
    context: RequestContext,
  ): Promise<Res<'newStoreSubElements'>> {
    return this.add(
      request.element_id,
      request.name.map((name) => ({ name, group: CUSTOM_SUB_ELEMENT_GROUP })),
      context,
    );
  }

  async updateReason(
    request: Req<'updateSubElementReason'>,
    context: RequestContext,
  ): Promise<Res<'updateSubElementReason'>> {
    const updated = await this.writer.write(async (tx) => {
      // handle() found it to decide its owner; locked here, so a delete under way went first (404) or waits.
      const fresh = await tx.findOne(
        SubElementRecord,
        { id: request.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!fresh) throw notFound('Sub-element');
      fresh.reason = request.reason;
      fresh.reasonAt = request.reason?.trim() ? new Date() : null;
      await tx.flush();
      const target = { userId: fresh.userId, elementId: fresh.elementId, jobId: null };
      await recordSubElementChange(tx, target, { changed: [fresh.toView()] }, context);
      return fresh.toView();
    });
    return { status: true, message: 'Reason updated successfully.', data: updated };
  }

  private async add(
    elementId: number,
    names: Array<{ name: string; group: string }>,
    context: RequestContext,
  ): Promise<Res<'storeSubElements'>> {
    const element = await this.element(elementId);
    const subElements = await this.writer.write((tx) => addSubElements(tx, element, names, null, context));
    return { status: true, name: subElements };
  }

  private async element(id: number): Promise<ListItemRecord> {
    const element = await this.em().findOne(ListItemRecord, { id, family: 'bl' });
    if (!element) throw notFound('Element');
    return element;
  }
}
