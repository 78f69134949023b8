import { z } from 'zod';
import { recordId } from '../fields';
import { PageRequest, pageOf } from '../paging';
import { requiredId, requiredWithMessage } from './fields';

export const TL_MODE_REQUIRED = 'TL Mode is Required';
export const TR_MODE_REQUIRED = 'TR Mode is Required';
export const PARENT_REQUIRED = 'Parent Module Category is Required';

/** SPEC §3 Mode type: id, top_left, top_right, mode_id, and the nested mode with its name. */
export const ModeType = z.object({
  id: z.number().int().positive(),
  top_left: z.string(),
  top_right: z.string(),
  mode_id: z.number().int().positive(),
  mode: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
});
export type ModeType = z.infer<typeof ModeType>;

export const ModeTypeCreateRequest = z.object({
  top_left: requiredWithMessage(TL_MODE_REQUIRED),
  top_right: requiredWithMessage(TR_MODE_REQUIRED),
  mode_id: requiredId(PARENT_REQUIRED),
});
export const ModeTypeUpdateRequest = ModeTypeCreateRequest.extend({ id: recordId });

export const ModeTypeListRequest = PageRequest;
export const ModeTypePage = pageOf(ModeType);
export type ModeTypePage = z.infer<typeof ModeTypePage>;
