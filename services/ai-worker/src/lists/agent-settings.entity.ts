import { EntitySchema } from '@mikro-orm/postgresql';
import { type AgentFamily, type PreviousSettings } from '@promptloom/proto';

/** The last settings a user ran (or stored) an agent with, per family (SPEC §3 per-user agent settings). */
export class AgentSettings {
  id!: number;
  userId: number;
  family: AgentFamily;
  aiModel: string | null = null;
  frequency: number | null = null;
  agentRole: string | null = null;
  name: string | null = null;
  levels = 0;
  /** 'YYYY-MM-DD': the first day the agent may run again. */
  date: string | null = null;
  updatedAt: Date = new Date();

  constructor(userId: number, family: AgentFamily) {
    this.userId = userId;
    this.family = family;
  }

  toView(): PreviousSettings {
    return {
      family: this.family,
      ai_model: this.aiModel,
      frequency: this.frequency,
      agent_role: this.agentRole,
      name: this.name,
      levels: this.levels,
      date: this.date,
    };
  }
}

export const AgentSettingsSchema = new EntitySchema<AgentSettings>({
  class: AgentSettings,
  tableName: 'agent_settings',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    family: { type: 'string' },
    aiModel: { type: 'string', fieldName: 'ai_model', nullable: true },
    frequency: { type: 'integer', nullable: true },
    agentRole: { type: 'string', fieldName: 'agent_role', nullable: true },
    name: { type: 'string', nullable: true },
    levels: { type: 'integer' },
    date: { type: 'string', columnType: 'date', nullable: true },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
