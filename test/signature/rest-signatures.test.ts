import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { OTHER_SIX, SIX, signInAdmin, signUp, type SignedIn } from './signature-helpers';

let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct();
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const storeBody = (userId: number, signature: unknown) => ({
  user_id: userId,
  username: 'Ada Lovelace',
  signature,
  signatureElements: ['Light', 'Shadow'],
  status: '1',
});

describe('REST signatures (SPEC §7)', () => {
  it('stores, reads, updates and replaces the signature of the signed-in user', async () => {
    const stored = await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
      body: storeBody(user.userId, SIX),
      token: user.token,
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      status: true,
      message: 'Signature saved successfully',
      data: { user_id: user.userId, signature: SIX, signatureElements: ['Light', 'Shadow'], status: '1' },
    });

    const updated = await requestJson(
      product.baseUrl,
      'POST',
      `/api/br/updatenewsignature/update/${user.userId}`,
      { body: { signature: OTHER_SIX.join(','), signatureElements: 'Kelp,Moss' }, token: user.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ signature: OTHER_SIX, signatureElements: ['Kelp', 'Moss'] });

    const replaced = await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
      body: storeBody(user.userId, SIX),
      token: user.token,
    });
    expect(replaced.body.data.id).not.toBe(stored.body.data.id);
    const read = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.userId}`, {
      token: user.token,
    });
    expect(read.body.data).toMatchObject({ id: replaced.body.data.id, signature: SIX });

    const removed = await requestJson(product.baseUrl, 'DELETE', `/api/br/signature/${user.userId}`, {
      token: user.token,
    });
    expect(removed.body).toEqual({ status: true, message: 'Signature removed successfully' });
  });

  it('answers 422 with the spec message for a signature of 5 names, and names each bad field', async () => {
    const response = await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
      body: { ...storeBody(user.userId, SIX.slice(0, 5)), username: '', user_id: user.userId + 1 },
      token: user.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      signature: ['A signature holds exactly 6 names.'],
      username: ['The username field is required.'],
      user_id: ['The user id must match the user in the path.'],
    });
  });

  it('answers 422 when the body names another user than the path', async () => {
    const response = await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
      body: storeBody(user.userId + 1, SIX),
      token: user.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ user_id: ['The user id must match the user in the path.'] });
  });

  it("keeps a user out of another user's signature (403) and lets an admin in", async () => {
    const other = await signUp(product.baseUrl);
    await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${other.userId}`, {
      body: storeBody(other.userId, SIX),
      token: other.token,
    });
    const refused = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${other.userId}`, {
      token: user.token,
    });
    expect(refused.status).toBe(403);
    const anonymous = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${other.userId}`);
    expect(anonymous.status).toBe(401);
    const admin = await signInAdmin(product.baseUrl, product.buses.admin);
    const read = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${other.userId}`, {
      token: admin.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.signature).toEqual(SIX);
  });

  it('knows a signature saved from a BR code by that code, and refuses a type over 100 characters', async () => {
    const other = await signUp(product.baseUrl);
    const path = `/api/br/signature/store/${other.userId}`;
    const stored = await requestJson(product.baseUrl, 'POST', path, {
      body: { ...storeBody(other.userId, SIX), type: ' Photography ' },
      token: other.token,
    });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({ type: 'Photography', code: 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz' });
    const read = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${other.userId}`, {
      token: other.token,
    });
    expect(read.body.data).toMatchObject({ type: 'Photography', code: 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz' });

    const tooLong = await requestJson(product.baseUrl, 'POST', path, {
      body: { ...storeBody(other.userId, SIX), type: 'x'.repeat(101) },
      token: other.token,
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ type: ['The type must not be greater than 100 characters.'] });
  });

  it('builds BR codes from the types map', async () => {
    const response = await requestJson(product.baseUrl, 'POST', `/api/br/codes/${user.userId}`, {
      body: { elementsByType: { Photography: ['Light', 'Shadow', 'light'], ' photography ': ['Texture'] } },
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { type: 'Photography', elements: ['Light', 'Shadow', 'Texture'], code: 'CRPHO-Lig-Sha-Tex' },
    ]);
    const bad = await requestJson(product.baseUrl, 'POST', `/api/br/codes/${user.userId}`, {
      body: { elementsByType: { Photography: 'Light' } },
      token: user.token,
    });
    expect(bad.status).toBe(422);
  });

  it('assembles the stream prompt from the selection and the enhance toggles', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/prompt', {
      body: {
        selection: {
          types: ['Photography'],
          proItems: ['Portrait'],
          elements: [{ name: 'Light', subElements: ['Soft', 'Rim'] }],
          signature: SIX,
        },
        toggles: { hyperRealistic: true, eightK: true, fourK: false },
      },
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.prompt).toBe(
      'Hyper-realistic Photography image. Professional focus: Portrait. Elements: Light (Soft, Rim). ' +
        'Signature: Aurora, Dusk, Ember, Frost, Glow, Haze. 8k resolution. --ar 16:9 --v 6 --q 2',
    );
  });
});
