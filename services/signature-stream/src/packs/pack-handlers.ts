import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  tooManyPackLinks,
  PACK_FORMAT,
  PACK_LINK_EXPIRED,
  PACK_LINK_NOT_FOUND,
  PACK_LINK_REVOKED,
  PACK_LINK_REVOKED_MESSAGE,
  PACK_NO_SIGNATURE,
  PACK_VERSION,
  packListOperations,
  savedSignatureCode,
  type PackImportReport,
  type ParsedRequestOf,
  type RequestContext,
  type SignaturePackFile,
  type packOperations,
} from '@promptloom/proto';
import { call, type Bus, type OutboxWriter, callerOf } from '@promptloom/shared';
import { SavedSignature } from '../signatures/saved-signature.entity';
import { PackLinkRecord } from './pack-link.entity';
import { newPackToken, packTokenHash } from './pack-tokens';

type Ops = typeof packOperations;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The links a user sees: the most recent ones. */
const LINKS_SHOWN = 100;
/** Active links one user may hold at once (each keeps a copy of the pack). */
export const MAX_ACTIVE_PACK_LINKS = 20;

/** Issue #19: a saved signature as a pack file, its share links, and imports through a link. */
export class PackHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly writer: OutboxWriter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async export(request: ParsedRequestOf<Ops['export']>, context: RequestContext) {
    const pack = await this.packOf(request.userId, context);
    const safeCode = (pack.signature.code ?? 'signature').replace(/[^A-Za-z0-9-]+/g, '-');
    return { filename: `signature-pack-${safeCode}.json`, pack };
  }

  async createLink(request: ParsedRequestOf<Ops['createLink']>, context: RequestContext) {
    const pack = await this.packOf(request.userId, context);
    const token = newPackToken();
    const now = this.now();
    const link = await this.writer.write(
      async (tx) => {
        const active = await tx.count(PackLinkRecord, {
          userId: request.userId,
          revokedAt: null,
          expiresAt: { $gt: now },
        });
        if (active >= MAX_ACTIVE_PACK_LINKS)
          throw new DomainError('CONFLICT', tooManyPackLinks(MAX_ACTIVE_PACK_LINKS));
        const record = new PackLinkRecord({
          userId: request.userId,
          tokenHash: packTokenHash(token)!,
          code: pack.signature.code ?? '',
          pack,
          expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
        });
        record.createdAt = now;
        tx.persist(record);
        await tx.flush();
        return record;
      },
      // One user's link creations one after the other, so the count above holds until the commit.
      { lock: `pack-links:${request.userId}` },
    );
    return { token, link: link.toView(now) };
  }

  async listLinks(request: ParsedRequestOf<Ops['listLinks']>) {
    const links = await this.em().find(
      PackLinkRecord,
      { userId: request.userId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LINKS_SHOWN },
    );
    const now = this.now();
    return { data: links.map((link) => link.toView(now)) };
  }

  /** Only the owner: another user's link id is not found, as a missing one is. Revoking twice keeps the first time. */
  async revokeLink(request: ParsedRequestOf<Ops['revokeLink']>) {
    const link = await this.writer.write(async (tx) => {
      const record = await tx.findOne(PackLinkRecord, { id: request.id, userId: request.userId });
      if (!record) throw new DomainError('NOT_FOUND', PACK_LINK_NOT_FOUND);
      record.revokedAt ??= this.now();
      await tx.flush();
      return record;
    });
    return { message: PACK_LINK_REVOKED_MESSAGE, link: link.toView(this.now()) };
  }

  async openLink(request: ParsedRequestOf<Ops['openLink']>) {
    const link = await this.usableLink(request.token);
    return { pack: link.pack, expiresAt: link.expiresAt.toISOString() };
  }

  /** Into the caller's own lists, whoever owns the link. */
  async importLink(
    request: ParsedRequestOf<Ops['importLink']>,
    context: RequestContext,
  ): Promise<PackImportReport> {
    const caller = callerOf(context);
    const link = await this.usableLink(request.token);
    return call(
      this.bus,
      packListOperations.import,
      { user_id: caller.userId, pack: link.pack },
      { context },
    );
  }

  private async usableLink(token: string): Promise<PackLinkRecord> {
    const hash = packTokenHash(token);
    const link = hash ? await this.em().findOne(PackLinkRecord, { tokenHash: hash }) : null;
    if (!link) throw new DomainError('NOT_FOUND', PACK_LINK_NOT_FOUND);
    const state = link.stateAt(this.now());
    if (state === 'revoked') throw new DomainError('GONE', PACK_LINK_REVOKED);
    if (state === 'expired') throw new DomainError('GONE', PACK_LINK_EXPIRED);
    return link;
  }

  /** The user's saved signature with its elements as the AI worker holds them (reasons, sub-elements). */
  private async packOf(userId: number, context: RequestContext): Promise<SignaturePackFile> {
    const saved = await this.em().findOne(SavedSignature, { userId });
    if (!saved) throw new DomainError('NOT_FOUND', PACK_NO_SIGNATURE);
    const names = [...new Set([...saved.names, ...saved.elements])];
    const { elements } = await call(
      this.bus,
      packListOperations.contents,
      { user_id: userId, names },
      { context },
    );
    return {
      format: PACK_FORMAT,
      version: PACK_VERSION,
      exportedAt: this.now().toISOString(),
      signature: { names: saved.names, type: saved.type, code: savedSignatureCode(saved.names, saved.type) },
      elements,
    };
  }
}
