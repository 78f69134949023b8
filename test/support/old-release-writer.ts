import { Client } from 'pg';
import { nameKeyOf } from '@promptloom/ai-worker';

/** One account as the previous release's code stores it: the user, a TL item, a saved signature. */
export interface OldReleaseAccount {
  id: number;
  email: string;
  item: string;
  names: string[];
}

/**
 * Writes and reads like a replica of the previous release: SQL on the tables and columns that release's code uses
 * (the current code cannot run on the previous schema, and the previous code is not kept). Every statement commits
 * on its own, as the services' do; `begin()` leaves one account's writes open, for a test that needs an old
 * replica's transaction in flight. It writes only the columns the schema requires: when a release makes its code
 * fill a new required column (NOT NULL without a default, allowed only on a table that release creates), add it here.
 */
export class OldReleaseWriter {
  private constructor(private readonly client: Client) {}

  static async connect(url: string): Promise<OldReleaseWriter> {
    const client = new Client({ connectionString: url });
    await client.connect();
    return new OldReleaseWriter(client);
  }

  /** Stores an account and reads it back; throws when the schema no longer takes the old release's writes. */
  async writeAccount(label: string, passwordHash: string): Promise<OldReleaseAccount> {
    const email = `${label}@old-release.example.com`;
    const { rows } = await this.client.query<{ id: number }>(
      `insert into admin.users (first_name, last_name, email, mobile, password_hash)
       values ($1, 'Old', $2, '555 0100', $3) returning id`,
      [label, email, passwordHash],
    );
    const id = rows[0]!.id;
    const item = `Item of ${label}`;
    await this.client.query(
      `insert into ai.list_items (user_id, family, ai_response, name_key) values ($1, 'tl', $2, $3)`,
      [id, item, nameKeyOf(item)],
    );
    const names = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', label];
    await this.client.query(
      `insert into signature.signatures (user_id, username, names) values ($1, $2, $3::jsonb)`,
      [id, label, JSON.stringify(names)],
    );
    const read = await this.client.query(
      `select u.email, (select count(*) from ai.list_items i where i.user_id = u.id)::int as items
         from admin.users u where u.id = $1`,
      [id],
    );
    if (read.rows[0]?.email !== email || read.rows[0]?.items !== 1) {
      throw new Error(`account ${label} did not read back: ${JSON.stringify(read.rows)}`);
    }
    return { id, email, item, names };
  }

  /** Opens a transaction and writes one account in it; the caller commits it later. */
  async begin(label: string, passwordHash: string): Promise<OldReleaseAccount> {
    await this.client.query('begin');
    return this.writeAccount(label, passwordHash);
  }

  async commit(): Promise<void> {
    await this.client.query('commit');
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
