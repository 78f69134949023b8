import { useNavigate } from 'react-router-dom';
import {
  MODE_BUTTON_CYCLE,
  POWER_MODES,
  canOpenStream,
  nextModeIndex,
  opensDashboard,
  type PowerMode,
} from '@promptloom/proto';
import { type Selection } from '../data/selection-operations';
import { useStoredState } from '../data/useStoredState';

/** SPEC §1: the three power-statistics categories of the home slider. */
const CATEGORY_NAMES: Record<PowerMode, string> = { CRPHO: 'Creative', PRPHO: 'Product', PLPHO: 'Place' };

/** SPEC §2 Home middle: the mode button, the category slider with arrows, and the '00' button. */
export function MiddlePanel({
  selection,
  signatureActive,
}: {
  selection: Selection;
  signatureActive: boolean;
}) {
  const navigate = useNavigate();
  const [modeIndex, setModeIndex] = useStoredState('topModeIndex', 0);
  const [powerMode, setPowerMode] = useStoredState<PowerMode>('powerMode', 'CRPHO');
  const position = Math.max(0, POWER_MODES.indexOf(powerMode));
  const streamReady = canOpenStream({
    proActive: selection.activePro.length > 0,
    elementsActive: selection.activeElements.length > 0,
    signatureActive,
  });

  function cycleMode() {
    const next = nextModeIndex(modeIndex);
    setModeIndex(next);
    if (opensDashboard(next)) navigate('/types/dashboard');
  }
  const slide = (step: number) =>
    setPowerMode(POWER_MODES[(position + step + POWER_MODES.length) % POWER_MODES.length]!);

  return (
    <main className="middle-panel">
      <button
        type="button"
        className="mode-button"
        onClick={cycleMode}
        aria-label={`Mode: ${MODE_BUTTON_CYCLE[modeIndex]}`}
      >
        {MODE_BUTTON_CYCLE[modeIndex]}
      </button>
      <section className="slider" aria-roledescription="carousel" aria-label="Power statistics">
        <button
          type="button"
          className="slider-arrow"
          aria-label="Previous category"
          onClick={() => slide(-1)}
        >
          ‹
        </button>
        <div className="slider-card" aria-live="polite">
          <h1>{CATEGORY_NAMES[powerMode]}</h1>
          <p className="slider-code">{powerMode}</p>
          <dl className="slider-stats">
            <div>
              <dt>Types</dt>
              <dd>{selection.activeTypes.length}</dd>
            </div>
            <div>
              <dt>Elements</dt>
              <dd>{selection.activeElements.length}</dd>
            </div>
            <div>
              <dt>Pro</dt>
              <dd>{selection.activePro.length}</dd>
            </div>
          </dl>
        </div>
        <button type="button" className="slider-arrow" aria-label="Next category" onClick={() => slide(1)}>
          ›
        </button>
      </section>
      <button
        type="button"
        className="stream-button"
        disabled={!streamReady}
        title={streamReady ? 'Open the Stream page' : 'Activate Pro, Elements and a Signature first'}
        onClick={() => navigate('/types/streamBM')}
      >
        00
      </button>
    </main>
  );
}
