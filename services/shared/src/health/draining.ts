import { type ShutdownStep } from './lifecycle';
import { type ReadinessCheck } from './health-server';

/**
 * Shutdown that lets a load balancer notice first: the `accepting` readiness check fails (/readyz answers 503)
 * from the signal on, and the first shutdown step waits `delayMs` (SHUTDOWN_READY_DELAY_MS) while requests
 * already routed here are still served, before the listener and connections close.
 */
export function drainingReadiness(delayMs: number): { check: ReadinessCheck; step: ShutdownStep } {
  let draining = false;
  return {
    check: { name: 'accepting', check: async () => !draining },
    step: {
      name: 'readiness',
      run: async () => {
        draining = true;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      },
    },
  };
}
