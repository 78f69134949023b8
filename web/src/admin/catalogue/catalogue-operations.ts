import {
  type AdminModesQuery,
  type AdminModeTypesQuery,
  type AdminModulesQuery,
} from '../../generated/graphql';

export {
  AdminModeChangedDocument as MODE_CHANGED,
  AdminModesDocument as ADMIN_MODES,
  AdminModeTypeChangedDocument as MODE_TYPE_CHANGED,
  AdminModeTypesDocument as ADMIN_MODE_TYPES,
  AdminModuleChangedDocument as MODULE_CHANGED,
  AdminModulesDocument as ADMIN_MODULES,
  CreateModeDocument as CREATE_MODE,
  CreateModeTypeDocument as CREATE_MODE_TYPE,
  CreateModuleDocument as CREATE_MODULE,
  DeleteModeDocument as DELETE_MODE,
  DeleteModeTypeDocument as DELETE_MODE_TYPE,
  DeleteModuleDocument as DELETE_MODULE,
  UpdateModeDocument as UPDATE_MODE,
  UpdateModeTypeDocument as UPDATE_MODE_TYPE,
  UpdateModuleDocument as UPDATE_MODULE,
  type ModuleInput,
} from '../../generated/graphql';

export type Module = AdminModulesQuery['adminModules']['data'][number];
export type Mode = AdminModesQuery['adminModes']['data'][number];
export type ModeType = AdminModeTypesQuery['adminModeTypes']['data'][number];
