import { EntitySchema } from '@mikro-orm/postgresql';
import { imageUrlOf, type StreamRecord } from '@promptloom/proto';

/** One Stream page upload (SPEC §3): the form's fields and where its WebP and thumbnail are stored. */
export class StreamUpload {
  id!: number;
  userId: number;
  signature: string;
  signatureElements: string;
  hyperRealistic: boolean;
  eightK: boolean;
  fourK: boolean;
  finalPrompt: string;
  imageKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: Date = new Date();

  constructor(fields: Omit<StreamUpload, 'id' | 'createdAt' | 'toPublic'>) {
    this.userId = fields.userId;
    this.signature = fields.signature;
    this.signatureElements = fields.signatureElements;
    this.hyperRealistic = fields.hyperRealistic;
    this.eightK = fields.eightK;
    this.fourK = fields.fourK;
    this.finalPrompt = fields.finalPrompt;
    this.imageKey = fields.imageKey;
    this.thumbnailKey = fields.thumbnailKey;
    this.width = fields.width;
    this.height = fields.height;
    this.bytes = fields.bytes;
  }

  toPublic(): StreamRecord {
    const flag = (value: boolean) => (value ? '1' : '0');
    return {
      id: this.id,
      user_id: this.userId,
      signature: this.signature,
      signatureElements: this.signatureElements,
      Hyper_realistic: flag(this.hyperRealistic),
      '8k': flag(this.eightK),
      '4k': flag(this.fourK),
      finalprompt: this.finalPrompt,
      image_url: imageUrlOf(this.imageKey),
      thumbnail_url: imageUrlOf(this.thumbnailKey),
      width: this.width,
      height: this.height,
      created_at: this.createdAt.toISOString(),
    };
  }
}

export const StreamUploadSchema = new EntitySchema<StreamUpload>({
  class: StreamUpload,
  tableName: 'stream_uploads',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    signature: { type: 'text' },
    signatureElements: { type: 'text', fieldName: 'signature_elements' },
    hyperRealistic: { type: 'boolean', fieldName: 'hyper_realistic' },
    eightK: { type: 'boolean', fieldName: 'eight_k' },
    fourK: { type: 'boolean', fieldName: 'four_k' },
    finalPrompt: { type: 'text', fieldName: 'final_prompt' },
    imageKey: { type: 'string', fieldName: 'image_key' },
    thumbnailKey: { type: 'string', fieldName: 'thumbnail_key' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    bytes: { type: 'integer' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
  },
});
