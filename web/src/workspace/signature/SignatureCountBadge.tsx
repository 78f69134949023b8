import { useBrCodes } from '../data/useBrCodes';

/** The BR sidebar's count: the signature codes listed below it (not the BR agent's stored items). */
export function SignatureCountBadge() {
  const { codes, building } = useBrCodes();
  const count = building ? 0 : codes.length;
  return (
    <span className="count-badge" aria-label={`${count} signature codes`}>
      {count}
    </span>
  );
}
