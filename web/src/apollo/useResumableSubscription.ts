import { useEffect, useRef, useState } from 'react';
import { type TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { onReconnect } from './reconnects';

interface Resumable {
  afterSequence?: number | null;
}

export interface ResumableSubscriptionOptions<TData, TVariables> {
  variables: Omit<TVariables, 'afterSequence'>;
  /** The event's stream `sequence`: where to resume after a reconnect. */
  sequenceOf(data: TData): number | null | undefined;
  onData(data: TData): void;
  /**
   * It cannot resume: it had seen no event before the socket dropped, or the subscription failed (e.g. the gateway
   * could not replay from that far back). Read again what its events would have changed; it then goes on from new
   * events.
   */
  readAgain(): void;
}

/**
 * A subscription that survives a dropped socket without losing events: it remembers the last `sequence` it saw and,
 * after the socket reconnects, subscribes again with `afterSequence`, so the gateway replays what was missed.
 */
export function useResumableSubscription<TData, TVariables extends Resumable>(
  document: TypedDocumentNode<TData, TVariables>,
  options: ResumableSubscriptionOptions<TData, TVariables>,
): void {
  const key = JSON.stringify(options.variables);
  const lastSequence = useRef<{ key: string; sequence: number } | null>(null);
  const [resume, setResume] = useState<{ key: string; afterSequence: number } | null>(null);
  const { onData, sequenceOf, readAgain } = options;

  useEffect(
    () =>
      onReconnect(() => {
        const seen = lastSequence.current;
        if (seen?.key === key) setResume({ key, afterSequence: seen.sequence });
        else readAgain();
      }),
    [key, readAgain],
  );

  const afterSequence = resume?.key === key ? resume.afterSequence : undefined;
  const variables = { ...options.variables, afterSequence } as TVariables;
  useSubscription(document, {
    variables,
    onData: ({ data }) => {
      if (!data.data) return;
      const sequence = sequenceOf(data.data);
      if (typeof sequence === 'number' && sequence > (lastSequence.current?.sequence ?? 0)) {
        lastSequence.current = { key, sequence };
      }
      onData(data.data);
    },
    onError: () => {
      lastSequence.current = null;
      setResume(null);
      readAgain();
    },
  });
}
