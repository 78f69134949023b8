import { type EntityManager } from '@mikro-orm/postgresql';

export interface TokenReservationRequest {
  /** The reservation's id: a generation job's id, or a fresh one for a chat call. */
  id: string;
  userId: number;
  /** The UTC day, 'YYYY-MM-DD'. */
  day: string;
  tokens: number;
  /** Null: tokens are not limited (the reservation still records the call, for its settlement). */
  limit: number | null;
  /** How long the reservation holds if its call is never settled (a worker that died). */
  ttlSeconds: number;
}

export type TokenReservationOutcome =
  | { kind: 'reserved' }
  /** A reservation with this id is already held: the same job asked for twice. */
  | { kind: 'duplicate' }
  /** `used`: tokens settled today; the rest of the limit is reserved by calls under way. */
  | { kind: 'refused'; used: number };

export interface SettledReservation {
  userId: number;
  day: string;
  /** The provider answered one of the reservation's calls (set by `charge`). */
  answered: boolean;
}

class Refused extends Error {
  constructor(readonly used: number) {
    super('token limit reached');
  }
}

type Run = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * Tokens per user and UTC day in PostgreSQL (`ai_token_days`: settled and reserved) and the reservations of the calls
 * under way (`ai_quota_reservations`). A reservation is taken by one conditional UPDATE of the day's row, so however
 * many calls ask at once, each sees the others' reservations; one whose worker died expires and is swept.
 */
export class TokenLedger {
  constructor(
    private readonly em: () => EntityManager,
    private readonly schema: string,
  ) {}

  async reserve(request: TokenReservationRequest): Promise<TokenReservationOutcome> {
    const { id, userId, day, tokens, limit, ttlSeconds } = request;
    try {
      return await this.em().transactional(async (tx) => {
        const run: Run = (sql, params) =>
          tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
        const inserted = await run(
          `insert into ${this.reservations} ("id", "user_id", "day", "tokens", "expires_at")
           values (?, ?, ?::date, ?, now() + make_interval(secs => ?)) on conflict ("id") do nothing returning "id"`,
          [id, userId, day, tokens, ttlSeconds],
        );
        if (inserted.length === 0) return { kind: 'duplicate' as const };
        await this.sweep(run, userId);
        await run(`insert into ${this.days} ("user_id", "day") values (?, ?::date) on conflict do nothing`, [
          userId,
          day,
        ]);
        // The row lock makes concurrent reservations wait, and the condition is checked again on the row they find.
        const taken = await run<{ used: string }>(
          `update ${this.days} set "reserved" = "reserved" + ?
           where "user_id" = ? and "day" = ?::date and (?::bigint is null or "used" + "reserved" < ?::bigint)
           returning "used"`,
          [tokens, userId, day, limit, limit],
        );
        if (taken.length > 0) return { kind: 'reserved' as const };
        const [row] = await run<{ used: string }>(
          `select "used" from ${this.days} where "user_id" = ? and "day" = ?::date`,
          [userId, day],
        );
        throw new Refused(Number(row?.used ?? 0));
      });
    } catch (error) {
      if (error instanceof Refused) return { kind: 'refused', used: error.used };
      throw error;
    }
  }

  /** Ends a reservation, giving back its tokens; null when it was already settled or swept. */
  async settle(id: string): Promise<SettledReservation | null> {
    const [row] = await this.em().execute<Array<{ user_id: number; day: string; answered: boolean }>>(
      `with "ended" as (delete from ${this.reservations} where "id" = ? returning "user_id", "day", "tokens", "answered"),
         "given_back" as (update ${this.days} d set "reserved" = greatest(0, d."reserved" - e."tokens")
           from "ended" e where d."user_id" = e."user_id" and d."day" = e."day")
       select "user_id", "day"::text as "day", "answered" from "ended"`,
      [id],
    );
    return row ? { userId: row.user_id, day: row.day, answered: row.answered } : null;
  }

  /** Adds a call's real tokens to the user's day; `reservationId` marks that reservation's call answered. */
  async charge(userId: number, day: string, tokens: number, reservationId?: string): Promise<void> {
    const em = this.em();
    await em.execute(
      `insert into ${this.days} ("user_id", "day", "used") values (?, ?::date, ?)
       on conflict ("user_id", "day") do update set "used" = ${this.days}."used" + excluded."used"`,
      [userId, day, tokens],
    );
    if (reservationId) {
      await em.execute(`update ${this.reservations} set "answered" = true where "id" = ? and "user_id" = ?`, [
        reservationId,
        userId,
      ]);
    }
  }

  /** Expired reservations of this user give their tokens back; days before yesterday go. */
  private async sweep(run: Run, userId: number): Promise<void> {
    await run(
      `with "expired" as (delete from ${this.reservations} where "user_id" = ? and "expires_at" < now()
           returning "day", "tokens"),
         "per_day" as (select "day", sum("tokens") as "tokens" from "expired" group by "day")
       update ${this.days} d set "reserved" = greatest(0, d."reserved" - p."tokens")
       from "per_day" p where d."user_id" = ? and d."day" = p."day"`,
      [userId, userId],
    );
    await run(
      `delete from ${this.days} where "user_id" = ? and "day" < (now() at time zone 'utc')::date - 1
         and not exists (select 1 from ${this.reservations} r where r."user_id" = ${this.days}."user_id"
           and r."day" = ${this.days}."day")`,
      [userId],
    );
  }

  private get days(): string {
    return `"${this.schema}"."ai_token_days"`;
  }

  private get reservations(): string {
    return `"${this.schema}"."ai_quota_reservations"`;
  }
}
