import { type GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { graphqlOperationDuration } from '@promptloom/shared';

/** Names a client chose are labels only while they stay few: beyond this many, new ones count as `other`. */
const MAX_OPERATION_NAMES = 200;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Times GraphQL operations by name, type and outcome: `start()` when one begins, its answer when it is sent. */
export function operationMetrics() {
  const seen = new Set<string>();
  const labelOf = (name: string | null | undefined): string => {
    if (!name || !NAME.test(name)) return 'anonymous';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_NAMES) return 'other';
    seen.add(name);
    return name;
  };
  return {
    start() {
      const stop = graphqlOperationDuration.startTimer();
      return ({ operation, operationName, response }: GraphQLRequestContextWillSendResponse<object>) => {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        const code = errors?.[0]?.extensions?.code;
        stop({
          operation: labelOf(operation ? operationName : null),
          type: operation?.operation ?? 'invalid',
          outcome: errors?.length ? (typeof code === 'string' ? code : 'error') : 'ok',
        });
      };
    },
  };
}
