import { z } from 'zod';
import { defineOperation } from '../operation';
import {
  CancelRunRequest,
  CancelRunResponse,
  GenerateSubElementsRequest,
  JobTicket,
  RunAgentRequest,
} from './generation';
import {
  ItemResponse,
  ListPageRequest,
  ListResponse,
  NewStoreRequest,
  PreviousSettings,
  PreviousSettingsRequest,
  SetItemStatusRequest,
  StoreListRequest,
  UpdateReasonRequest,
} from './lists';
import { GuidanceReasons, GuidanceReasonsRequest } from './guidance';
import { AiModelsResponse } from './models';
import { AiQuota, AiQuotaRequest, SetAiQuotaRequest } from './quota';
import {
  ImportSelectionRequest,
  RestoreSelectionRequest,
  RestoredSelection,
  LeaveElementRequest,
  LeaveElementResponse,
  Selection,
  SelectionRequest,
  SetItemActiveRequest,
  SetSubElementChosenRequest,
} from './selection';
import {
  ElementIdRequest,
  NewStoreSubElementsRequest,
  StoreSubElementsRequest,
  SubElementResponse,
  SubElementsResponse,
  UpdateSubElementReasonRequest,
  UserSubElementsPage,
  UserSubElementsRequest,
} from './sub-elements';

/** The lists, sub-elements, agent settings, generation and selection, answered by the AI worker. */
export const aiOperations = {
  models: defineOperation('ai', 'models', z.object({}), AiModelsResponse),
  getList: defineOperation('ai', 'lists.get', ListPageRequest, ListResponse),
  storeList: defineOperation('ai', 'lists.store', StoreListRequest, ListResponse),
  newStore: defineOperation('ai', 'lists.newStore', NewStoreRequest, ListResponse),
  updateReason: defineOperation('ai', 'lists.updateReason', UpdateReasonRequest, ItemResponse),
  setItemStatus: defineOperation('ai', 'lists.setStatus', SetItemStatusRequest, ItemResponse),
  previousSettings: defineOperation('ai', 'settings.previous', PreviousSettingsRequest, PreviousSettings),
  getSubElements: defineOperation('ai', 'subElements.get', ElementIdRequest, SubElementsResponse),
  getUserSubElements: defineOperation(
    'ai',
    'subElements.ofUser',
    UserSubElementsRequest,
    UserSubElementsPage,
  ),
  storeSubElements: defineOperation('ai', 'subElements.store', StoreSubElementsRequest, SubElementsResponse),
  newStoreSubElements: defineOperation(
    'ai',
    'subElements.newStore',
    NewStoreSubElementsRequest,
    SubElementsResponse,
  ),
  updateSubElementReason: defineOperation(
    'ai',
    'subElements.updateReason',
    UpdateSubElementReasonRequest,
    SubElementResponse,
  ),
  runAgent: defineOperation('ai', 'generation.run', RunAgentRequest, JobTicket),
  cancelRun: defineOperation('ai', 'generation.cancel', CancelRunRequest, CancelRunResponse),
  generateSubElements: defineOperation('ai', 'generation.subElements', GenerateSubElementsRequest, JobTicket),
  getSelection: defineOperation('ai', 'selection.get', SelectionRequest, Selection),
  setItemActive: defineOperation('ai', 'selection.setItemActive', SetItemActiveRequest, Selection),
  setSubElementChosen: defineOperation(
    'ai',
    'selection.setSubElementChosen',
    SetSubElementChosenRequest,
    Selection,
  ),
  importSelection: defineOperation('ai', 'selection.import', ImportSelectionRequest, Selection),
  restoreSelection: defineOperation('ai', 'selection.restore', RestoreSelectionRequest, RestoredSelection),
  leaveElement: defineOperation('ai', 'selection.leaveElement', LeaveElementRequest, LeaveElementResponse),
  /** Issue 19: the reasons a user wrote on items, which steer their next Run and Refine. */
  guidanceReasons: defineOperation('ai', 'reasons.guidance', GuidanceReasonsRequest, GuidanceReasons),
  getQuota: defineOperation('ai', 'quota.get', AiQuotaRequest, AiQuota),
  setQuota: defineOperation('ai', 'quota.set', SetAiQuotaRequest, AiQuota),
} as const;
