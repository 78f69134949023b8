import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  type aiOperations,
  type ListFamily,
  type ListItem,
  type ListResponse,
  type ParsedRequestOf,
  type PreviousSettings,
  type RequestContext,
  type ResponseOf,
} from '@promptloom/proto';
import { type Bus, type OutboxWriter } from '@promptloom/shared';
import { AgentSettings } from './agent-settings.entity';
import { ListItemRecord } from './list-item.entity';
import { recordListChange } from './list-events';
import { listPageOf, type ListPage } from './list-pages';
import { addNewItems, isAgentFamily, saveAgentSettings } from './list-writes';
import { notFound } from './not-found';

type Req<K extends keyof typeof aiOperations> = ParsedRequestOf<(typeof aiOperations)[K]>;
type Res<K extends keyof typeof aiOperations> = ResponseOf<(typeof aiOperations)[K]>;

/** SPEC §7 AI lists: get, store, newstore, updateReason, status, and the previous agent settings. */
export class ListHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly writer: OutboxWriter,
    private readonly now: () => Date,
  ) {}

  async getList(request: Req<'getList'>): Promise<ListResponse> {
    const target = { userId: request.user_id, family: request.family };
    return this.pageReply(target, await listPageOf(this.em(), target, request.after_id, this.pageBudget()));
  }

  async storeList(request: Req<'storeList'>, context: RequestContext): Promise<ListResponse> {
    const settings = {
      levels: request.levels,
      aiModel: request.ai_model,
      frequency: request.frequency,
      agentRole: request.agent_role,
      name: request.name,
    };
    const target = { userId: request.user_id, family: request.family };
    const items = request.ai_response.map((text) => ({ text }));
    return this.write(target, context, async (tx) => {
      const added = await addNewItems(tx, target, items, settings);
      if (isAgentFamily(request.family)) {
        await saveAgentSettings(tx, request.user_id, request.family, settings, this.now());
      }
      return added;
    });
  }

  async newStore(request: Req<'newStore'>, context: RequestContext): Promise<ListResponse> {
    const target = { userId: request.user_id, family: request.family };
    return this.write(target, context, (tx) =>
      addNewItems(
        tx,
        target,
        request.ai_response.map((text) => ({ text })),
      ),
    );
  }

  async updateReason(request: Req<'updateReason'>, context: RequestContext): Promise<Res<'updateReason'>> {
    return this.changeItem(request, context, 'Reason updated successfully.', (item) => {
      item.aiReason = request.ai_reason;
      item.reasonAt = request.ai_reason ? new Date() : null;
    });
  }

  async setItemStatus(request: Req<'setItemStatus'>, context: RequestContext): Promise<Res<'setItemStatus'>> {
    return this.changeItem(request, context, 'Status updated successfully.', (item) => {
      item.status = request.status;
    });
  }

  async previousSettings(request: Req<'previousSettings'>): Promise<PreviousSettings> {
    const row = await this.em().findOne(AgentSettings, { userId: request.user_id, family: request.family });
    return row?.toView() ?? new AgentSettings(request.user_id, request.family).toView();
  }

  private async changeItem(
    request: { family: ListFamily; id: number },
    context: RequestContext,
    message: string,
    change: (item: ListItemRecord) => void,
  ) {
    // handle() found the item (id and family) to decide its owner; locked here, so a delete under way either went
    // first (404) or waits for this change.
    const updated = await this.writer.write(async (tx) => {
      const item = await tx.findOne(
        ListItemRecord,
        { id: request.id, family: request.family },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw notFound('Item');
      change(item);
      await tx.flush();
      await recordListChange(
        tx,
        { userId: item.userId, family: item.family, jobId: null },
        { changed: [item.toView()] },
        context,
      );
      return item.toView();
    });
    return { status: true as const, message, data: updated };
  }

  private async write(
    target: { userId: number; family: ListFamily },
    context: RequestContext,
    work: (tx: EntityManager) => Promise<ListItem[]>,
  ): Promise<ListResponse> {
    const page = await this.writer.write(async (tx) => {
      const added = await work(tx);
      await recordListChange(tx, { ...target, jobId: null }, { added }, context);
      return listPageOf(tx, target, 0, this.pageBudget());
    });
    return this.pageReply(target, page);
  }

  /** Half the bus's largest message for the items: the rest is room for the envelope. */
  private pageBudget(): number {
    return Math.floor(this.bus.maxPayloadBytes() / 2);
  }

  private pageReply(target: { userId: number; family: ListFamily }, page: ListPage): ListResponse {
    return {
      family: target.family,
      user_id: target.userId,
      ai_response: page.items,
      next_after_id: page.nextAfterId,
    };
  }
}
