import { markKey, type ItemMark, type ItemWeight } from '@promptloom/proto';
import { WEIGHTS, avoidedOutside } from './item-marks';

const NO_MARK: ItemMark = { weight: 0, avoid: false };
const shown = (weight: number) => (weight > 0 ? `+${weight}` : String(weight));

/**
 * A weight stepper (−2…+2) and an "avoid" box for each item of the active selection, in a fold; below them the
 * words avoided that the selection does not hold, each of which can be let go.
 */
export function ItemMarksPanel({
  names,
  marks,
  onChange,
}: {
  names: readonly string[];
  marks: Record<string, ItemMark>;
  onChange: (name: string, weight: ItemWeight, avoid: boolean) => void;
}) {
  const outside = avoidedOutside(names, marks);
  if (names.length === 0 && outside.length === 0) return null;
  const marked =
    names.filter((name) => {
      const mark = marks[markKey(name)];
      return mark && (mark.weight !== 0 || mark.avoid);
    }).length + outside.length;
  // Folded by default: a large selection would otherwise push the prompt below the fold.
  return (
    <details className="item-marks">
      <summary className="item-marks-title">
        Weights and avoid{marked > 0 ? ` (${marked} marked)` : ''}
      </summary>
      <ul>
        {names.map((name) => {
          const mark = marks[markKey(name)] ?? NO_MARK;
          const index = WEIGHTS.indexOf(mark.weight);
          const lower = WEIGHTS[index - 1];
          const higher = WEIGHTS[index + 1];
          return (
            <li key={name} className="item-mark" data-avoid={mark.avoid || undefined}>
              <span className="item-mark-name">{name}</span>
              <span className="weight-stepper" role="group" aria-label={`Weight of ${name}`}>
                <button
                  type="button"
                  aria-label={`Lower the weight of ${name}`}
                  disabled={lower === undefined}
                  onClick={() => lower !== undefined && onChange(name, lower, mark.avoid)}
                >
                  −
                </button>
                <output aria-label={`Weight of ${name}`}>{shown(mark.weight)}</output>
                <button
                  type="button"
                  aria-label={`Raise the weight of ${name}`}
                  disabled={higher === undefined}
                  onClick={() => higher !== undefined && onChange(name, higher, mark.avoid)}
                >
                  +
                </button>
              </span>
              <label className="avoid-toggle">
                <input
                  type="checkbox"
                  checked={mark.avoid}
                  aria-label={`Avoid ${name}`}
                  onChange={() => onChange(name, mark.weight, !mark.avoid)}
                />
                Avoid
              </label>
            </li>
          );
        })}
      </ul>
      {outside.length > 0 && (
        <>
          <p className="item-marks-outside-title" id="avoided-outside">
            Also avoided (not in your selection)
          </p>
          <ul aria-labelledby="avoided-outside">
            {outside.map((name) => (
              <li key={name} className="item-mark" data-avoid>
                <span className="item-mark-name">{name}</span>
                <button type="button" className="button-secondary" onClick={() => onChange(name, 0, false)}>
                  Stop avoiding <span className="visually-hidden">{name}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
