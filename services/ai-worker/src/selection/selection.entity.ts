import { EntitySchema } from '@mikro-orm/postgresql';
import { type Selection } from '@promptloom/proto';

export type SelectionDocument = Omit<Selection, 'user_id'>;

export const emptySelection = (): SelectionDocument => ({
  active_types: [],
  active_elements: [],
  active_pro: [],
  sub_elements: {},
});

/** A user's active selection, one row per user. */
export class SelectionRecord {
  userId: number;
  document: SelectionDocument = emptySelection();
  updatedAt: Date = new Date();

  constructor(userId: number) {
    this.userId = userId;
  }

  toView(): Selection {
    return { user_id: this.userId, ...this.document };
  }
}

export const SelectionSchema = new EntitySchema<SelectionRecord>({
  class: SelectionRecord,
  tableName: 'selections',
  properties: {
    userId: { type: 'integer', primary: true, fieldName: 'user_id', autoincrement: false },
    document: { type: 'json', columnType: 'jsonb' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
