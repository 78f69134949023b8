import { type EntityManager } from '@mikro-orm/postgresql';
import { type ListFamily } from '@promptloom/proto';
import { ListItemRecord } from './list-item.entity';
import { notFound } from './not-found';
import { SubElementRecord } from './sub-element.entity';

/**
 * Who owns the record an operation names by id: what `handle()` decides an owned-by-record operation's access on
 * (`ownerOf`). An unknown id is the handler's own 404, so a caller learns nothing more than the handler would say.
 */
export class RecordOwners {
  constructor(private readonly em: () => EntityManager) {}

  async ofItem(request: { id: number; family: ListFamily }): Promise<number> {
    const item = await this.em().findOne(ListItemRecord, { id: request.id, family: request.family });
    if (!item) throw notFound('Item');
    return item.userId;
  }

  async ofElement(request: { element_id: number }): Promise<number> {
    const element = await this.em().findOne(ListItemRecord, { id: request.element_id, family: 'bl' });
    if (!element) throw notFound('Element');
    return element.userId;
  }

  async ofSubElement(request: { id: number }): Promise<number> {
    const row = await this.em().findOne(SubElementRecord, { id: request.id });
    if (!row) throw notFound('Sub-element');
    return row.userId;
  }
}
