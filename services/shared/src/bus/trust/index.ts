export * from './bus-keys';
export { generateRawKeyPair, rawPublicKey, RAW_KEY } from './ed25519-keys';
export { StatementSigner, digestOf } from './bus-statement';
export { UNVERIFIED_REQUEST_MESSAGE } from './request-verifier';
export * from './signed-bus';
export { busKeysFromConfig } from './bus-keys-config';
