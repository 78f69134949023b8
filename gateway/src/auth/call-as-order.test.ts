import {
  ADMIN_ROLE,
  DomainError,
  aiCallOperations,
  signatureOperations,
  type Actor,
  type Operation,
} from '@promptloom/proto';
import { InProcessBus, type Bus } from '@promptloom/shared';
import { callAsWith } from './call-as';
import { type Caller } from './caller';

const ada: Actor = { userId: 7, role: 'user' };
const admin: Actor = { userId: 1, role: ADMIN_ROLE };
const as = (actor?: Actor, authError?: Error): Caller => ({ context: { actor }, authError });

/** A bus whose services answer NOT_FOUND to everything: an answer proves the request got past the gateway. */
async function busAnswering(...operations: Operation[]): Promise<{ bus: Bus; sent: unknown[] }> {
  const bus = new InProcessBus();
  const sent: unknown[] = [];
  for (const operation of operations) {
    await bus.serve(operation.subject, 'test', async (payload) => {
      sent.push(payload);
      throw new DomainError('NOT_FOUND', 'Reached the service.');
    });
  }
  return { bus, sent };
}

async function refusal(call: Promise<unknown>): Promise<Pick<DomainError, 'code' | 'message' | 'fields'>> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message, fields: error.fields };
}

describe('callAsWith refuses from the declared access, in the order a client sees', () => {
  const store = signatureOperations.store;
  const badBody = { username: 5, signature: 'not a list' };

  it('answers an anonymous caller 401 (with why its token failed) before its input is built or read', async () => {
    const { bus, sent } = await busAnswering(store);
    const inputOf = jest.fn(() => ({ ...badBody, userId: '7' }));
    expect(await refusal(callAsWith(as(), bus, store, inputOf))).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'You are not authenticated. Please log in.',
    });
    const ended = new DomainError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
    expect(await refusal(callAsWith(as(undefined, ended), bus, store, inputOf))).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: ended.message,
    });
    expect(inputOf).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("refuses a write to another user's path with 403 before the body is parsed", async () => {
    const { bus, sent } = await busAnswering(store);
    const input = { ...badBody, userId: '8' };
    expect(await refusal(callAsWith(as(ada), bus, store, () => input))).toMatchObject({
      code: 'FORBIDDEN',
      fields: undefined,
    });
    // An admin reads anyone's records but changes them only through the admin operations.
    expect(await refusal(callAsWith(as(admin), bus, store, () => input))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(sent).toEqual([]);
  });

  it("answers a bad body on the caller's own path, or a path that is no user id, with 422 and the fields", async () => {
    const { bus, sent } = await busAnswering(store);
    const own = await refusal(callAsWith(as(ada), bus, store, () => ({ ...badBody, userId: '7' })));
    expect(own.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(own.fields ?? {})).toEqual(expect.arrayContaining(['username', 'signature']));
    const notAnId = await refusal(callAsWith(as(ada), bus, store, () => ({ ...badBody, userId: 'abc' })));
    expect(notAnId.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(notAnId.fields ?? {})).toEqual(expect.arrayContaining(['userId', 'username']));
    expect(sent).toEqual([]);
  });

  it("lets an admin read another user's record, and the owner their own", async () => {
    const { bus, sent } = await busAnswering(signatureOperations.get);
    const read = (caller: Caller) =>
      callAsWith(caller, bus, signatureOperations.get, () => ({ userId: '8' }));
    expect(await refusal(read(as(admin)))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(read(as(ada)))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(read(as({ userId: 8, role: 'user' })))).toMatchObject({ code: 'NOT_FOUND' });
    expect(sent).toEqual([{ userId: 8 }, { userId: 8 }]);
  });

  it('refuses an admin operation to a regular user with 403 before its input is parsed', async () => {
    const { bus, sent } = await busAnswering(aiCallOperations.list);
    const query = { page: 'first', per_page: -1 };
    expect(await refusal(callAsWith(as(ada), bus, aiCallOperations.list, () => query))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This action is unauthorized.',
    });
    expect((await refusal(callAsWith(as(admin), bus, aiCallOperations.list, () => query))).code).toBe(
      'BAD_USER_INPUT',
    );
    expect(sent).toEqual([]);
  });
});
