import { newUser, requestJson } from '../support/http';

export interface SignedInUser {
  id: number;
  token: string;
}

/** Signs a new regular user up over REST. */
export async function signUp(baseUrl: string): Promise<SignedInUser> {
  const signup = await requestJson(baseUrl, 'POST', '/api/signup', { body: newUser() });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  return { id: signup.body.user.id, token: signup.body.access_token };
}
