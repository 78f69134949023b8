import { type Config } from '@promptloom/shared';
import { type SignatureServiceOptions } from './signature-service';

/**
 * Every setting the service reads from the environment, as start options: the one place both ways to run it (its own
 * process, and the all-in-one app) take them from. The object store is built by the caller (the all-in-one app
 * shares it with the gateway).
 */
export function signatureServiceSettings(
  config: Pick<
    Config,
    'IMAGE_MAX_BYTES' | 'IMAGE_MAX_PIXELS' | 'PROMPT_VERSIONS_PER_USER_PER_MINUTE' | 'RATE_LIMITS_ENABLED'
  >,
): Pick<SignatureServiceOptions, 'imageLimits' | 'promptVersionLimit'> {
  return {
    imageLimits: { maxBytes: config.IMAGE_MAX_BYTES, maxPixels: config.IMAGE_MAX_PIXELS },
    promptVersionLimit: {
      perMinute: config.PROMPT_VERSIONS_PER_USER_PER_MINUTE,
      enabled: config.RATE_LIMITS_ENABLED,
    },
  };
}
