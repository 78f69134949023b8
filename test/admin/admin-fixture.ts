import { ensureAdminAccount } from '@promptloom/admin';
import { newUser, requestJson, type JsonResponse } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

type ProductOptions = Parameters<typeof startTestProduct>[0];

export interface AdminFixture {
  product: TestProduct;
  adminToken: string;
  adminId: number;
  userToken: string;
  userId: number;
  /** REST as the signed-in admin. */
  asAdmin(method: string, path: string, body?: unknown): Promise<JsonResponse>;
}

/** The product on a fresh database with one admin and one regular user signed in. */
export async function startAdminFixture(
  adminEmail = 'root@example.com',
  options: ProductOptions = {},
): Promise<AdminFixture> {
  const product = await startTestProduct(options);
  await ensureAdminAccount(product.buses.admin, { email: adminEmail, password: 'root-password-1' });
  const admin = await requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: adminEmail, password: 'root-password-1' },
  });
  const user = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  const adminToken: string = admin.body.access_token;
  return {
    product,
    adminToken,
    adminId: admin.body.user.id,
    userToken: user.body.access_token,
    userId: user.body.user.id,
    asAdmin: (method, path, body) => requestJson(product.baseUrl, method, path, { token: adminToken, body }),
  };
}
