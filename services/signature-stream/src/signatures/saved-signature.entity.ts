import { EntitySchema } from '@mikro-orm/postgresql';
import { savedSignatureCode, type Signature } from '@promptloom/proto';

/** A user's one saved signature: exactly 6 names and the elements they came from. */
export class SavedSignature {
  id!: number;
  userId: number;
  username: string;
  names: string[];
  elements: string[];
  /** The type of the BR code it was saved from ('Photography' for 'CRPHO-…'); null when saved without one. */
  type: string | null;
  /** '1'; an admin may set '0' (Deactive). */
  status: '0' | '1' = '1';
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: {
    userId: number;
    username: string;
    names: string[];
    elements: string[];
    type: string | null;
  }) {
    this.userId = fields.userId;
    this.username = fields.username;
    this.names = fields.names;
    this.elements = fields.elements;
    this.type = fields.type;
  }

  toPublic(): Signature {
    return {
      id: this.id,
      user_id: this.userId,
      username: this.username,
      signature: [...this.names],
      signatureElements: [...this.elements],
      type: this.type,
      code: savedSignatureCode(this.names, this.type),
      status: this.status,
      created_at: this.createdAt.toISOString(),
      updated_at: this.updatedAt.toISOString(),
    };
  }
}

export const SavedSignatureSchema = new EntitySchema<SavedSignature>({
  class: SavedSignature,
  tableName: 'signatures',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id', unique: true },
    username: { type: 'string' },
    names: { type: 'json' },
    elements: { type: 'json' },
    type: { type: 'string', nullable: true },
    status: { type: 'string' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
  },
});
