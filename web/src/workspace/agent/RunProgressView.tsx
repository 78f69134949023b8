import { type RunSoFar } from './useAgentRun';

/** A streamed run's items as they arrive, with "7 of 10", and how a cancelled run ended. */
export function RunProgressView({ run }: { run: RunSoFar & { phase: 'running' | 'cancelled' } }) {
  const total = run.total ?? run.stored;
  return (
    <section className="run-progress" aria-label="Run progress">
      <p role="status" aria-live="polite" className="run-progress-line">
        {run.phase === 'cancelled'
          ? `Cancelled: ${run.stored} of ${total} kept.`
          : `${run.stored} of ${total}`}
      </p>
      <ol className="run-progress-items" aria-label="Items so far">
        {run.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}
