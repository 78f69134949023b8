import { useEffect, useRef, useState } from 'react';
import { type RunSoFar } from './useAgentRun';

/** How long a running run may go without a new item before it says it is still waiting. */
export const STALL_NOTICE_MS = 5_000;

/** Whether `progress` has not changed for `quietMs` while `watching`. */
function useStalled(progress: number, watching: boolean, quietMs: number): boolean {
  const [stalledAt, setStalledAt] = useState<number | null>(null);
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setStalledAt(progress), quietMs);
    return () => clearTimeout(timer);
  }, [progress, watching, quietMs]);
  return watching && stalledAt === progress;
}

interface RunProgressProps {
  run: RunSoFar & { phase: 'running' | 'cancelled' };
  /** While running: the run's Cancel, kept beside its progress line. */
  cancel?: { onCancel(): void; cancelling: boolean };
}

/**
 * A streamed run's items as they arrive, with "7 of 10", its Cancel beside the count, a word when nothing arrived
 * for a while, and how a cancelled run ended. Brought into view when the run starts.
 */
export function RunProgressView({ run, cancel }: RunProgressProps) {
  const total = run.total ?? run.stored;
  const running = run.phase === 'running';
  const stalled = useStalled(run.stored, running, STALL_NOTICE_MS);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (running) section.current?.scrollIntoView({ block: 'nearest' });
  }, [running]);
  return (
    <section ref={section} className="run-progress" aria-label="Run progress">
      <div className="run-progress-head">
        <p role="status" aria-live="polite" className="run-progress-line">
          {run.phase === 'cancelled'
            ? `Cancelled: ${run.stored} of ${total} kept.`
            : `${run.stored} of ${total}`}
        </p>
        {running && cancel && (
          <button
            type="button"
            className="button-secondary"
            onClick={cancel.onCancel}
            disabled={cancel.cancelling}
          >
            {cancel.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {stalled && (
        <p role="status" className="run-progress-waiting">
          Still waiting for the AI…
        </p>
      )}
      <ol className="run-progress-items" aria-label="Items so far">
        {run.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}
