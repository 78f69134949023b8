import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  SIGNATURE_NOT_FOUND,
  SIGNATURE_REMOVED,
  SIGNATURE_REPLACE_QUESTION,
  SIGNATURE_SAVED,
  SIGNATURE_UPDATED,
  buildBrCodes,
  signatureEvents,
  type ParsedRequestOf,
  type RequestContext,
  type Signature,
  type signatureOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { SavedSignature } from './saved-signature.entity';

type Ops = typeof signatureOperations;

/** The first key of the per-user advisory lock that serialises signature saves ('SIGN' in ASCII). */
const SIGNATURE_SAVE_LOCK = 0x5349474e;
type Store = ParsedRequestOf<Ops['store']>;
type Update = ParsedRequestOf<Ops['update']>;
type BrCodes = ParsedRequestOf<Ops['brCodes']>;

/** Saving, replacing, editing and removing a user's one signature; BR codes from the types map. */
export class SignatureHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly random: () => number = Math.random,
  ) {}

  async get(userId: number): Promise<{ data: Signature | null }> {
    const saved = await this.em().findOne(SavedSignature, { userId });
    return { data: saved?.toPublic() ?? null };
  }

  /**
   * Saves the signature; an earlier one is removed in the same transaction (or refused when `replace` is false).
   * Saves of one user run one after the other (see `save`), so any number at once all succeed and leave one row.
   */
  async store(request: Store, context: RequestContext) {
    let saved: SavedSignature;
    try {
      saved = await this.save(request, context);
    } catch (error) {
      // Belt and braces: a save that raced one not taking the lock (none today) runs again and replaces it.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      saved = await this.save(request, context);
    }
    return { status: true, message: SIGNATURE_SAVED, data: saved.toPublic() };
  }

  private save(request: Store, context: RequestContext): Promise<SavedSignature> {
    return this.writer.write(async (tx) => {
      // A row lock cannot serialise the first save (no row yet) nor a replace (the locked row is deleted, so the
      // waiter finds none and inserts a duplicate): a per-user advisory lock, released at commit, does both.
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [SIGNATURE_SAVE_LOCK, request.userId]);
      const existing = await tx.findOne(
        SavedSignature,
        { userId: request.userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (existing && !request.replace) throw new DomainError('CONFLICT', SIGNATURE_REPLACE_QUESTION);
      if (existing) {
        tx.remove(existing);
        await tx.flush();
      }
      const signature = new SavedSignature({
        userId: request.userId,
        username: request.username,
        names: request.signature,
        elements: request.signatureElements,
        type: request.type,
      });
      tx.persist(signature);
      await tx.flush();
      this.record(tx, request.userId, 'saved', signature, context);
      return signature;
    });
  }

  async update(request: Update, context: RequestContext, message = SIGNATURE_UPDATED) {
    const saved = await this.writer.write(async (tx) => {
      const signature = await tx.findOne(
        SavedSignature,
        { userId: request.userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!signature) throw new DomainError('NOT_FOUND', SIGNATURE_NOT_FOUND);
      signature.names = request.signature;
      if (request.signatureElements) signature.elements = request.signatureElements;
      signature.updatedAt = new Date();
      await tx.flush();
      this.record(tx, request.userId, 'updated', signature, context);
      return signature;
    });
    return { status: true, message, data: saved.toPublic() };
  }

  async remove(userId: number, context: RequestContext) {
    await this.writer.write(async (tx) => {
      const signature = await tx.findOne(SavedSignature, { userId });
      if (!signature) throw new DomainError('NOT_FOUND', SIGNATURE_NOT_FOUND);
      tx.remove(signature);
      await tx.flush();
      recordEvent(
        tx,
        signatureEvents.signatureChanged,
        { userId, change: 'removed', signature: null },
        context,
      );
    });
    return { status: true, message: SIGNATURE_REMOVED };
  }

  async brCodes(request: BrCodes) {
    return { data: buildBrCodes(request.elementsByType, this.random) };
  }

  private record(
    tx: EntityManager,
    userId: number,
    change: 'saved' | 'updated',
    signature: SavedSignature,
    context: RequestContext,
  ): void {
    recordEvent(
      tx,
      signatureEvents.signatureChanged,
      { userId, change, signature: signature.toPublic() },
      context,
    );
  }
}
