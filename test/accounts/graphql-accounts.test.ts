import { graphql, newUser } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const SIGNUP = `mutation Signup($input: SignupInput!) {
  signup(input: $input) { accessToken expiresIn user { id name email roleType status } }
}`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { accessToken user { id email } } }`;
const ME = `query { me { id email firstName lastName } }`;

function signupInput(payload: ReturnType<typeof newUser>) {
  return {
    firstName: payload.first_name,
    lastName: payload.last_name,
    email: payload.email,
    mobile: payload.mobile,
    password: payload.password,
    passwordConfirmation: payload.password_confirmation,
  };
}

describe('GraphQL signup, login and me', () => {
  it('signs up, logs in and reads the signed-in user', async () => {
    const payload = newUser();
    const signup = await graphql(product.baseUrl, SIGNUP, { input: signupInput(payload) });
    expect(signup.body.errors).toBeUndefined();
    expect(signup.body.data.signup.user).toMatchObject({
      email: payload.email,
      roleType: 'user',
      status: 'Active',
    });
    expect(signup.body.data.signup.expiresIn).toBe(3600);

    const login = await graphql(product.baseUrl, LOGIN, {
      input: { email: payload.email, password: payload.password },
    });
    const token = login.body.data.login.accessToken;
    const me = await graphql(product.baseUrl, ME, {}, token);
    expect(me.body.data.me).toMatchObject({ email: payload.email, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('answers bad input with BAD_USER_INPUT and messages under the GraphQL field names', async () => {
    const response = await graphql(product.baseUrl, SIGNUP, {
      input: signupInput(newUser({ email: 'nope', password_confirmation: 'something else' })),
    });
    const [error] = response.body.errors!;
    expect(error!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(error!.extensions!.fields).toEqual({
      email: ['Enter a valid email address'],
      passwordConfirmation: ['The password field confirmation does not match.'],
    });
  });

  it('answers a taken email with BAD_USER_INPUT on email', async () => {
    const payload = newUser();
    await graphql(product.baseUrl, SIGNUP, { input: signupInput(payload) });
    const again = await graphql(product.baseUrl, SIGNUP, { input: signupInput(payload) });
    expect(again.body.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { email: ['The email has already been taken.'] },
    });
  });

  it('answers me without a token with UNAUTHENTICATED and the spec text', async () => {
    const response = await graphql(product.baseUrl, ME);
    expect(response.body.errors![0]).toMatchObject({
      message: 'You are not authenticated. Please log in.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('rejects a variable of the wrong type before any resolver runs', async () => {
    const response = await graphql(product.baseUrl, LOGIN, { input: { email: 42, password: ['x'] } });
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });
});
