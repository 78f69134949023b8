import { Link } from 'react-router-dom';
import { Sidebar } from './components/Sidebar';
import { BottomRightButton } from './components/BottomRightButton';
import { MiddlePanel } from './components/MiddlePanel';
import { useSelection } from './data/useSelection';
import { useStoredState } from './data/useStoredState';
import { useActiveSignature } from './signature/useActiveSignature';
import { WorkspaceTopbar } from './components/WorkspaceTopbar';

/** SPEC §2 Home: left sidebar (Types / Elements), middle, right sidebar (Pro / Signature); one side open at once. */
export function HomeScreen() {
  const [leftOpen, setLeftOpen] = useStoredState('LsidebarOpen', false);
  const [rightOpen, setRightOpen] = useStoredState('RsidebarOpen', false);
  const [leftFlip, setLeftFlip] = useStoredState('LFlip', false);
  const [rightFlip, setRightFlip] = useStoredState('RFlip', false);
  const { selection } = useSelection();
  const signatureActive = useActiveSignature().active !== null;

  const openLeft = () => {
    setLeftOpen(!leftOpen);
    if (!leftOpen) setRightOpen(false);
  };
  const openRight = () => {
    setRightOpen(!rightOpen);
    if (!rightOpen) setLeftOpen(false);
  };

  return (
    <div className="workspace">
      <WorkspaceTopbar
        start={
          <button type="button" className="chip" aria-pressed={leftOpen} onClick={openLeft}>
            {leftFlip ? 'Elements' : 'Types'}
          </button>
        }
        end={
          <>
            <Link className="chip" to="/types/dashboard">
              Dashboard
            </Link>
            <button type="button" className="chip" aria-pressed={rightOpen} onClick={openRight}>
              {rightFlip ? 'Signature' : 'Pro'}
            </button>
          </>
        }
      />
      <div className="workspace-body">
        {leftOpen && (
          <Sidebar
            side="left"
            families={['tl', 'bl']}
            flipped={leftFlip}
            onFlip={() => setLeftFlip(!leftFlip)}
            onClose={() => setLeftOpen(false)}
          />
        )}
        <MiddlePanel selection={selection} signatureActive={signatureActive} />
        <BottomRightButton
          signatureActive={signatureActive}
          proActive={selection.activePro.length > 0}
          rightFlip={rightFlip}
        />
        {rightOpen && (
          <Sidebar
            side="right"
            families={['tr', 'br']}
            flipped={rightFlip}
            onFlip={() => setRightFlip(!rightFlip)}
            onClose={() => setRightOpen(false)}
          />
        )}
      </div>
    </div>
  );
}
