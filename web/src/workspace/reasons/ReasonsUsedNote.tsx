import { type RunAgentMutation } from '../../generated/graphql';

type Used = RunAgentMutation['runAgent']['reasonsUsed'][number];

const SHOWN = 3;
/** A reason longer than this is cut in the one-line summary; the list below shows it whole. */
const SUMMARY_CHARS = 40;

const shortened = (reason: string) =>
  reason.length > SUMMARY_CHARS ? `${reason.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : reason;

/** Issue 19: under a run's progress or a Refine, which of the user's reasons steered the AI ("Used 3 of your reasons"). */
export function ReasonsUsedNote({ reasons }: { reasons: readonly Used[] | undefined }) {
  if (!reasons || reasons.length === 0) return null;
  const count = reasons.length;
  const label = `Used ${count} of your reasons`;
  return (
    <details className="notice reasons-used" data-testid="reasons-used">
      <summary>
        {label}:{' '}
        {reasons
          .slice(0, SHOWN)
          .map((used) => `“${shortened(used.reason)}”`)
          .join(', ')}
        {count > SHOWN ? ', …' : ''}
      </summary>
      <ul className="reasons-used-list">
        {reasons.map((used) => (
          <li key={`${used.item}:${used.reason}`}>
            <strong>{used.item}</strong>: {used.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
