import { SIGNED_IN, ownedBy } from '../access/declaration';
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
  contents: defineOperation(
    'ai',
    'packs.contents',
    PackContentsRequest,
    PackContentsResponse,
    ownedBy('read', 'user_id'),
  ),
  import: defineOperation(
    'ai',
    'packs.import',
    ImportPackRequest,
    PackImportReport,
    ownedBy('write', 'user_id'),
  ),
} as const;

export const packOperations = {
  export: defineOperation(
    'signature',
    'packs.export',
    ExportPackRequest,
    ExportPackResponse,
    ownedBy('read', 'userId'),
  ),
  createLink: defineOperation(
    'signature',
    'packs.links.create',
    CreatePackLinkRequest,
    CreatePackLinkResponse,
    ownedBy('write', 'userId'),
  ),
  listLinks: defineOperation(
    'signature',
    'packs.links.list',
    PackLinksRequest,
    PackLinksResponse,
    ownedBy('read', 'userId'),
  ),
  revokeLink: defineOperation(
    'signature',
    'packs.links.revoke',
    RevokePackLinkRequest,
    RevokePackLinkResponse,
    ownedBy('write', 'userId'),
  ),
  // Any signed-in user holding the token: the link's owner is not the caller, so no owner rule applies.
  openLink: defineOperation(
    'signature',
    'packs.links.open',
    SharedPackRequest,
    SharedPackResponse,
    SIGNED_IN,
  ),
  importLink: defineOperation(
    'signature',
    'packs.links.import',
    SharedPackRequest,
    PackImportReport,
    SIGNED_IN,
  ),
} as const;
