import { type BusSigner } from '@promptloom/proto';
import { ConfigError, requireSettings, type Config } from '../../config/config';
import { busKeysOf, type BusKeys } from './bus-keys';
import { rawPublicKey } from './ed25519-keys';

/**
 * A separately started process's keys (distributed mode): its own private key and every signer's public keys, all
 * required. Its own public key must be among its signer's, or every other process would refuse what it sends.
 */
export function busKeysFromConfig(config: Config, signer: BusSigner): BusKeys {
  const why = 'to sign and check bus requests (`npm run keys` prints a set)';
  const set = requireSettings(
    config,
    [
      'BUS_PRIVATE_KEY',
      'BUS_PUBLIC_KEYS_GATEWAY',
      'BUS_PUBLIC_KEYS_ADMIN',
      'BUS_PUBLIC_KEYS_AI',
      'BUS_PUBLIC_KEYS_SIGNATURE',
    ],
    why,
  );
  const publicKeys = {
    gateway: set.BUS_PUBLIC_KEYS_GATEWAY,
    admin: set.BUS_PUBLIC_KEYS_ADMIN,
    ai: set.BUS_PUBLIC_KEYS_AI,
    signature: set.BUS_PUBLIC_KEYS_SIGNATURE,
  };
  const keys = busKeysOf(signer, { privateKey: set.BUS_PRIVATE_KEY, publicKeys });
  if (!publicKeys[signer].includes(rawPublicKey(keys.signingKey))) {
    throw new ConfigError([
      `BUS_PRIVATE_KEY is not the private key of any public key in BUS_PUBLIC_KEYS_${signer.toUpperCase()}`,
    ]);
  }
  return keys;
}
