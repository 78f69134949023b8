import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { formErrorsOf } from '../../apollo/field-errors';
import { limitMessageOf } from '../../apollo/limit-errors';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import {
  CANCEL_RUN,
  GENERATION_FAILED,
  LIST_JOBS_DONE,
  RUN_AGENT,
  type RunAgentInput,
} from '../data/agent-operations';

/** A streamed run so far: the items stored in order, and how many of how many. */
export interface RunSoFar {
  items: string[];
  stored: number;
  total: number | null;
}

export type RunState =
  | { phase: 'idle' }
  | ({ phase: 'running'; jobId: string; cancelling: boolean } & RunSoFar)
  | { phase: 'done'; jobId: string }
  | ({ phase: 'cancelled'; jobId: string } & RunSoFar)
  /** A refused or failed run: the server's field messages (by input field) and any message of the run as a whole. */
  | { phase: 'failed'; message: string | null; fields: Record<string, string> }
  | { phase: 'not_due'; nextDate: string | null };

const NOTHING_YET: RunSoFar = { items: [], stored: 0, total: null };

/**
 * Runs an agent and follows its job: its items arrive one by one through `listUpdated` (with the job id and the
 * run's progress), its end as a last `listUpdated` (done or cancelled) or `generationFailed`. Subscribed before the
 * run starts, so a fast result is not missed.
 */
export function useAgentRun(family: ListFamily) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const finished = useRef(new Map<string, RunState>());
  const soFar = useRef(new Map<string, RunSoFar>());
  const [runAgent, ranAgent] = useMutation(RUN_AGENT);
  const [cancelRun] = useMutation(CANCEL_RUN);

  const settle = (jobId: string, outcome: RunState) => {
    finished.current.set(jobId, outcome);
    setState((current) => (current.phase === 'running' && current.jobId === jobId ? outcome : current));
  };
  const progress = (jobId: string, added: string[], stored: number, total: number) => {
    const before = soFar.current.get(jobId) ?? NOTHING_YET;
    const next = { items: [...before.items, ...added], stored, total };
    soFar.current.set(jobId, next);
    return next;
  };
  // A resume that the gateway cannot serve leaves nothing to read again here: the job's outcome is in the list.
  const ignore = () => undefined;
  useResumableSubscription(LIST_JOBS_DONE, {
    variables: { family },
    sequenceOf: (data) => data.listUpdated.sequence,
    readAgain: ignore,
    onData: ({ listUpdated }) => {
      const { jobId, run } = listUpdated;
      if (!jobId) return;
      if (!run) return settle(jobId, { phase: 'done', jobId });
      const next = progress(
        jobId,
        listUpdated.added.map((item) => item.aiResponse),
        run.stored,
        run.total,
      );
      if (run.state === 'done') settle(jobId, { phase: 'done', jobId });
      else if (run.state === 'cancelled') settle(jobId, { phase: 'cancelled', jobId, ...next });
      else {
        setState((current) =>
          current.phase === 'running' && current.jobId === jobId ? { ...current, ...next } : current,
        );
      }
    },
  });
  useResumableSubscription(GENERATION_FAILED, {
    variables: {},
    sequenceOf: (data) => data.generationFailed.sequence,
    readAgain: ignore,
    onData: ({ generationFailed: failure }) =>
      settle(failure.jobId, { phase: 'failed', message: failure.message, fields: {} }),
  });

  async function run(input: RunAgentInput) {
    try {
      const { data } = await runAgent({ variables: { input } });
      const ticket = data?.runAgent;
      if (!ticket) throw new Error('no ticket');
      if (ticket.status === 'not_due' || !ticket.jobId) {
        setState({ phase: 'not_due', nextDate: ticket.nextDate });
        return;
      }
      const so = soFar.current.get(ticket.jobId) ?? { ...NOTHING_YET, total: input.frequency };
      setState(
        finished.current.get(ticket.jobId) ?? {
          phase: 'running',
          jobId: ticket.jobId,
          cancelling: false,
          ...so,
        },
      );
    } catch (error) {
      // A run past the day's AI quota says so (and when it may run again); a refused field, in the server's words.
      const limit = limitMessageOf(error);
      const refused = formErrorsOf(error, 'Error occurred while processing.');
      setState({ phase: 'failed', ...(limit ? { message: limit, fields: {} } : refused) });
    }
  }

  async function cancel() {
    if (state.phase !== 'running') return;
    setState({ ...state, cancelling: true });
    await cancelRun({ variables: { jobId: state.jobId } }).catch(() => undefined);
  }
  // Issue 19: the reasons the last run's prompt carries, as its ticket named them.
  return { state, run, cancel, reasonsUsed: ranAgent.data?.runAgent.reasonsUsed };
}
