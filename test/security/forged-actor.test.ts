import { UNVERIFIED_REQUEST_MESSAGE } from '@promptloom/shared';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { capturedLogger } from '../support/captured-log';
import {
  EVERY_SUBJECT,
  FORGERIES,
  attackPayload,
  notRefused,
  sendForged,
  type ForgeryOutcome,
} from '../support/forged-requests';
import { settledTableRowCounts, tableRowCounts, userExists } from '../support/table-row-counts';
import { contextOf } from '../support/token-context';

/**
 * Issue 28.1 in the embedded product (one process, the in-process bus): whoever reaches the bus without the
 * gateway's key cannot act as anyone. Every operation, every forgery, with a live admin's actor claimed.
 */
describe('a forged actor on the in-process bus', () => {
  const logs = capturedLogger('warn');
  let fixture: AdminFixture;

  beforeAll(async () => {
    fixture = await startAdminFixture('forged.root@example.com', { logger: logs.logger });
  });

  afterAll(() => fixture?.product.stop());

  it('is refused on every svc.* operation, changes nothing, and each refusal is logged at warn', async () => {
    const { product, userId: victimId } = fixture;
    const admin = contextOf(fixture.adminToken).actor!;
    const before = await settledTableRowCounts(product.database.url, [victimId, fixture.adminId]);

    const outcomes: ForgeryOutcome[] = [];
    for (const forgery of FORGERIES) {
      outcomes.push(
        ...(await Promise.all(
          EVERY_SUBJECT.map((subject) =>
            sendForged(
              product.unsignedBus,
              product.buses.keys,
              forgery,
              subject,
              attackPayload(victimId),
              admin,
            ),
          ),
        )),
      );
    }

    expect(outcomes).toHaveLength(EVERY_SUBJECT.length * FORGERIES.length);
    expect(notRefused(outcomes)).toEqual([]);
    expect(await tableRowCounts(product.database.url)).toEqual(before);
    expect(await userExists(product.database.url, victimId)).toBe(true);

    const refusals = logs.lines.filter(
      (line) => line.msg === 'Bus request refused: its sender could not be verified',
    );
    for (const subject of EVERY_SUBJECT) {
      const logged = refusals.filter((line) => line.subject === subject);
      expect({ subject, logged: logged.length }).toEqual({ subject, logged: FORGERIES.length });
      expect(logged.every((line) => line.level === 40 && String(line.requestId).startsWith('forged-'))).toBe(
        true,
      );
    }
  });

  it("deletes nothing with the issue's exact claim, {userId: 1, role: 'Admin'} and no session", async () => {
    const { product, userId: victimId } = fixture;
    const outcome = await sendForged(
      product.unsignedBus,
      product.buses.keys,
      'unsigned',
      'svc.admin.users.delete',
      { id: victimId },
      { userId: 1, role: 'Admin' },
    );
    expect(outcome).toMatchObject({ code: 'UNAUTHENTICATED', message: UNVERIFIED_REQUEST_MESSAGE });
    expect(await userExists(product.database.url, victimId)).toBe(true);
  });
});
