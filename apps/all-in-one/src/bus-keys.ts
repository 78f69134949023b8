import { BUS_SIGNERS, type BusSigner } from '@promptloom/proto';
import { generateRawKeyPair } from '@promptloom/shared';

/** The .env name of each process's private key (docker-compose.yml gives each process only its own). */
const PRIVATE_KEY_VARIABLE: Record<BusSigner, string> = {
  gateway: 'GATEWAY_BUS_PRIVATE_KEY',
  admin: 'ADMIN_BUS_PRIVATE_KEY',
  ai: 'AI_WORKER_BUS_PRIVATE_KEY',
  signature: 'SIGNATURE_BUS_PRIVATE_KEY',
};

/**
 * `npm run keys`: a new Ed25519 key pair per signer, as .env lines (README "Security"). Printed, never stored or
 * logged; to rotate one signer's key, take its two lines and add its new public key to the old one (deploy/README.md).
 */
const lines = ['# Bus signing keys (npm run keys): each process gets only its own private key.'];
for (const signer of BUS_SIGNERS) {
  const { privateKey, publicKey } = generateRawKeyPair();
  lines.push(
    `${PRIVATE_KEY_VARIABLE[signer]}=${privateKey}`,
    `BUS_PUBLIC_KEYS_${signer.toUpperCase()}=${publicKey}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
