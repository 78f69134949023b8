import { SIGNED_IN, ownedBy, ownedRecord } from '../access/declaration';
import { defineOperation } from '../operation';
import {
  BrCodesRequest,
  BrCodesResponse,
  MaybeSignatureResponse,
  RemoveSignatureResponse,
  SignatureResponse,
  StoreSignatureRequest,
  SwapSignatureRequest,
  SwapSignatureResponse,
  UpdateSignatureRequest,
  UserSignatureRequest,
} from './signature-schemas';
import {
  AuthorizeImageRequest,
  AuthorizeImageResponse,
  BuildStreamPromptRequest,
  RefinePromptRequest,
  RefinePromptResponse,
  StoreStreamRequest,
  StoreStreamResponse,
  StreamListResponse,
  StreamPromptResponse,
  UserStreamsRequest,
} from './stream-schemas';
import {
  CheckPromptRequest,
  CheckPromptResponse,
  GetStreamSettingsRequest,
  StreamSettings,
  UpdateStreamSettingsRequest,
} from './stream-settings-schemas';
import {
  GetPromptVersionRequest,
  ListPromptVersionsRequest,
  PromptVersionPage,
  PromptVersionWithPrevious,
  SavePromptVersionRequest,
  SavePromptVersionResponse,
} from './prompt-history-schemas';

/** Signatures and BR codes, answered by the signature service. A user reaches only their own; admins any. */
export const signatureOperations = {
  store: defineOperation(
    'signature',
    'signatures.store',
    StoreSignatureRequest,
    SignatureResponse,
    ownedBy('write', 'userId'),
  ),
  update: defineOperation(
    'signature',
    'signatures.update',
    UpdateSignatureRequest,
    SignatureResponse,
    ownedBy('write', 'userId'),
  ),
  get: defineOperation(
    'signature',
    'signatures.get',
    UserSignatureRequest,
    MaybeSignatureResponse,
    ownedBy('read', 'userId'),
  ),
  remove: defineOperation(
    'signature',
    'signatures.remove',
    UserSignatureRequest,
    RemoveSignatureResponse,
    ownedBy('write', 'userId'),
  ),
  swap: defineOperation(
    'signature',
    'signatures.swap',
    SwapSignatureRequest,
    SwapSignatureResponse,
    ownedBy('write', 'userId'),
  ),
  brCodes: defineOperation(
    'signature',
    'signatures.brCodes',
    BrCodesRequest,
    BrCodesResponse,
    ownedBy('read', 'userId'),
  ),
} as const;

/** The Stream page: prompt assembly, refine, uploads and who may read an image. */
export const streamOperations = {
  buildPrompt: defineOperation(
    'signature',
    'stream.buildPrompt',
    BuildStreamPromptRequest,
    StreamPromptResponse,
    SIGNED_IN,
  ),
  refine: defineOperation('signature', 'stream.refine', RefinePromptRequest, RefinePromptResponse, SIGNED_IN),
  store: defineOperation(
    'signature',
    'stream.store',
    StoreStreamRequest,
    StoreStreamResponse,
    ownedBy('write', 'userId'),
  ),
  list: defineOperation(
    'signature',
    'stream.list',
    UserStreamsRequest,
    StreamListResponse,
    ownedBy('read', 'userId'),
  ),
  authorizeImage: defineOperation(
    'signature',
    'images.authorize',
    AuthorizeImageRequest,
    AuthorizeImageResponse,
    ownedRecord('read'),
  ),
  getSettings: defineOperation(
    'signature',
    'stream.settings.get',
    GetStreamSettingsRequest,
    StreamSettings,
    ownedBy('read', 'userId'),
  ),
  updateSettings: defineOperation(
    'signature',
    'stream.settings.update',
    UpdateStreamSettingsRequest,
    StreamSettings,
    ownedBy('write', 'userId'),
  ),
  check: defineOperation('signature', 'stream.check', CheckPromptRequest, CheckPromptResponse, SIGNED_IN),
} as const;

/** Issue #19: the Stream page's prompt versions; only their owner reads or saves them, not an admin either. */
export const promptHistoryOperations = {
  save: defineOperation(
    'signature',
    'stream.history.save',
    SavePromptVersionRequest,
    SavePromptVersionResponse,
    ownedBy('write', 'userId'),
  ),
  list: defineOperation(
    'signature',
    'stream.history.list',
    ListPromptVersionsRequest,
    PromptVersionPage,
    ownedBy('read-private', 'userId'),
  ),
  get: defineOperation(
    'signature',
    'stream.history.get',
    GetPromptVersionRequest,
    PromptVersionWithPrevious,
    ownedBy('read-private', 'userId'),
  ),
} as const;
