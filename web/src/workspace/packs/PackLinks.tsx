import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { DEFAULT_PACK_LINK_DAYS, PACK_LINK_LIFETIMES_DAYS } from '@promptloom/proto';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { CREATE_PACK_LINK, MY_PACK_LINKS, REVOKE_PACK_LINK } from './pack-operations';
import { NewPackLink } from './NewPackLink';
import { PackLinkRow } from './PackLinkRow';

/** Makes read-only share links of the user's pack, lists them (created, expires, state) and revokes them. */
export function PackLinks() {
  const links = useQuery(MY_PACK_LINKS, { fetchPolicy: 'cache-and-network' });
  const refetchQueries = [{ query: MY_PACK_LINKS }];
  const [create, creating] = useMutation(CREATE_PACK_LINK, { refetchQueries, awaitRefetchQueries: true });
  // The revoked link is in the answer: the cache marks it revoked at once, without waiting for the list.
  const [revoke] = useMutation(REVOKE_PACK_LINK, { refetchQueries });
  const [days, setDays] = useState<number>(DEFAULT_PACK_LINK_DAYS);
  const [created, setCreated] = useState<string | null>(null);
  const [revokingId, setRevokingId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function createLink() {
    setMessage(null);
    setStatus(null);
    try {
      const { data } = await create({ variables: { expiresInDays: days } });
      if (data) setCreated(`${window.location.origin}/packs/${data.createSignaturePackLink.token}`);
    } catch (error) {
      setMessage(firstMessageOf(formErrorsOf(error, 'The link could not be created.')));
    }
  }

  async function revokeLink(id: number) {
    setMessage(null);
    setStatus(null);
    setRevokingId(id);
    try {
      await revoke({ variables: { id } });
      setStatus('Link revoked: it no longer opens the pack.');
      // The Revoke button is gone; focus the row so the keyboard stays where the user was.
      requestAnimationFrame(() => document.getElementById(`pack-link-${id}`)?.focus());
    } catch (error) {
      setMessage(firstMessageOf(formErrorsOf(error, 'The link could not be revoked.')));
    } finally {
      setRevokingId(null);
    }
  }

  const rows = links.data?.mySignaturePackLinks ?? [];
  return (
    <section className="detail-section pack-section" aria-labelledby="pack-links-title">
      <h2 id="pack-links-title">Share links</h2>
      <p className="pack-muted">
        Anyone signed in who has a link can see the pack and import it; not who you are.
      </p>
      <div className="pack-row pack-create">
        <label className="pack-expiry" htmlFor="pack-link-days">
          Expires after
        </label>
        <select
          id="pack-link-days"
          className="pack-select"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {PACK_LINK_LIFETIMES_DAYS.map((option) => (
            <option key={option} value={option}>
              {option === 1 ? '1 day' : `${option} days`}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button-primary"
          disabled={creating.loading}
          onClick={() => void createLink()}
        >
          {creating.loading ? 'Creating…' : 'Create share link'}
        </button>
      </div>
      {created && <NewPackLink key={created} url={created} />}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <p className="pack-muted" role="status">
        {status}
      </p>
      {links.loading && rows.length === 0 ? (
        <p role="status">Loading...</p>
      ) : links.error && rows.length === 0 ? (
        <p className="form-error" role="alert">
          {firstMessageOf(formErrorsOf(links.error, 'Your share links could not be loaded.'))}
        </p>
      ) : rows.length === 0 ? (
        <p className="pack-muted pack-empty">
          No share links yet: create one to let someone import your pack.
        </p>
      ) : (
        <ul className="pack-links" aria-label="Your share links">
          {rows.map((link) => (
            <PackLinkRow
              key={link.id}
              link={link}
              revoking={revokingId === link.id}
              onRevoke={() => void revokeLink(link.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
