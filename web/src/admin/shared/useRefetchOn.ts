import { useSubscription } from '@apollo/client/react';
import { type DocumentNode } from 'graphql';

/** Live tables: each event of the subscription refetches the list on screen. */
export function useRefetchOn(
  subscription: DocumentNode,
  refetch: () => unknown,
  variables?: Record<string, unknown>,
) {
  useSubscription(subscription, { variables, onData: () => void refetch() });
}
