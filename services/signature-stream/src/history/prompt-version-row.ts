import { PromptSnapshot, PromptVersionOriginInput, type PromptVersion } from '@promptloom/proto';

/** A `prompt_versions` row as the driver returns it (bigserial ids come back as text). */
export interface PromptVersionRow {
  id: string;
  user_id: number;
  origin: string;
  prompt: string;
  negative_prompt: string | null;
  snapshot: unknown;
  created_at: Date;
}

export const PROMPT_VERSION_COLUMNS =
  '"id", "user_id", "origin", "prompt", "negative_prompt", "snapshot", "created_at"';

/** The stored snapshot read with today's schema, so a version saved before a change still reads (defaults fill in). */
export function toPromptVersion(row: PromptVersionRow): PromptVersion {
  const snapshot = PromptSnapshot.safeParse(row.snapshot);
  const origin = PromptVersionOriginInput.safeParse(row.origin);
  return {
    id: Number(row.id),
    userId: row.user_id,
    origin: origin.success ? origin.data : 'edited',
    prompt: row.prompt,
    negativePrompt: row.negative_prompt,
    snapshot: snapshot.success
      ? snapshot.data
      : {
          selection: { types: [], proItems: [], elements: [], signature: [] },
          toggles: { hyperRealistic: false, eightK: false, fourK: false },
          target: 'midjourney-6',
        },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
