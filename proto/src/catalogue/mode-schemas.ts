import { z } from 'zod';
import { recordId } from '../fields';
import { PageRequest, pageOf } from '../paging';
import { requiredWithMessage } from './fields';

export const NAME_REQUIRED = 'Name is required';
export const SELECT_A_MODULE = 'Please select at least one module';

/**
 * SPEC §3 Mode, as the list shows it: one entry per name, with the ids of its modules and their names joined
 * (`modules`: 'Creative, Place').
 */
export const Mode = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  module_id: z.array(z.number().int().positive()),
  modules: z.string(),
});
export type Mode = z.infer<typeof Mode>;

/** `module_id` as one id (the old client posts once per selected module) or a list of ids; at least one. */
const moduleIds = z
  .preprocess(
    (input) =>
      input === undefined || input === null || input === '' ? [] : Array.isArray(input) ? input : [input],
    z
      .array(
        z.coerce
          .number({ error: SELECT_A_MODULE })
          .int({ error: SELECT_A_MODULE })
          .positive({ error: SELECT_A_MODULE }),
        {
          error: SELECT_A_MODULE,
        },
      )
      .min(1, { error: SELECT_A_MODULE }),
  )
  .transform((ids) => [...new Set(ids)]);

export const ModeCreateRequest = z.object({
  name: requiredWithMessage(NAME_REQUIRED, 100),
  module_id: moduleIds,
});
export const ModeUpdateRequest = ModeCreateRequest.extend({ id: recordId });

export const ModeListRequest = PageRequest;
export const ModePage = pageOf(Mode);
export type ModePage = z.infer<typeof ModePage>;
