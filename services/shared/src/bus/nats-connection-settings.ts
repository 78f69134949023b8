import { type Config } from '../config';
import { type NatsBusOptions } from './nats-bus';

/** How a process reaches NATS, from its configuration: servers, its user, and TLS when any TLS file is set. */
export function natsConnectionSettings(
  config: Pick<
    Config,
    | 'NATS_URL'
    | 'NATS_USER'
    | 'NATS_PASSWORD'
    | 'NATS_TLS_CA_FILE'
    | 'NATS_TLS_CERT_FILE'
    | 'NATS_TLS_KEY_FILE'
  > & { NATS_URL: string[] },
): Pick<NatsBusOptions, 'servers' | 'user' | 'pass' | 'tls'> {
  const tlsFiles = {
    caFile: config.NATS_TLS_CA_FILE,
    certFile: config.NATS_TLS_CERT_FILE,
    keyFile: config.NATS_TLS_KEY_FILE,
  };
  const usesTls = Object.values(tlsFiles).some((file) => file !== undefined);
  return {
    servers: config.NATS_URL,
    user: config.NATS_USER,
    pass: config.NATS_PASSWORD,
    tls: usesTls ? tlsFiles : undefined,
  };
}
