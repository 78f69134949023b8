import { createClient, type Client } from 'graphql-ws';
import { type Page } from 'playwright-core';
import WebSocket from 'ws';
import { waitFor } from '@promptloom/shared/testing';

export interface LiveSubscription<T> {
  /** Everything received so far, in order. */
  received: T[];
  /** The error the server ended the subscription with, if it did. */
  error(): unknown;
  close(): Promise<void>;
}

const OPENED = /^graphql_subscriptions_opened_total (\d+)/m;

/** How many subscriptions the gateway at `baseUrl` has registered with its event source so far (its /metrics). */
export async function subscriptionsOpened(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`);
  const match = OPENED.exec(await response.text());
  if (!match) throw new Error(`${baseUrl}/metrics has no graphql_subscriptions_opened_total`);
  return Number(match[1]);
}

export interface HubMetrics {
  /** Subscriptions open in the gateway's event hub (graphql_hub_subscriptions). */
  hubSubscriptions: number;
  /** Keys of the hub's recipient index (graphql_hub_index_keys). */
  indexKeys: number;
  /** Subscriptions graphql-ws is running (graphql_subscriptions_active). */
  active: number;
}

/** The gateway's gauges of open subscriptions, from its /metrics (summed over the gateways of this process). */
export async function hubMetrics(baseUrl: string): Promise<HubMetrics> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const gauge = (name: string) => {
    const match = new RegExp(`^${name} (\\d+)`, 'm').exec(text);
    if (!match) throw new Error(`${baseUrl}/metrics has no ${name}`);
    return Number(match[1]);
  };
  return {
    hubSubscriptions: gauge('graphql_hub_subscriptions'),
    indexKeys: gauge('graphql_hub_index_keys'),
    active: gauge('graphql_subscriptions_active'),
  };
}

/** One subscription opening at a time per process, so each one's growth of the gateway's counter is its own. */
let opening: Promise<unknown> = Promise.resolve();

/**
 * Opens a graphql-ws connection (with the token in the init payload, as the web client does) and subscribes. It
 * returns once the gateway has registered the subscription with its event source (the counter in /metrics grew),
 * or once the server refused it: every event published after that reaches `received`.
 */
export function subscribe<T = any>(
  baseUrl: string,
  query: string,
  token?: string,
  /** The gateway that will hold it, when `baseUrl` is a balancer in front of several: its /metrics is watched. */
  options: { gatewayUrl?: string } = {},
): Promise<LiveSubscription<T>> {
  const opened = opening.then(() =>
    openSubscription<T>(baseUrl, query, token, options.gatewayUrl ?? baseUrl),
  );
  opening = opened.catch(() => undefined);
  return opened;
}

async function openSubscription<T>(
  baseUrl: string,
  query: string,
  token: string | undefined,
  gatewayUrl: string,
): Promise<LiveSubscription<T>> {
  const before = await subscriptionsOpened(gatewayUrl);
  const client: Client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    // A closed connection reaches the subscription's `error` below; graphql-ws would also print it.
    onNonLazyError: () => undefined,
  });
  const received: T[] = [];
  let failure: unknown = null;
  client.subscribe<T>(
    { query },
    {
      next: (value) => {
        if (value.errors) failure = value.errors;
        else if (value.data) received.push(value.data as T);
      },
      error: (error) => (failure = error),
      complete: () => undefined,
    },
  );
  await waitFor(
    async () => failure !== null || (await subscriptionsOpened(gatewayUrl)) > before,
    `the gateway to register the subscription ${query}`,
    20_000,
  );
  return { received, error: () => failure, close: () => client.dispose() as Promise<void> };
}

/**
 * Watches the subscriptions a browser page opens (call it before the page loads). `registered(name)` resolves once
 * the page has sent a subscribe naming `name` and the gateway has registered as many subscriptions as the page sent.
 */
export async function watchPageSubscriptions(page: Page, baseUrl: string) {
  const before = await subscriptionsOpened(baseUrl);
  const sent: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      const text = String(frame.payload);
      if (text.includes('"type":"subscribe"')) sent.push(text);
    }),
  );
  return {
    registered: (name: string) =>
      waitFor(
        async () =>
          sent.some((text) => text.includes(name)) &&
          (await subscriptionsOpened(baseUrl)) - before >= sent.length,
        `the gateway to register the page's ${name} subscription`,
        20_000,
      ),
  };
}
