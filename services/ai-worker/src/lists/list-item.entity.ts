import { EntitySchema } from '@mikro-orm/postgresql';
import {
  itemKey,
  type ListFamily,
  type ListItem as ListItemView,
  type RecordStatus,
} from '@promptloom/proto';

/** The name an item is unique by within its list (the unique index on user, family and this key). */
export function nameKeyOf(text: string): string {
  return itemKey(text) || text.toLowerCase();
}

/** One item of one user's list (TL, TR, BL or BR). */
export class ListItemRecord {
  id!: number;
  userId: number;
  family: ListFamily;
  aiResponse: string;
  nameKey: string;
  aiReason: string | null = null;
  /** When the reason was last written (null without one): the newest reasons steer a Run first. */
  reasonAt: Date | null = null;
  levels = 0;
  aiModel: string | null = null;
  frequency: number | null = null;
  agentRole: string | null = null;
  name: string | null = null;
  category: string | null = null;
  status: RecordStatus = 1;
  jobId: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: Partial<ListItemRecord> & { userId: number; family: ListFamily; aiResponse: string }) {
    this.userId = fields.userId;
    this.family = fields.family;
    this.aiResponse = fields.aiResponse;
    this.nameKey = nameKeyOf(fields.aiResponse);
    Object.assign(this, fields);
  }

  toView(): ListItemView {
    return {
      id: this.id,
      family: this.family,
      user_id: this.userId,
      ai_response: this.aiResponse,
      ai_reason: this.aiReason,
      levels: this.levels,
      ai_model: this.aiModel,
      frequency: this.frequency,
      agent_role: this.agentRole,
      name: this.name,
      category: this.category,
      status: this.status,
      created_at: this.createdAt.toISOString(),
    };
  }
}

export const ListItemSchema = new EntitySchema<ListItemRecord>({
  class: ListItemRecord,
  tableName: 'list_items',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    family: { type: 'string' },
    aiResponse: { type: 'string', fieldName: 'ai_response' },
    nameKey: { type: 'string', fieldName: 'name_key' },
    aiReason: { type: 'text', fieldName: 'ai_reason', nullable: true },
    reasonAt: { type: 'datetime', fieldName: 'reason_at', columnType: 'timestamptz', nullable: true },
    levels: { type: 'integer' },
    aiModel: { type: 'string', fieldName: 'ai_model', nullable: true },
    frequency: { type: 'integer', nullable: true },
    agentRole: { type: 'string', fieldName: 'agent_role', nullable: true },
    name: { type: 'string', nullable: true },
    category: { type: 'string', nullable: true },
    status: { type: 'integer' },
    jobId: { type: 'string', fieldName: 'job_id', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
