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
  store: defineOperation('signature', 'signatures.store', StoreSignatureRequest, SignatureResponse),
  update: defineOperation('signature', 'signatures.update', UpdateSignatureRequest, SignatureResponse),
  get: defineOperation('signature', 'signatures.get', UserSignatureRequest, MaybeSignatureResponse),
  remove: defineOperation('signature', 'signatures.remove', UserSignatureRequest, RemoveSignatureResponse),
  swap: defineOperation('signature', 'signatures.swap', SwapSignatureRequest, SwapSignatureResponse),
  brCodes: defineOperation('signature', 'signatures.brCodes', BrCodesRequest, BrCodesResponse),
} as const;

/** The Stream page: prompt assembly, refine, uploads and who may read an image. */
export const streamOperations = {
  buildPrompt: defineOperation(
    'signature',
    'stream.buildPrompt',
    BuildStreamPromptRequest,
    StreamPromptResponse,
  ),
  refine: defineOperation('signature', 'stream.refine', RefinePromptRequest, RefinePromptResponse),
  store: defineOperation('signature', 'stream.store', StoreStreamRequest, StoreStreamResponse),
  list: defineOperation('signature', 'stream.list', UserStreamsRequest, StreamListResponse),
  authorizeImage: defineOperation(
    'signature',
    'images.authorize',
    AuthorizeImageRequest,
    AuthorizeImageResponse,
  ),
  getSettings: defineOperation('signature', 'stream.settings.get', GetStreamSettingsRequest, StreamSettings),
  updateSettings: defineOperation(
    'signature',
    'stream.settings.update',
    UpdateStreamSettingsRequest,
    StreamSettings,
  ),
  check: defineOperation('signature', 'stream.check', CheckPromptRequest, CheckPromptResponse),
} as const;

/** Issue #19: the Stream page's prompt versions; only their owner reads or saves them. */
export const promptHistoryOperations = {
  save: defineOperation(
    'signature',
    'stream.history.save',
    SavePromptVersionRequest,
    SavePromptVersionResponse,
  ),
  list: defineOperation('signature', 'stream.history.list', ListPromptVersionsRequest, PromptVersionPage),
  get: defineOperation('signature', 'stream.history.get', GetPromptVersionRequest, PromptVersionWithPrevious),
} as const;
