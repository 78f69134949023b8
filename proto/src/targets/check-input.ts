import { z } from 'zod';
import { PromptTargetSchema } from './targets';

/** The longest prompt the checker takes from outside; a 100 KB paste is refused with the field named. */
export const CHECK_PROMPT_MAX_CHARS = 20_000;

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
