import { type Server } from 'node:http';

export interface RouteInfo {
  method: string;
  /** Express pattern, e.g. `/api/ai/response/:family/get/:userId`. */
  path: string;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route the gateway's Express app answers, read from its router (so a new route is fuzzed without a list). */
export function routesOf(httpServer: Server): RouteInfo[] {
  // The server's listener answers a few requests itself and hands the rest to this app (direct-routes.ts); other
  // listeners (the drain's) come first.
  const listeners = httpServer.listeners('request') as unknown as Array<{
    app?: { router: { stack: Layer[] } };
  }>;
  const app = listeners.find((listener) => listener.app !== undefined)?.app;
  if (!app) throw new Error('No request listener of the gateway carries its Express app (direct-routes.ts)');
  const routes: RouteInfo[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const method of Object.keys(layer.route.methods))
          routes.push({ method: method.toUpperCase(), path: layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk(app.router.stack);
  return routes.filter((route) => route.path.startsWith('/api/'));
}
