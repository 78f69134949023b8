import { EntitySchema } from '@mikro-orm/postgresql';
import { type AccountStatus, type Module as ModuleRecord } from '@promptloom/proto';

export class Module {
  id!: number;
  name: string;
  status: AccountStatus;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: { name: string; status: AccountStatus }) {
    this.name = fields.name;
    this.status = fields.status;
  }

  toRecord(): ModuleRecord {
    return { id: this.id, name: this.name, status: this.status };
  }
}

export const ModuleSchema = new EntitySchema<Module>({
  class: Module,
  tableName: 'modules',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
