import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';

/**
 * Ed25519 keys as they are written in configuration: the 32 raw bytes, base64url (43 characters). Node reads keys
 * as DER, so the raw bytes are put behind the fixed DER prefix of their kind (RFC 8410).
 */
export const RAW_KEY = /^[A-Za-z0-9_-]{43}$/;

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function privateKeyFromRaw(raw: string): KeyObject {
  const der = Buffer.concat([PKCS8_PREFIX, Buffer.from(raw, 'base64url')]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

export function publicKeyFromRaw(raw: string): KeyObject {
  const der = Buffer.concat([SPKI_PREFIX, Buffer.from(raw, 'base64url')]);
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

export function rawPublicKey(key: KeyObject): string {
  const der = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_PREFIX.length).toString('base64url');
}

export function rawPrivateKey(key: KeyObject): string {
  return key.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('base64url');
}

/** A short name of a public key, carried in each statement so the verifier picks the key without trying each. */
export function keyIdOf(rawPublic: string): string {
  return createHash('sha256').update(rawPublic).digest('base64url').slice(0, 12);
}

export function generateRawKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey: rawPrivateKey(privateKey), publicKey: rawPublicKey(privateKey) };
}
