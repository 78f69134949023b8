import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

/**
 * Subscriptions whose event source is in place (the hub's listener, or a replay's bus subscription): from here on
 * the subscriber misses nothing. Tests wait for it to grow instead of guessing how long registration takes.
 */
export const graphqlSubscriptionsOpened = new Counter({
  name: 'graphql_subscriptions_opened_total',
  help: 'GraphQL subscriptions whose event source is registered, so that every later event reaches them.',
  registers: [metricsRegistry],
});
