import { newUser, requestJson } from '../support/http';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

export interface Owner {
  id: number;
  token: string;
  name: string;
}

export interface RecordsFixture extends AdminFixture {
  ada: Owner;
  grace: Owner;
}

/** Twelve items that the lists' cleaning keeps apart (it ignores digits and case). */
export const PRO_ITEMS = [
  'Pro Alder',
  'Pro Birch',
  'Pro Cedar',
  'Pro Elm',
  'Pro Fir',
  'Pro Hazel',
  'Pro Larch',
  'Pro Maple',
  'Pro Oak',
  'Pro Pine',
  'Pro Rowan',
  'Pro Yew',
];

async function signUp(baseUrl: string, first: string, last: string): Promise<Owner> {
  const response = await requestJson(baseUrl, 'POST', '/api/signup', {
    body: newUser({ first_name: first, last_name: last }),
  });
  return { id: response.body.user.id, token: response.body.access_token, name: `${first} ${last}` };
}

/**
 * The product with an admin and two users who stored lists through the real routes: Ada 12 TR items (gpt-4o), Grace
 * 3 TR items (gpt-4-turbo), each 2 TL and 2 BL items and a saved signature.
 */
export async function startRecordsFixture(): Promise<RecordsFixture> {
  const fixture = await startAdminFixture();
  const baseUrl = fixture.product.baseUrl;
  const ada = await signUp(baseUrl, 'Ada', 'Lovelace');
  const grace = await signUp(baseUrl, 'Grace', 'Hopper');
  const store = (owner: Owner, family: string, model: string, items: string[]) =>
    requestJson(baseUrl, 'POST', `/api/ai/response/${family}/store/${owner.id}`, {
      token: owner.token,
      body: { levels: 1, ai_model: model, frequency: items.length, ai_response: items },
    }).then((response) => expect(response.status).toBeLessThan(300));
  await store(ada, 'tr', 'gpt-4o', PRO_ITEMS);
  await store(grace, 'tr', 'gpt-4-turbo', ['Compass', 'Anchor', 'Lantern']);
  for (const owner of [ada, grace]) {
    await store(owner, 'tl', 'gpt-4o', ['Photography', 'Art']);
    await store(owner, 'bl', 'gpt-4o', ['Light', 'Shadow']);
    const saved = await requestJson(baseUrl, 'POST', `/api/br/signature/store/${owner.id}`, {
      token: owner.token,
      body: {
        user_id: owner.id,
        username: owner.name,
        signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
        signatureElements: ['Light', 'Shadow'],
      },
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  return { ...fixture, ada, grace };
}
