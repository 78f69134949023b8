import { EntitySchema } from '@mikro-orm/postgresql';
import {
  type ItemMarkEntry,
  type PromptParameter,
  type PromptTarget,
  type StreamSettings,
} from '@promptloom/proto';

/** One user's Stream page settings: the chosen prompt target and the marks of their selection's items. */
export class StreamSettingsRecord {
  userId: number;
  target: PromptTarget;
  marks: ItemMarkEntry[] = [];
  parameters: PromptParameter[] = [];
  version = 0;
  updatedAt: Date = new Date();

  constructor(userId: number, target: PromptTarget) {
    this.userId = userId;
    this.target = target;
  }

  toView(): StreamSettings {
    return {
      userId: this.userId,
      target: this.target,
      marks: this.marks,
      parameters: this.parameters,
      version: this.version,
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}

export const StreamSettingsSchema = new EntitySchema<StreamSettingsRecord>({
  class: StreamSettingsRecord,
  tableName: 'stream_settings',
  properties: {
    userId: { type: 'integer', primary: true, fieldName: 'user_id', autoincrement: false },
    target: { type: 'string', columnType: 'varchar(40)' },
    marks: { type: 'json', columnType: 'jsonb' },
    parameters: { type: 'json', columnType: 'jsonb' },
    version: { type: 'integer' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
