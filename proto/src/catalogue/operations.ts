import { z } from 'zod';
import { recordId } from '../fields';
import { ADMIN } from '../access/declaration';
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
  list: defineOperation('admin', 'modules.list', ModuleListRequest, ModulePage, ADMIN),
  create: defineOperation('admin', 'modules.create', ModuleCreateRequest, Module, ADMIN),
  update: defineOperation('admin', 'modules.update', ModuleUpdateRequest, Module, ADMIN),
  delete: defineOperation('admin', 'modules.delete', DeleteRequest, DeleteResponse, ADMIN),
} as const;

export const modeOperations = {
  list: defineOperation('admin', 'modes.list', ModeListRequest, ModePage, ADMIN),
  create: defineOperation('admin', 'modes.create', ModeCreateRequest, Mode, ADMIN),
  update: defineOperation('admin', 'modes.update', ModeUpdateRequest, Mode, ADMIN),
  delete: defineOperation('admin', 'modes.delete', DeleteRequest, DeleteResponse, ADMIN),
} as const;

export const modeTypeOperations = {
  list: defineOperation('admin', 'modeTypes.list', ModeTypeListRequest, ModeTypePage, ADMIN),
  create: defineOperation('admin', 'modeTypes.create', ModeTypeCreateRequest, ModeType, ADMIN),
  update: defineOperation('admin', 'modeTypes.update', ModeTypeUpdateRequest, ModeType, ADMIN),
  delete: defineOperation('admin', 'modeTypes.delete', DeleteRequest, DeleteResponse, ADMIN),
} as const;

export const auditOperations = {
  list: defineOperation('admin', 'audit.list', AuditListRequest, AuditPage, ADMIN),
} as const;

export const dashboardOperations = {
  figures: defineOperation('admin', 'dashboard.figures', DashboardRequest, DashboardFigures, ADMIN),
} as const;
