import { levelLabel, nextLevel, type Level } from '@promptloom/proto';

/** SPEC §4: the 3-bar level toggle cycles 0, 1, 2, 3, back to 0; labels 1d, 1W, 1M. */
export function LevelToggle({
  level,
  onChange,
  label,
}: {
  level: Level;
  onChange: (level: Level) => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className="level-toggle"
      aria-label={`${label} level ${level}${levelLabel(level) ? ` (${levelLabel(level)})` : ''}`}
      onClick={() => onChange(nextLevel(level))}
    >
      <span className="level-bars" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={bar <= level ? 'level-bar level-bar-on' : 'level-bar'} />
        ))}
      </span>
      <span className="level-label">{levelLabel(level)}</span>
    </button>
  );
}
