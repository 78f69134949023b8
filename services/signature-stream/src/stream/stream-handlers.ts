import { randomUUID } from 'node:crypto';
import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  IMAGE_NOT_FOUND,
  IMAGE_STORED,
  UPLOAD_NOT_FOUND,
  buildStreamPrompt,
  invalidInput,
  ownerOfIncomingKey,
  signatureEvents,
  type ParsedRequestOf,
  type RequestContext,
  type streamOperations,
} from '@promptloom/proto';
import { recordEvent, type ObjectStore, type OutboxWriter, callerOf } from '@promptloom/shared';
import { type ImageLimits } from '../images/image-limits';
import { processImage } from '../images/image-pipeline';
import { StreamUpload } from './stream-upload.entity';

type Ops = typeof streamOperations;
type BuildPrompt = ParsedRequestOf<Ops['buildPrompt']>;
type Store = ParsedRequestOf<Ops['store']>;

/** The Stream page: the assembled prompt, uploads (checked and normalised by sharp) and who may read them. */
export class StreamHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly objects: ObjectStore,
    private readonly limits: ImageLimits,
    private readonly writer: OutboxWriter,
  ) {}

  async buildPrompt(request: BuildPrompt) {
    return { prompt: buildStreamPrompt(request.selection, request.toggles) };
  }

  async list(userId: number) {
    const uploads = await this.em().find(StreamUpload, { userId }, { orderBy: { id: 'desc' } });
    return { data: uploads.map((upload) => upload.toPublic()) };
  }

  /**
   * Takes the raw upload the gateway left under `incoming/`, checks and converts it, stores the WebP and the
   * thumbnail, then writes the record and its event. The incoming object is removed whatever happens, and a
   * refused or failed upload leaves nothing behind in the database or the object store.
   */
  async store(request: Store, context: RequestContext) {
    const actor = callerOf(context);
    const incomingKey = request.upload.key;
    if (ownerOfIncomingKey(incomingKey) !== actor.userId) throw invalidInput({ image: [UPLOAD_NOT_FOUND] });
    const written: string[] = [];
    try {
      const incoming = await this.objects.get(incomingKey);
      if (!incoming) throw invalidInput({ image: [UPLOAD_NOT_FOUND] });
      const processed = await processImage(incoming.body, this.limits);
      const id = randomUUID();
      const imageKey = `users/${request.userId}/images/${id}.webp`;
      const thumbnailKey = `users/${request.userId}/images/${id}-thumb.webp`;
      const metadata = { 'source-format': processed.sourceFormat };
      written.push(imageKey, thumbnailKey);
      await Promise.all([
        this.objects.put(imageKey, processed.image, { contentType: 'image/webp', metadata }),
        this.objects.put(thumbnailKey, processed.thumbnail, { contentType: 'image/webp', metadata }),
      ]);
      const upload = await this.writer.write(async (tx) => {
        const record = new StreamUpload({
          userId: request.userId,
          signature: request.signature,
          signatureElements: request.signatureElements,
          hyperRealistic: request.Hyper_realistic,
          eightK: request['8k'],
          fourK: request['4k'],
          finalPrompt: request.finalprompt,
          imageKey,
          thumbnailKey,
          width: processed.width,
          height: processed.height,
          bytes: processed.image.length,
        });
        tx.persist(record);
        await tx.flush();
        recordEvent(
          tx,
          signatureEvents.imageStored,
          { userId: request.userId, stream: record.toPublic() },
          context,
        );
        return record;
      });
      written.length = 0;
      return { status: true, message: IMAGE_STORED, data: upload.toPublic() };
    } finally {
      await Promise.allSettled([incomingKey, ...written].map((key) => this.objects.delete(key)));
    }
  }

  /**
   * Who owns an image, by its key (the image or its thumbnail): what its owner and admins are let read by
   * (`images.authorize`, owned by this record). An unknown key is NOT_FOUND.
   */
  async ownerOfImage(key: string): Promise<number> {
    const upload = await this.em().findOne(StreamUpload, { $or: [{ imageKey: key }, { thumbnailKey: key }] });
    if (!upload) throw new DomainError('NOT_FOUND', IMAGE_NOT_FOUND);
    return upload.userId;
  }
}
