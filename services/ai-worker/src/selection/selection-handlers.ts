import { type EntityManager } from '@mikro-orm/postgresql';
import {
  activateElementFirstMessage,
  invalidInput,
  leaveElementError,
  type aiOperations,
  type ParsedRequestOf,
  type RequestContext,
  type ResponseOf,
  type Selection,
} from '@promptloom/proto';
import { type OutboxWriter } from '@promptloom/shared';
import { ListItemRecord } from '../lists/list-item.entity';
import { notFound } from '../lists/not-found';
import { SubElementRecord } from '../lists/sub-element.entity';
import { editSelection, LIST_OF_FAMILY } from './edit-selection';
import { SelectionRecord, emptySelection, type SelectionDocument } from './selection.entity';

type Req<K extends keyof typeof aiOperations> = ParsedRequestOf<(typeof aiOperations)[K]>;
type Res<K extends keyof typeof aiOperations> = ResponseOf<(typeof aiOperations)[K]>;

const toggled = (ids: number[], id: number, on: boolean): number[] =>
  on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((existing) => existing !== id);

/** The user's active selection on the server (SPEC §4, §5 rules), so it follows them across tabs and devices. */
export class SelectionHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
  ) {}

  async get(request: Req<'getSelection'>): Promise<Selection> {
    const row = await this.em().findOne(SelectionRecord, { userId: request.user_id });
    return row?.toView() ?? { user_id: request.user_id, ...emptySelection() };
  }

  async setItemActive(request: Req<'setItemActive'>, context: RequestContext): Promise<Selection> {
    const item = await this.em().findOne(ListItemRecord, { id: request.item_id, family: request.family });
    if (!item || item.userId !== request.user_id) throw notFound('Item');
    return this.change(request.user_id, context, (document) => {
      const key = LIST_OF_FAMILY[request.family];
      document[key] = toggled(document[key], item.id, request.active);
      // SPEC §4: deactivating an element removes its sub-element selections.
      if (request.family === 'bl' && !request.active) delete document.sub_elements[String(item.id)];
    });
  }

  async setSubElementChosen(
    request: Req<'setSubElementChosen'>,
    context: RequestContext,
  ): Promise<Selection> {
    const subElement = await this.em().findOne(SubElementRecord, { id: request.sub_element_id });
    if (!subElement || subElement.userId !== request.user_id) throw notFound('Sub-element');
    const element = await this.em().findOne(ListItemRecord, { id: subElement.elementId });
    if (!element) throw notFound('Sub-element'); // its element was deleted since the line above
    return this.change(request.user_id, context, (document) => {
      const key = String(element.id);
      if (request.chosen && !document.active_elements.includes(element.id)) {
        throw invalidInput({ sub_element_id: [activateElementFirstMessage(element.aiResponse)] });
      }
      const chosen = toggled(document.sub_elements[key] ?? [], subElement.id, request.chosen);
      if (chosen.length > 0) document.sub_elements[key] = chosen;
      else delete document.sub_elements[key];
    });
  }

  async leaveElement(request: Req<'leaveElement'>): Promise<Res<'leaveElement'>> {
    const selection = await this.get({ user_id: request.user_id });
    const element = await this.em().findOne(ListItemRecord, { id: request.element_id, family: 'bl' });
    if (!element || element.userId !== request.user_id) throw notFound('Element');
    const message = leaveElementError({
      element: element.aiResponse,
      elementActive: selection.active_elements.includes(element.id),
      selectedSubElements: selection.sub_elements[String(element.id)]?.length ?? 0,
    });
    return { allowed: message === null, message };
  }

  private change(
    userId: number,
    context: RequestContext,
    edit: (document: SelectionDocument) => void,
  ): Promise<Selection> {
    return this.writer.write((tx) => editSelection(tx, userId, context, edit));
  }
}
