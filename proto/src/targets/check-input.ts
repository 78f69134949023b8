import { z } from 'zod';
import { PROMPT_CHARACTER_LIMITS } from './reading-windows';
import { PromptTargetSchema } from './targets';

/**
 * The longest prompt the checker takes: the longest any target reads (gpt-image-1's 32,000 characters); a 100 KB
 * paste is refused with the field named.
 */
export const CHECK_PROMPT_MAX_CHARS = PROMPT_CHARACTER_LIMITS['gpt-image-1'];

const text = (field: string) =>
  z
    .string()
    .max(
      CHECK_PROMPT_MAX_CHARS,
      `The ${field} is too long: at most ${CHECK_PROMPT_MAX_CHARS.toLocaleString('en')} characters.`,
    );

/** `POST /api/stream/check` and GraphQL `checkPrompt`: the prompt and the target to check it for. */
export const CheckPromptInputSchema = z.object({
  target: PromptTargetSchema,
  prompt: text('prompt'),
  negativePrompt: text('negative prompt').nullish(),
});

export type CheckPromptInput = z.infer<typeof CheckPromptInputSchema>;
