import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

/**
 * Subscriptions registered in the gateway's event hub (a catch-up's missed events already queued): from here on
 * the subscriber misses nothing. Tests wait for it to grow instead of guessing how long registration takes.
 */
export const graphqlSubscriptionsOpened = new Counter({
  name: 'graphql_subscriptions_opened_total',
  help: 'GraphQL subscriptions whose event source is registered, so that every later event reaches them.',
  registers: [metricsRegistry],
});

/** Subscriptions the gateway's event hub holds now: back to 0 once every client completed or hung up. */
export const graphqlHubSubscriptions = new Gauge({
  name: 'graphql_hub_subscriptions',
  help: "Subscriptions open in the gateway's event hub (live and catch-up, admins' included).",
  registers: [metricsRegistry],
});

/** Keys of the hub's recipient index (one per event subject and user, one per subject for every user's events). */
export const graphqlHubIndexKeys = new Gauge({
  name: 'graphql_hub_index_keys',
  help: "Keys in the gateway's event hub index of recipients (per subject and user, or per subject for all users).",
  registers: [metricsRegistry],
});
