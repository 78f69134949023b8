import { EntitySchema } from '@mikro-orm/postgresql';

/** A mode: one name, shared by the modules linked to it through `ModeModule` rows. */
export class Mode {
  id!: number;
  name: string;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(name: string) {
    this.name = name;
  }
}

/** One selected module of a mode (the old client stores one row per selected module). */
export class ModeModule {
  id!: number;
  modeId: number;
  moduleId: number;

  constructor(modeId: number, moduleId: number) {
    this.modeId = modeId;
    this.moduleId = moduleId;
  }
}

export const ModeSchema = new EntitySchema<Mode>({
  class: Mode,
  tableName: 'modes',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});

export const ModeModuleSchema = new EntitySchema<ModeModule>({
  class: ModeModule,
  tableName: 'mode_modules',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    modeId: { type: 'integer', fieldName: 'mode_id' },
    moduleId: { type: 'integer', fieldName: 'module_id' },
  },
});
