import { Client } from 'pg';
import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { OTHER_SIX, SIX, signUp } from '../signature/signature-helpers';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

async function rowsOf(sql: string, values: unknown[]): Promise<number> {
  const client = new Client({ connectionString: product.database.url });
  await client.connect();
  try {
    const result = await client.query(sql, values);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe('concurrent writes are safe', () => {
  it('20 signature saves at once for one user: 20 × 2xx and one row, first save and replace alike', async () => {
    const user = await signUp(product.baseUrl);
    for (const names of [SIX, OTHER_SIX]) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
            body: { user_id: user.userId, username: 'Ada', signature: names, signatureElements: ['Light'] },
            token: user.token,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(await rowsOf('select 1 from signature.signatures where user_id = $1', [user.userId])).toBe(1);
      const read = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.userId}`, {
        token: user.token,
      });
      expect(read.body.data.signature).toEqual(names);
    }
  });
});
