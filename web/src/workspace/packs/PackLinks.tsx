import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { DEFAULT_PACK_LINK_DAYS, PACK_LINK_LIFETIMES_DAYS } from '@promptloom/proto';
import { formErrorsOf } from '../../apollo/field-errors';
import { formatDate } from '../detail/DetailFields';
import { CREATE_PACK_LINK, MY_PACK_LINKS, REVOKE_PACK_LINK } from './pack-operations';

const STATE_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** Makes read-only share links of the user's pack, lists them (created, expires, state) and revokes them. */
export function PackLinks() {
  const links = useQuery(MY_PACK_LINKS, { fetchPolicy: 'cache-and-network' });
  const refetchQueries = [{ query: MY_PACK_LINKS }];
  const [create, creating] = useMutation(CREATE_PACK_LINK, { refetchQueries, awaitRefetchQueries: true });
  const [revoke, revoking] = useMutation(REVOKE_PACK_LINK, { refetchQueries, awaitRefetchQueries: true });
  const [days, setDays] = useState<number>(DEFAULT_PACK_LINK_DAYS);
  const [created, setCreated] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function createLink() {
    setMessage(null);
    try {
      const { data } = await create({ variables: { expiresInDays: days } });
      if (data) setCreated(`${window.location.origin}/packs/${data.createSignaturePackLink.token}`);
    } catch (error) {
      setMessage(formErrorsOf(error, 'The link could not be created.').message);
    }
  }

  async function revokeLink(id: number) {
    setMessage(null);
    try {
      await revoke({ variables: { id } });
    } catch (error) {
      setMessage(formErrorsOf(error, 'The link could not be revoked.').message);
    }
  }

  const rows = links.data?.mySignaturePackLinks ?? [];
  return (
    <section className="detail-section pack-section" aria-label="Share links">
      <h2>Share links</h2>
      <p className="pack-muted">
        Anyone signed in who has a link can see the pack and import it; not who you are.
      </p>
      <div className="pack-row">
        <label className="pack-expiry">
          Expires after
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {PACK_LINK_LIFETIMES_DAYS.map((option) => (
              <option key={option} value={option}>
                {option === 1 ? '1 day' : `${option} days`}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button-primary"
          disabled={creating.loading}
          onClick={() => void createLink()}
        >
          Create share link
        </button>
      </div>
      {created && (
        <label className="pack-new-link">
          New link (shown once: copy it now)
          <input type="text" readOnly value={created} onFocus={(event) => event.target.select()} />
        </label>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {links.loading && rows.length === 0 ? (
        <p role="status">Loading...</p>
      ) : rows.length === 0 ? (
        <p className="pack-muted">No share links yet.</p>
      ) : (
        <ul className="pack-links" aria-label="Your share links">
          {rows.map((link) => (
            <li key={link.id} className="card pack-link">
              <strong className="pack-code">{link.code}</strong>
              <span>Created {formatDate(link.createdAt)}</span>
              <span>Expires {formatDate(link.expiresAt)}</span>
              {link.revokedAt && <span>Revoked on {formatDate(link.revokedAt)}</span>}
              <span className={`pack-state pack-state-${link.state}`}>{STATE_LABELS[link.state]}</span>
              {link.state === 'active' && (
                <button
                  type="button"
                  className="chip"
                  disabled={revoking.loading}
                  onClick={() => void revokeLink(link.id)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
