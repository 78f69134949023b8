import { type Config } from '@promptloom/shared';
import { type GatewayOptions } from './gateway';

/** The gateway's edge settings from the validated configuration (README "Limits at the edge"). */
export function edgeSettings(
  config: Config,
): Pick<
  GatewayOptions,
  | 'production'
  | 'metricsToken'
  | 'graphqlLimits'
  | 'subscriptionLimits'
  | 'maxSocketMessagesPerSecond'
  | 'socketInitTimeoutMs'
> {
  return {
    production: config.NODE_ENV === 'production',
    metricsToken: config.METRICS_TOKEN,
    graphqlLimits: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      maxDocumentBytes: config.GRAPHQL_MAX_DOCUMENT_BYTES,
      maxVariablesBytes: config.GRAPHQL_MAX_VARIABLES_BYTES,
    },
    subscriptionLimits: {
      perSocket: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      perUser: config.WS_MAX_SUBSCRIPTIONS_PER_USER,
    },
    maxSocketMessagesPerSecond: config.WS_MAX_MESSAGES_PER_SECOND,
    socketInitTimeoutMs: config.WS_CONNECTION_INIT_TIMEOUT_MS,
  };
}
