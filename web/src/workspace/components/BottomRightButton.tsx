import { useNavigate } from 'react-router-dom';
import { bottomRightTarget } from '@promptloom/proto';

/**
 * SPEC §2 bottom-right click: to the Signature listing if a signature is active, to the Pro listing if Pro is active
 * and the right flip is off, otherwise home.
 */
export function BottomRightButton(state: {
  signatureActive: boolean;
  proActive: boolean;
  rightFlip: boolean;
}) {
  const navigate = useNavigate();
  const target = bottomRightTarget(state);
  const label = state.signatureActive
    ? 'Open Signatures'
    : state.proActive && !state.rightFlip
      ? 'Open Pro'
      : 'Home';
  return (
    <button
      type="button"
      className="corner-button"
      aria-label={label}
      title={label}
      onClick={() => navigate(target)}
    >
      ↘
    </button>
  );
}
