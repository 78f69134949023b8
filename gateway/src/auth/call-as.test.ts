import {
  ADMIN_ROLE,
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  aiOperations,
  moduleOperations,
  signatureOperations,
  type Actor,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs, callAsWith } from './call-as';
import { type Caller } from './caller';

/** The services' answers: a reply of the right shape, or the refusal of a service that found the record's owner. */
const replies: Record<string, unknown> = {
  [moduleOperations.delete.subject]: { id: 3 },
  [signatureOperations.get.subject]: { data: null },
  [aiOperations.updateReason.subject]: new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE),
};

/** A bus that records what reaches it. */
function recordingBus() {
  const sent: { subject: string; payload: unknown }[] = [];
  const bus = {
    request: async (subject: string, payload: unknown) => {
      sent.push({ subject, payload });
      const reply = replies[subject];
      if (reply instanceof Error) throw reply;
      return reply;
    },
  } as unknown as Bus;
  return { bus, sent };
}

const user: Actor = { userId: 7, role: 'user' };
const admin: Actor = { userId: 1, role: ADMIN_ROLE };
const caller = (actor?: Actor, authError?: Error): Caller => ({ context: { actor }, authError });

describe('callAs and callAsWith refuse early from the access the operation declares', () => {
  it('refuses an admin operation to a non-admin with FORBIDDEN before building or parsing its input, sending nothing', async () => {
    const { bus, sent } = recordingBus();
    const inputOf = jest.fn(() => ({ id: 'not an id' }));
    await expect(callAsWith(caller(user), bus, moduleOperations.delete, inputOf)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: NOT_AUTHORIZED_MESSAGE,
    });
    await expect(callAs(caller(user), bus, moduleOperations.delete, () => ({ id: 3 }))).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    );
    expect(inputOf).not.toHaveBeenCalled();
    expect(sent).toEqual([]);

    await expect(callAs(caller(admin), bus, moduleOperations.delete, () => ({ id: 3 }))).resolves.toEqual({
      id: 3,
    });
    expect(sent).toHaveLength(1);
  });

  it("answers a caller without an actor with the token's own error, or the plain 401, sending nothing", async () => {
    const { bus, sent } = recordingBus();
    const expired = new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
    await expect(
      callAsWith(caller(undefined, expired), bus, moduleOperations.delete, () => ({ id: 'not an id' })),
    ).rejects.toBe(expired);
    await expect(
      callAs(caller(), bus, signatureOperations.get, (actor) => ({ userId: actor.userId })),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: NOT_AUTHENTICATED_MESSAGE });
    expect(sent).toEqual([]);
  });

  it("refuses an owned operation naming another user's id by the policy, and lets an admin read it", async () => {
    const { bus, sent } = recordingBus();
    await expect(
      callAs(caller(user), bus, signatureOperations.get, () => ({ userId: 8 })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: NOT_AUTHORIZED_MESSAGE });
    expect(sent).toEqual([]);

    await callAs(caller(user), bus, signatureOperations.get, (actor) => ({ userId: actor.userId }));
    await callAs(caller(admin), bus, signatureOperations.get, () => ({ userId: 8 }));
    expect(sent.map((request) => request.payload)).toEqual([{ userId: 7 }, { userId: 8 }]);
  });

  it('answers input that does not fit with BAD_USER_INPUT before sending, and leaves a record named by its own id to the service', async () => {
    const { bus, sent } = recordingBus();
    await expect(
      callAsWith(caller(user), bus, signatureOperations.get, () => ({ userId: 'seven' })),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: { userId: expect.any(Array) } });
    expect(sent).toEqual([]);

    const request = { family: 'tl' as const, id: 99, ai_reason: null };
    await expect(callAs(caller(user), bus, aiOperations.updateReason, () => request)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(sent).toEqual([{ subject: aiOperations.updateReason.subject, payload: request }]);
  });
});
