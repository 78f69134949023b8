import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { limitMessageOf } from '../../apollo/limit-errors';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import { GENERATION_FAILED, LIST_JOBS_DONE, RUN_AGENT, type RunAgentInput } from '../data/agent-operations';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; jobId: string }
  | { phase: 'done'; jobId: string }
  | { phase: 'failed'; message: string }
  | { phase: 'not_due'; nextDate: string | null };

/**
 * Runs an agent and follows its job: the result arrives through `listUpdated` (with the job id) or
 * `generationFailed`. Subscribed before the run starts, so a fast result is not missed.
 */
export function useAgentRun(family: ListFamily) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const finished = useRef(new Map<string, RunState>());
  const [runAgent] = useMutation(RUN_AGENT);

  const settle = (jobId: string, outcome: RunState) => {
    finished.current.set(jobId, outcome);
    setState((current) => (current.phase === 'running' && current.jobId === jobId ? outcome : current));
  };
  // A resume that the gateway cannot serve leaves nothing to read again here: the job's outcome is in the list.
  const ignore = () => undefined;
  useResumableSubscription(LIST_JOBS_DONE, {
    variables: { family },
    sequenceOf: (data) => data.listUpdated.sequence,
    readAgain: ignore,
    onData: ({ listUpdated }) => {
      if (listUpdated.jobId) settle(listUpdated.jobId, { phase: 'done', jobId: listUpdated.jobId });
    },
  });
  useResumableSubscription(GENERATION_FAILED, {
    variables: {},
    sequenceOf: (data) => data.generationFailed.sequence,
    readAgain: ignore,
    onData: ({ generationFailed: failure }) =>
      settle(failure.jobId, { phase: 'failed', message: failure.message }),
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
      setState(finished.current.get(ticket.jobId) ?? { phase: 'running', jobId: ticket.jobId });
    } catch (error) {
      // A run past the day's AI quota says so (and when it may run again) instead of the generic failure.
      setState({ phase: 'failed', message: limitMessageOf(error) ?? 'Error occurred while processing.' });
    }
  }
  return { state, run };
}
