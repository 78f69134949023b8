import { EntitySchema } from '@mikro-orm/postgresql';

export class ModeType {
  id!: number;
  topLeft: string;
  topRight: string;
  modeId: number;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: { topLeft: string; topRight: string; modeId: number }) {
    this.topLeft = fields.topLeft;
    this.topRight = fields.topRight;
    this.modeId = fields.modeId;
  }
}

export const ModeTypeSchema = new EntitySchema<ModeType>({
  class: ModeType,
  tableName: 'mode_types',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    topLeft: { type: 'string', fieldName: 'top_left' },
    topRight: { type: 'string', fieldName: 'top_right' },
    modeId: { type: 'integer', fieldName: 'mode_id' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
