import { EntitySchema } from '@mikro-orm/postgresql';
import { type PackLink, type SignaturePackFile } from '@promptloom/proto';

/** One share link of a user's pack: the hash of its token, the pack as shared, and when it ends. */
export class PackLinkRecord {
  id!: number;
  userId: number;
  tokenHash: string;
  code: string;
  pack: SignaturePackFile;
  createdAt: Date = new Date();
  expiresAt: Date;
  revokedAt: Date | null = null;

  constructor(fields: {
    userId: number;
    tokenHash: string;
    code: string;
    pack: SignaturePackFile;
    expiresAt: Date;
  }) {
    this.userId = fields.userId;
    this.tokenHash = fields.tokenHash;
    this.code = fields.code;
    this.pack = fields.pack;
    this.expiresAt = fields.expiresAt;
  }

  stateAt(now: Date): PackLink['state'] {
    if (this.revokedAt) return 'revoked';
    return this.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  }

  toView(now: Date): PackLink {
    return {
      id: this.id,
      code: this.code,
      createdAt: this.createdAt.toISOString(),
      expiresAt: this.expiresAt.toISOString(),
      revokedAt: this.revokedAt?.toISOString() ?? null,
      state: this.stateAt(now),
    };
  }
}

export const PackLinkSchema = new EntitySchema<PackLinkRecord>({
  class: PackLinkRecord,
  tableName: 'pack_links',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    tokenHash: { type: 'string', fieldName: 'token_hash', columnType: 'char(64)' },
    code: { type: 'string' },
    pack: { type: 'json', columnType: 'jsonb' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    expiresAt: { type: 'datetime', fieldName: 'expires_at', columnType: 'timestamptz' },
    revokedAt: { type: 'datetime', fieldName: 'revoked_at', columnType: 'timestamptz', nullable: true },
  },
});
