import { z } from 'zod';
import { ADMIN, SIGNED_IN, ownedBy, ownedRecord } from '../access/declaration';
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
  models: defineOperation('ai', 'models', z.object({}), AiModelsResponse, SIGNED_IN),
  getList: defineOperation('ai', 'lists.get', ListPageRequest, ListResponse, ownedBy('read', 'user_id')),
  storeList: defineOperation(
    'ai',
    'lists.store',
    StoreListRequest,
    ListResponse,
    ownedBy('write', 'user_id'),
  ),
  newStore: defineOperation(
    'ai',
    'lists.newStore',
    NewStoreRequest,
    ListResponse,
    ownedBy('write', 'user_id'),
  ),
  updateReason: defineOperation(
    'ai',
    'lists.updateReason',
    UpdateReasonRequest,
    ItemResponse,
    ownedRecord('write'),
  ),
  setItemStatus: defineOperation(
    'ai',
    'lists.setStatus',
    SetItemStatusRequest,
    ItemResponse,
    ownedRecord('write'),
  ),
  previousSettings: defineOperation(
    'ai',
    'settings.previous',
    PreviousSettingsRequest,
    PreviousSettings,
    ownedBy('read', 'user_id'),
  ),
  getSubElements: defineOperation(
    'ai',
    'subElements.get',
    ElementIdRequest,
    SubElementsResponse,
    ownedRecord('read'),
  ),
  getUserSubElements: defineOperation(
    'ai',
    'subElements.ofUser',
    UserSubElementsRequest,
    UserSubElementsPage,
    ownedBy('read', 'user_id'),
  ),
  storeSubElements: defineOperation(
    'ai',
    'subElements.store',
    StoreSubElementsRequest,
    SubElementsResponse,
    ownedRecord('write'),
  ),
  newStoreSubElements: defineOperation(
    'ai',
    'subElements.newStore',
    NewStoreSubElementsRequest,
    SubElementsResponse,
    ownedRecord('write'),
  ),
  updateSubElementReason: defineOperation(
    'ai',
    'subElements.updateReason',
    UpdateSubElementReasonRequest,
    SubElementResponse,
    ownedRecord('write'),
  ),
  runAgent: defineOperation('ai', 'generation.run', RunAgentRequest, JobTicket, ownedBy('write', 'user_id')),
  cancelRun: defineOperation(
    'ai',
    'generation.cancel',
    CancelRunRequest,
    CancelRunResponse,
    ownedBy('write', 'user_id'),
  ),
  generateSubElements: defineOperation(
    'ai',
    'generation.subElements',
    GenerateSubElementsRequest,
    JobTicket,
    ownedRecord('write'),
  ),
  getSelection: defineOperation(
    'ai',
    'selection.get',
    SelectionRequest,
    Selection,
    ownedBy('read', 'user_id'),
  ),
  setItemActive: defineOperation(
    'ai',
    'selection.setItemActive',
    SetItemActiveRequest,
    Selection,
    ownedBy('write', 'user_id'),
  ),
  setSubElementChosen: defineOperation(
    'ai',
    'selection.setSubElementChosen',
    SetSubElementChosenRequest,
    Selection,
    ownedBy('write', 'user_id'),
  ),
  importSelection: defineOperation(
    'ai',
    'selection.import',
    ImportSelectionRequest,
    Selection,
    ownedBy('write', 'user_id'),
  ),
  restoreSelection: defineOperation(
    'ai',
    'selection.restore',
    RestoreSelectionRequest,
    RestoredSelection,
    ownedBy('write', 'user_id'),
  ),
  leaveElement: defineOperation(
    'ai',
    'selection.leaveElement',
    LeaveElementRequest,
    LeaveElementResponse,
    ownedBy('read', 'user_id'),
  ),
  /** Issue 19: the reasons a user wrote on items, which steer their next Run and Refine. */
  guidanceReasons: defineOperation(
    'ai',
    'reasons.guidance',
    GuidanceReasonsRequest,
    GuidanceReasons,
    ownedBy('read', 'user_id'),
  ),
  getQuota: defineOperation('ai', 'quota.get', AiQuotaRequest, AiQuota, ownedBy('read', 'user_id')),
  setQuota: defineOperation('ai', 'quota.set', SetAiQuotaRequest, AiQuota, ADMIN),
} as const;
