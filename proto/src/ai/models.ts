import { z } from 'zod';

export const AiModelEntry = z.object({
  id: z.string(),
  label: z.string(),
  /** True when no provider key is configured: the word-list offline provider answers. */
  offline: z.boolean(),
});
export const AiModelsResponse = z.object({
  offline: z.boolean(),
  models: z.array(AiModelEntry),
  /** Models used internally (sub-elements, refine, signature swap), never offered in a selector. */
  internal: z.object({ sub_elements: z.string(), refine: z.string(), signature_swap: z.string() }),
});
export type AiModelsResponse = z.infer<typeof AiModelsResponse>;
