import { formatDate } from '../detail/DetailFields';
import { type PackLink } from './pack-operations';

const STATE_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** One share link: its pack, when it was made and ends (or was revoked), its state and, while active, Revoke. */
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
  return (
    <li className="pack-link" id={`pack-link-${link.id}`} tabIndex={-1}>
      <div className="pack-link-text" id={`pack-link-${link.id}-text`}>
        <strong className="pack-code">{link.code}</strong>
        <span className="pack-muted">
          Created {formatDate(link.createdAt)} · {ended}
        </span>
      </div>
      <span className={`pack-state pack-state-${link.state}`}>{STATE_LABELS[link.state]}</span>
      {link.state === 'active' && (
        <button
          type="button"
          className="button-secondary pack-revoke"
          aria-describedby={`pack-link-${link.id}-text`}
          disabled={revoking}
          onClick={onRevoke}
        >
          {revoking ? 'Revoking…' : 'Revoke'}
        </button>
      )}
    </li>
  );
}
