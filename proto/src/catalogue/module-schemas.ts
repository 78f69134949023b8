import { z } from 'zod';
import { requiredText, recordId } from '../fields';
import { PageRequest, pageOf } from '../paging';
import { statusField } from './fields';

/** SPEC §3 Module: id, name, status (Active or Inactive). */
export const Module = z.object({ id: z.number().int().positive(), name: z.string(), status: statusField });
export type Module = z.infer<typeof Module>;

/** POST /api/admin/modules/store: name, status (Active when not given). */
export const ModuleCreateRequest = z.object({
  name: requiredText('name', 100),
  status: statusField.default('Active'),
});

/** PUT /api/admin/modules/update/{id}: name; status is kept when not given. */
export const ModuleUpdateRequest = z.object({
  id: recordId,
  name: requiredText('name', 100),
  status: statusField.optional(),
});

export const ModuleListRequest = PageRequest;
export const ModulePage = pageOf(Module);
export type ModulePage = z.infer<typeof ModulePage>;
