import { waitFor } from '@promptloom/shared/testing';
import { type AdminFixture } from '../admin/admin-fixture';
import { type FakeOpenAiServer, type RecordedRequest } from '../support/fake-openai-server';
import { newUser, requestJson } from '../support/http';

/** What the reasons-that-steer tests (issue 19) share: a signed-up user, the provider's requests, their block. */
export interface GuidanceUser {
  id: number;
  token: string;
}

export async function freshUser(fixture: AdminFixture): Promise<GuidanceUser> {
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  return { id: signup.body.user.id, token: signup.body.access_token };
}

/** The request the local OpenAI-compatible server recorded whose messages contain `marker`. */
export async function requestContaining(fake: FakeOpenAiServer, marker: string): Promise<RecordedRequest> {
  const found = await waitFor(
    () => fake.requests.find((request) => JSON.stringify(request.body.messages).includes(marker)) ?? null,
    `a provider request containing ${marker}`,
  );
  if (!found) throw new Error(`no provider request containing ${marker}`);
  return found;
}

/** The lines of the `<guidance>` block in a request's messages, or null without one. */
export const guidanceOf = (messages: Array<{ content: string }>) =>
  messages
    .map((message) => /<guidance>\n([\s\S]*?)\n<\/guidance>/u.exec(message.content)?.[1])
    .find((block) => block !== undefined) ?? null;
