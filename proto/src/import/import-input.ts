import { z } from 'zod';
import { textProblem } from '../text-safety';

/** The longest paste the import reads: far above any real prompt (Midjourney's own limit is about 6,000). */
export const PROMPT_IMPORT_MAX_CHARS = 6_000;

const BINARY_MESSAGE = (label: string) =>
  `The ${label} looks like binary data or contains control characters; paste plain text.`;

/** Why a pasted text cannot be imported, or null when it can. */
export function pastedTextProblem(text: string, label = 'prompt'): string | null {
  if (text.length > PROMPT_IMPORT_MAX_CHARS)
    return `The ${label} is too long: at most ${PROMPT_IMPORT_MAX_CHARS.toLocaleString('en')} characters.`;
  // U+FFFD is what a decoder leaves of bytes that are not text.
  if (textProblem(text, label) || text.includes('\uFFFD')) return BINARY_MESSAGE(label);
  return null;
}

const pasted = (label: string) =>
  z.string({ error: `The ${label} must be text.` }).superRefine((text, context) => {
    const problem = pastedTextProblem(text, label);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** What the import dialog sends to the parser: the prompt and, for Stable Diffusion, its negative prompt. */
export const PromptImportInputSchema = z
  .object({
    prompt: pasted('prompt'),
    negativePrompt: pasted('negative prompt').optional(),
  })
  .refine((input) => input.prompt.trim() !== '' || (input.negativePrompt ?? '').trim() !== '', {
    path: ['prompt'],
    message: 'Paste a prompt to import.',
  });

export type PromptImportInput = z.infer<typeof PromptImportInputSchema>;
