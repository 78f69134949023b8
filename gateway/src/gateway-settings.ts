import { type Config } from '@promptloom/shared';
import { type GatewayOptions } from './gateway';

/**
 * The gateway's settings from the environment, as options: the one place both ways to run it (its own process, and
 * the all-in-one app) take them from. The JWT secret is the caller's (the all-in-one app can generate one).
 */
export function gatewaySettings(
  config: Pick<
    Config,
    | 'SESSION_IDLE_MINUTES'
    | 'SESSION_CHECK_TTL_MS'
    | 'MAX_BODY_BYTES'
    | 'WEB_DIST_DIR'
    | 'CORS_ORIGINS'
    | 'TRUST_PROXY'
  >,
): Pick<
  GatewayOptions,
  'sessionIdleMs' | 'sessionCheckTtlMs' | 'maxBodyBytes' | 'webDistDir' | 'corsOrigins' | 'trustProxy'
> {
  return {
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
    sessionCheckTtlMs: config.SESSION_CHECK_TTL_MS,
    maxBodyBytes: config.MAX_BODY_BYTES,
    webDistDir: config.WEB_DIST_DIR,
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
  };
}
