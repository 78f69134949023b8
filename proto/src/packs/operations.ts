import { defineOperation } from '../operation';
import {
  CreatePackLinkRequest,
  CreatePackLinkResponse,
  ExportPackRequest,
  ExportPackResponse,
  ImportPackRequest,
  PackContentsRequest,
  PackContentsResponse,
  PackImportReport,
  PackLinksRequest,
  PackLinksResponse,
  RevokePackLinkRequest,
  RevokePackLinkResponse,
  SharedPackRequest,
  SharedPackResponse,
} from './pack-schemas';

/** Issue #19: signature packs. The lists' part is the AI worker's; the pack, its file and its links the signature service's. */
export const packListOperations = {
  contents: defineOperation('ai', 'packs.contents', PackContentsRequest, PackContentsResponse),
  import: defineOperation('ai', 'packs.import', ImportPackRequest, PackImportReport),
} as const;

export const packOperations = {
  export: defineOperation('signature', 'packs.export', ExportPackRequest, ExportPackResponse),
  createLink: defineOperation(
    'signature',
    'packs.links.create',
    CreatePackLinkRequest,
    CreatePackLinkResponse,
  ),
  listLinks: defineOperation('signature', 'packs.links.list', PackLinksRequest, PackLinksResponse),
  revokeLink: defineOperation(
    'signature',
    'packs.links.revoke',
    RevokePackLinkRequest,
    RevokePackLinkResponse,
  ),
  openLink: defineOperation('signature', 'packs.links.open', SharedPackRequest, SharedPackResponse),
  importLink: defineOperation('signature', 'packs.links.import', SharedPackRequest, PackImportReport),
} as const;
