import { EntitySchema } from '@mikro-orm/postgresql';
import { type SubElement as SubElementView } from '@promptloom/proto';

/** One sub-element ("bltypes") of one element, in its group `bl_name`. */
export class SubElementRecord {
  id!: number;
  elementId: number;
  userId: number;
  name: string;
  blName: string;
  reason: string | null = null;
  /** When the reason was last written (null without one): the newest steer the element's generation first. */
  reasonAt: Date | null = null;
  jobId: string | null = null;
  createdAt: Date = new Date();

  constructor(fields: {
    elementId: number;
    userId: number;
    name: string;
    blName: string;
    jobId?: string | null;
  }) {
    this.elementId = fields.elementId;
    this.userId = fields.userId;
    this.name = fields.name;
    this.blName = fields.blName;
    this.jobId = fields.jobId ?? null;
  }

  toView(): SubElementView {
    return {
      id: this.id,
      name: this.name,
      bl_name: this.blName,
      reason: this.reason,
      bl_id: this.elementId,
      user_id: this.userId,
    };
  }
}

export const SubElementSchema = new EntitySchema<SubElementRecord>({
  class: SubElementRecord,
  tableName: 'sub_elements',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    elementId: { type: 'integer', fieldName: 'element_id' },
    userId: { type: 'integer', fieldName: 'user_id' },
    name: { type: 'string' },
    blName: { type: 'string', fieldName: 'bl_name' },
    reason: { type: 'text', nullable: true },
    reasonAt: { type: 'datetime', fieldName: 'reason_at', columnType: 'timestamptz', nullable: true },
    jobId: { type: 'string', fieldName: 'job_id', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
  },
});
