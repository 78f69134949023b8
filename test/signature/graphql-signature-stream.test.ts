import { photoJpeg } from '@promptloom/signature-stream/testing';
import { graphql } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { subscribe } from '../support/subscriptions';
import { waitFor } from '@promptloom/shared/testing';
import { OTHER_SIX, SIX, getBytes, postForm, signUp, type SignedIn } from './signature-helpers';

let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct();
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const STORE = `mutation Store($input: SignatureInput!, $replace: Boolean) {
  storeSignature(input: $input, replace: $replace) { id userId signature signatureElements code status }
}`;

describe('GraphQL signatures', () => {
  it('saves, asks before replacing, replaces, updates and removes, with live changes', async () => {
    const live = await subscribe(
      product.baseUrl,
      'subscription { signatureChanged { userId change sequence signature { signature } } }',
      user.token,
    );
    const stranger = await signUp(product.baseUrl);
    const strangerLive = await subscribe(
      product.baseUrl,
      'subscription { signatureChanged { userId } }',
      stranger.token,
    );

    const first = await graphql(
      product.baseUrl,
      STORE,
      { input: { username: 'Ada', signature: SIX } },
      user.token,
    );
    expect(first.body.data.storeSignature).toMatchObject({
      userId: user.userId,
      signature: SIX,
      status: '1',
    });

    const asked = await graphql(
      product.baseUrl,
      STORE,
      { input: { username: 'Ada', signature: OTHER_SIX } },
      user.token,
    );
    expect(asked.body.errors![0]!).toMatchObject({
      message:
        'A signature is already saved. Do you want to replace it with the new one? Your old signature will be removed.',
      extensions: { code: 'CONFLICT' },
    });
    const replaced = await graphql(
      product.baseUrl,
      STORE,
      { input: { username: 'Ada', signature: OTHER_SIX }, replace: true },
      user.token,
    );
    expect(replaced.body.data.storeSignature.signature).toEqual(OTHER_SIX);

    const updated = await graphql(
      product.baseUrl,
      `mutation { updateSignature(input: { signature: ${JSON.stringify(SIX)} }) { signature } }`,
      {},
      user.token,
    );
    expect(updated.body.data.updateSignature.signature).toEqual(SIX);
    const mine = await graphql(product.baseUrl, '{ mySignature { signature code } }', {}, user.token);
    expect(mine.body.data.mySignature).toEqual({ signature: SIX, code: 'Aur-Dus-Emb-Fro-Glo-Haz' });

    await graphql(product.baseUrl, 'mutation { removeSignature }', {}, user.token);
    expect(
      (await graphql(product.baseUrl, '{ mySignature { id } }', {}, user.token)).body.data.mySignature,
    ).toBeNull();

    await waitFor(() => live.received.length >= 4, 'four signature changes');
    expect(live.received.map((event) => event.signatureChanged.change)).toEqual([
      'saved',
      'saved',
      'updated',
      'removed',
    ]);
    expect(live.received.at(-1).signatureChanged.signature).toBeNull();
    expect(strangerLive.received).toEqual([]);
    await live.close();
    await strangerLive.close();
  });

  it('answers a signature of 5 names with BAD_USER_INPUT on the signature field', async () => {
    const response = await graphql(
      product.baseUrl,
      STORE,
      { input: { username: 'Ada', signature: SIX.slice(0, 5) } },
      user.token,
    );
    expect(response.body.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { signature: ['A signature holds exactly 6 names.'] },
    });
  });

  it('builds BR codes and the stream prompt', async () => {
    const codes = await graphql(
      product.baseUrl,
      `
        {
          brCodes(types: [{ type: "Photography", elements: ["Light", "Shadow"] }]) {
            type
            elements
            code
          }
        }
      `,
      {},
      user.token,
    );
    expect(codes.body.data.brCodes).toEqual([
      { type: 'Photography', elements: ['Light', 'Shadow'], code: 'CRPHO-Lig-Sha' },
    ]);
    const prompt = await graphql(
      product.baseUrl,
      `
        {
          streamPrompt(
            selection: { types: ["Art"], elements: [{ name: "Light", subElements: ["Soft"] }] }
            toggles: { fourK: true }
          )
        }
      `,
      {},
      user.token,
    );
    expect(prompt.body.data.streamPrompt).toBe(
      'Art image. Elements: Light (Soft). 4k resolution. --ar 16:9 --v 6 --q 2',
    );
  });
});

describe('GraphQL stream uploads: REST upload, then the mutation names its upload_id', () => {
  const STORE_STREAM = `mutation Store($input: StreamInput!) {
    storeStream(input: $input) { id userId hyperRealistic eightK fourK finalPrompt imageUrl thumbnailUrl width height }
  }`;
  const input = (uploadId: string) => ({
    uploadId,
    signature: SIX.join(','),
    signatureElements: 'Light',
    hyperRealistic: true,
    finalPrompt: 'Art image. --ar 16:9 --v 6 --q 2',
  });

  async function uploadImage(who: SignedIn, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await postForm(product.baseUrl, '/api/uploads/images', who.token, form);
    expect(response.status).toBe(201);
    return response.body.upload_id;
  }

  it('stores the upload, publishes it live, and serves the image to its owner', async () => {
    const live = await subscribe(
      product.baseUrl,
      'subscription { streamImageStored { id imageUrl } }',
      user.token,
    );
    const uploadId = await uploadImage(user, await photoJpeg(800, 600));

    const stored = await graphql(product.baseUrl, STORE_STREAM, { input: input(uploadId) }, user.token);
    expect(stored.body.errors).toBeUndefined();
    const record = stored.body.data.storeStream;
    expect(record).toMatchObject({
      userId: user.userId,
      hyperRealistic: true,
      eightK: false,
      width: 800,
      height: 600,
    });
    expect((await getBytes(product.baseUrl, record.imageUrl, user.token)).contentType).toBe('image/webp');

    const streams = await graphql(product.baseUrl, '{ myStreams { id imageUrl } }', {}, user.token);
    expect(streams.body.data.myStreams).toEqual([{ id: record.id, imageUrl: record.imageUrl }]);
    await waitFor(() => live.received.length === 1, 'the stored upload event');
    expect(live.received[0].streamImageStored).toEqual({ id: record.id, imageUrl: record.imageUrl });
    await live.close();

    const again = await graphql(product.baseUrl, STORE_STREAM, { input: input(uploadId) }, user.token);
    expect(again.body.errors![0]!.extensions!.fields).toEqual({
      image: ['The upload was not found or has already been used. Please upload the image again.'],
    });
  });

  it("cannot use another user's upload, and names bad fields in GraphQL terms", async () => {
    const stranger = await signUp(product.baseUrl);
    const uploadId = await uploadImage(stranger, await photoJpeg(64, 64));
    const response = await graphql(product.baseUrl, STORE_STREAM, { input: input(uploadId) }, user.token);
    expect(response.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(await product.objects.list(`incoming/${stranger.userId}/`)).toHaveLength(1);

    const bad = await graphql(
      product.baseUrl,
      STORE_STREAM,
      { input: { ...input(uploadId), finalPrompt: ' ' } },
      stranger.token,
    );
    expect(bad.body.errors![0]!.extensions!.fields).toEqual({
      finalPrompt: ['The finalprompt field is required.'],
    });
    const notAnId = await graphql(product.baseUrl, STORE_STREAM, { input: input('nope') }, user.token);
    expect(notAnId.body.errors![0]!.extensions!.fields).toEqual({
      uploadId: ['The upload id is not valid.'],
    });
  });
});
