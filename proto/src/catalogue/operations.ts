import { z } from 'zod';
import { recordId } from '../fields';
import { defineOperation } from '../operation';
import { AuditListRequest, AuditPage } from './audit-schemas';
import { DashboardFigures, DashboardRequest } from './dashboard-schemas';
import { Mode, ModeCreateRequest, ModeListRequest, ModePage, ModeUpdateRequest } from './mode-schemas';
import {
  ModeType,
  ModeTypeCreateRequest,
  ModeTypeListRequest,
  ModeTypePage,
  ModeTypeUpdateRequest,
} from './mode-type-schemas';
import {
  Module,
  ModuleCreateRequest,
  ModuleListRequest,
  ModulePage,
  ModuleUpdateRequest,
} from './module-schemas';

export const DeleteRequest = z.object({ id: recordId });
export const DeleteResponse = z.object({ id: z.number().int().positive() });

/** Admin-only operations on the catalogue; the admin service checks the caller's stored role on each. */
export const moduleOperations = {
  list: defineOperation('admin', 'modules.list', ModuleListRequest, ModulePage),
  create: defineOperation('admin', 'modules.create', ModuleCreateRequest, Module),
  update: defineOperation('admin', 'modules.update', ModuleUpdateRequest, Module),
  delete: defineOperation('admin', 'modules.delete', DeleteRequest, DeleteResponse),
} as const;

export const modeOperations = {
  list: defineOperation('admin', 'modes.list', ModeListRequest, ModePage),
  create: defineOperation('admin', 'modes.create', ModeCreateRequest, Mode),
  update: defineOperation('admin', 'modes.update', ModeUpdateRequest, Mode),
  delete: defineOperation('admin', 'modes.delete', DeleteRequest, DeleteResponse),
} as const;

export const modeTypeOperations = {
  list: defineOperation('admin', 'modeTypes.list', ModeTypeListRequest, ModeTypePage),
  create: defineOperation('admin', 'modeTypes.create', ModeTypeCreateRequest, ModeType),
  update: defineOperation('admin', 'modeTypes.update', ModeTypeUpdateRequest, ModeType),
  delete: defineOperation('admin', 'modeTypes.delete', DeleteRequest, DeleteResponse),
} as const;

export const auditOperations = {
  list: defineOperation('admin', 'audit.list', AuditListRequest, AuditPage),
} as const;

export const dashboardOperations = {
  figures: defineOperation('admin', 'dashboard.figures', DashboardRequest, DashboardFigures),
} as const;
