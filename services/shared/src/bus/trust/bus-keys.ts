import { type KeyObject } from 'node:crypto';
import { BUS_SIGNERS, type BusSigner } from '@promptloom/proto';
import {
  generateRawKeyPair,
  keyIdOf,
  privateKeyFromRaw,
  publicKeyFromRaw,
  rawPublicKey,
} from './ed25519-keys';

/** One process's keys: the private key it signs with, as `signer`, and every signer's public keys it trusts. */
export interface BusKeys {
  signer: BusSigner;
  signingKey: KeyObject;
  signingKeyId: string;
  /** By signer, then by key id: several keys while one is being rotated. */
  trusted: ReadonlyMap<BusSigner, ReadonlyMap<string, KeyObject>>;
}

/** The keys as configuration holds them: raw base64url (`npm run keys` prints a set). */
export interface RawBusKeys {
  privateKey: string;
  publicKeys: Readonly<Record<BusSigner, readonly string[]>>;
}

/** Reads the keys once at start, so no request parses a key. */
export function busKeysOf(signer: BusSigner, raw: RawBusKeys): BusKeys {
  const signingKey = privateKeyFromRaw(raw.privateKey);
  const trusted = new Map<BusSigner, Map<string, KeyObject>>();
  for (const name of BUS_SIGNERS) {
    trusted.set(name, new Map(raw.publicKeys[name].map((key) => [keyIdOf(key), publicKeyFromRaw(key)])));
  }
  return { signer, signingKey, signingKeyId: keyIdOf(rawPublicKey(signingKey)), trusted };
}

/** A fresh key pair per signer, in memory: the embedded product (one process) and tests need no configuration. */
export class GeneratedBusKeys {
  private readonly pairs = new Map(BUS_SIGNERS.map((signer) => [signer, generateRawKeyPair()]));
  private readonly publicKeys = Object.fromEntries(
    BUS_SIGNERS.map((signer) => [signer, [this.pairs.get(signer)!.publicKey]]),
  ) as Record<BusSigner, string[]>;

  for(signer: BusSigner): BusKeys {
    return busKeysOf(signer, { privateKey: this.pairs.get(signer)!.privateKey, publicKeys: this.publicKeys });
  }

  /** The set as environment variables for processes started separately (tests of the distributed product). */
  environmentFor(signer: BusSigner): Record<string, string> {
    return { BUS_PRIVATE_KEY: this.pairs.get(signer)!.privateKey, ...publicKeyVariables(this.publicKeys) };
  }
}

export const publicKeysVariable = (signer: BusSigner): string => `BUS_PUBLIC_KEYS_${signer.toUpperCase()}`;

export function publicKeyVariables(publicKeys: Record<BusSigner, readonly string[]>): Record<string, string> {
  return Object.fromEntries(
    BUS_SIGNERS.map((signer) => [publicKeysVariable(signer), publicKeys[signer].join(',')]),
  );
}
