/** Small helpers over fetch for tests: JSON in, status + headers + parsed JSON out. */
export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function requestJson<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    rawBody?: string | Buffer;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export async function graphql<T = any>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<
  JsonResponse<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, any> }> }>
> {
  return requestJson(baseUrl, 'POST', '/graphql', { body: { query, variables }, token });
}

let counter = 0;
/** A signup payload with a unique email. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada.${unique}@example.com`,
    mobile: '+44 20 7946 0958',
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    ...overrides,
  };
}
