import { type EntityManager } from '@mikro-orm/postgresql';
import { accountEvents } from '@promptloom/proto';
import { onEvent, type Bus, type Logger, type ObjectStore, type Unsubscribe } from '@promptloom/shared';
import { PackLinkRecord } from '../packs/pack-link.entity';
import { SavedSignature } from '../signatures/saved-signature.entity';
import { StreamUpload } from '../stream/stream-upload.entity';
import { StreamSettingsRecord } from '../stream/stream-settings.entity';

export const USER_DELETED_CONSUMER = 'signature-user-deleted';

/**
 * When a user is deleted, their signature, stream uploads, Stream settings, prompt history, pack share links and
 * every stored image go too.
 */
export function followUserDeletions(
  bus: Bus,
  em: () => EntityManager,
  objects: ObjectStore,
  logger: Logger,
): Promise<Unsubscribe> {
  return onEvent(
    bus,
    accountEvents.userDeleted,
    async ({ userId }) => {
      await em().transactional(async (tx) => {
        await tx.nativeDelete(SavedSignature, { userId });
        await tx.nativeDelete(StreamUpload, { userId });
        await tx.nativeDelete(StreamSettingsRecord, { userId });
        await tx.execute(`delete from "${tx.config.get('schema')}"."prompt_versions" where "user_id" = ?`, [
          userId,
        ]);
        await tx.nativeDelete(PackLinkRecord, { userId });
      });
      await objects.deletePrefix(`users/${userId}/`);
      await objects.deletePrefix(`incoming/${userId}/`);
      logger.info({ userId }, 'deleted the signature, uploads and images of a deleted user');
    },
    { durable: USER_DELETED_CONSUMER },
  );
}
