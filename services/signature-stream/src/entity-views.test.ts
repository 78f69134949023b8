import {
  PACK_FORMAT,
  PACK_VERSION,
  PackLink,
  Signature,
  StreamRecord,
  StreamSettings,
} from '@promptloom/proto';
import { PackLinkRecord } from './packs/pack-link.entity';
import { SavedSignature } from './signatures/saved-signature.entity';
import { StreamSettingsRecord } from './stream/stream-settings.entity';
import { StreamUpload } from './stream/stream-upload.entity';

/** What each entity answers with is what its proto schema says: nothing added, nothing out of its range. */
describe("the signature service's entities' views parse with their proto schemas", () => {
  const names = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glade', 'Haze'];

  it('a saved signature, with and without a BR code type', () => {
    for (const type of [null, 'CRPHO']) {
      const saved = Object.assign(
        new SavedSignature({ userId: 7, username: 'Ada Lovelace', names, elements: ['Sky', 'Sea'], type }),
        { id: 1 },
      );
      expect(Signature.parse(saved.toPublic())).toEqual(saved.toPublic());
    }
  });

  it("an upload, with the form's flags", () => {
    const upload = Object.assign(
      new StreamUpload({
        userId: 7,
        signature: names.join(', '),
        signatureElements: 'Sky, Sea',
        hyperRealistic: true,
        eightK: false,
        fourK: true,
        finalPrompt: 'a castle at dusk',
        imageKey: 'images/7/a.webp',
        thumbnailKey: 'images/7/a-thumb.webp',
        width: 640,
        height: 480,
        bytes: 12_345,
      }),
      { id: 2 },
    );
    expect(StreamRecord.parse(upload.toPublic())).toEqual(upload.toPublic());
  });

  it('Stream settings, fresh and with a mark and a parameter', () => {
    const fresh = new StreamSettingsRecord(7, 'midjourney-7');
    expect(StreamSettings.parse(fresh.toView())).toEqual(fresh.toView());
    const marked = new StreamSettingsRecord(7, 'midjourney-7');
    marked.marks = [{ name: 'Noir', weight: -1, avoid: true }];
    marked.parameters = [{ flag: '--stylize', value: '250' }];
    marked.version = 3;
    expect(StreamSettings.parse(marked.toView())).toEqual(marked.toView());
  });

  it('a share link, active, expired and revoked', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const link = Object.assign(
      new PackLinkRecord({
        userId: 7,
        tokenHash: 'a'.repeat(64),
        code: 'Aur-Dus-Emb-Fro-Gla-Haz',
        pack: {
          format: PACK_FORMAT,
          version: PACK_VERSION,
          exportedAt: now.toISOString(),
          signature: { names, type: null, code: 'Aur-Dus-Emb-Fro-Gla-Haz' },
          elements: [],
        },
        expiresAt: new Date('2026-12-05T12:00:00Z'),
      }),
      { id: 3 },
    );
    expect(PackLink.parse(link.toView(now))).toEqual(link.toView(now));
    expect(PackLink.parse(link.toView(new Date('2026-12-06T00:00:00Z'))).state).toBe('expired');
    link.revokedAt = now;
    expect(PackLink.parse(link.toView(now))).toEqual(link.toView(now));
  });
});
