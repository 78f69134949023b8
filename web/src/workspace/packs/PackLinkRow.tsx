import { useState } from 'react';
import { formatDate } from '../detail/DetailFields';
import { type PackLink } from './pack-operations';

const STATE_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/**
 * One share link: its pack, when it was made and ends (or was revoked), its state and, while active, Revoke, which
 * asks first (a revoked link cannot be made to work again).
 */
export function PackLinkRow({
  link,
  revoking,
  onRevoke,
}: {
  link: PackLink;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const ended = link.revokedAt
    ? `Revoked ${formatDate(link.revokedAt)}`
    : `${link.state === 'expired' ? 'Expired' : 'Expires'} ${formatDate(link.expiresAt)}`;
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="pack-link" id={`pack-link-${link.id}`} tabIndex={-1}>
      <div className="pack-link-text" id={`pack-link-${link.id}-text`}>
        <strong className="pack-code">{link.code}</strong>
        <span className="pack-muted">
          Created {formatDate(link.createdAt)} · {ended}
        </span>
      </div>
      <span className={`pack-state pack-state-${link.state}`}>{STATE_LABELS[link.state]}</span>
      {link.state === 'active' && !confirming && (
        <button
          type="button"
          className="button-secondary pack-revoke"
          aria-describedby={`pack-link-${link.id}-text`}
          onClick={() => setConfirming(true)}
        >
          Revoke
        </button>
      )}
      {link.state === 'active' && confirming && (
        <div className="pack-revoke-confirm" role="group" aria-label={`Revoke ${link.code}?`}>
          <span>Revoke it? Whoever has this link can no longer open the pack.</span>
          <button
            type="button"
            className="button-primary pack-revoke"
            disabled={revoking}
            onClick={onRevoke}
            autoFocus
          >
            {revoking ? 'Revoking…' : 'Yes, revoke'}
          </button>
          <button
            type="button"
            className="button-secondary pack-revoke"
            disabled={revoking}
            onClick={() => setConfirming(false)}
          >
            Keep it
          </button>
        </div>
      )}
    </li>
  );
}
