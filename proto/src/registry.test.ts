import { type z } from 'zod';
import { OPERATION_ACCESS, OPERATION_CALLERS, accessOf, callersOf, ownerInRequest } from './access';
import { SERVICES } from './operation';
import { EVENTS, OPERATIONS, eventBySubject, operationBySubject } from './registry';

describe('the operation registry and the event catalogue', () => {
  it('names each operation svc.<service>.<operation>, once, answered by a known service', () => {
    const subjects = OPERATIONS.map((operation) => operation.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const operation of OPERATIONS) {
      expect(SERVICES).toContain(operation.service);
      expect(operation.subject).toBe(`svc.${operation.service}.${operation.name}`);
      expect(operation.subject).toMatch(/^svc\.[a-z]+\.[A-Za-z]+(\.[A-Za-z]+)*$/);
      expect(operationBySubject(operation.subject)).toBe(operation);
    }
  });

  it('names each event evt.<service>.<noun>.<verb-in-past>, once', () => {
    const subjects = EVENTS.map((event) => event.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const event of EVENTS) {
      expect(event.subject).toMatch(/^evt\.[a-z]+\.[a-z_]+\.[a-z_]+ed$/);
      expect(eventBySubject(event.subject)).toBe(event);
    }
  });

  it('gives every operation an access rule of the authorization policy, and no rule to an unknown subject', () => {
    const kinds = ['public', 'internal', 'signed-in', 'owned', 'admin'];
    for (const operation of OPERATIONS) {
      expect({ subject: operation.subject, kind: kinds.includes(operation.access.kind) }).toEqual({
        subject: operation.subject,
        kind: true,
      });
    }
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual(
      OPERATIONS.map((operation) => operation.subject).sort(),
    );
    expect(accessOf('svc.admin.nope')).toBeUndefined();
  });

  it("finds an owned operation's owner in a user id field its request schema requires", () => {
    for (const operation of OPERATIONS) {
      const { access } = operation;
      if (access.kind !== 'owned' || access.ownerIn !== 'field') continue;
      const sample = { [access.field]: 7 };
      const field = (operation.request as unknown as z.ZodObject).shape[access.field] as z.ZodType;
      expect({ subject: operation.subject, field: field?.safeParse(7).success }).toEqual({
        subject: operation.subject,
        field: true,
      });
      expect(field.safeParse(undefined).success).toBe(false);
      expect(ownerInRequest(access, sample)).toBe(7);
    }
  });

  it("declares every event's readers, an owned event's owner in a user id field its payload requires", () => {
    for (const event of EVENTS) {
      const { readers } = event;
      expect({ subject: event.subject, kind: ['internal', 'admin', 'owned'].includes(readers.kind) }).toEqual(
        {
          subject: event.subject,
          kind: true,
        },
      );
      if (readers.kind !== 'owned') continue;
      const field = (event.payload as unknown as z.ZodObject).shape[readers.field] as z.ZodType;
      expect({ subject: event.subject, field: field?.safeParse(7).success }).toEqual({
        subject: event.subject,
        field: true,
      });
      expect(field.safeParse(undefined).success).toBe(false);
    }
  });

  it('declares callers only for registered operations, each caller once', () => {
    for (const [subject, callers] of Object.entries(OPERATION_CALLERS)) {
      expect(operationBySubject(subject)).toBeDefined();
      expect(new Set(callers).size).toBe(callers.length);
    }
  });

  it('lets the gateway call every operation but the internal ones it is not listed for', () => {
    for (const operation of OPERATIONS) {
      const internal = OPERATION_ACCESS[operation.subject]!.kind === 'internal';
      const listed = OPERATION_CALLERS[operation.subject]?.includes('gateway') ?? false;
      expect(callersOf(operation.subject).includes('gateway')).toBe(!internal || listed);
    }
    expect(callersOf('svc.admin.accounts.ensureAdmin')).toEqual(['admin']);
    expect(callersOf('svc.admin.nope')).toEqual([]);
  });

  it('knows nothing of a subject that is not registered', () => {
    expect(operationBySubject('svc.admin.nope')).toBeUndefined();
    expect(eventBySubject('evt.admin.user.vanished')).toBeUndefined();
  });
});
