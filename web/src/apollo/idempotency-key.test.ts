import { afterEach, describe, expect, it } from '@jest/globals';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, withIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  const ownRandomUUID = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
  afterEach(() => {
    delete (crypto as { randomUUID?: unknown }).randomUUID;
    if (ownRandomUUID) Object.defineProperty(crypto, 'randomUUID', ownRandomUUID);
  });

  it('makes a fresh version 4 UUID each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(keys.every((key) => UUID_V4.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });

  it('makes one from random bytes where randomUUID is missing (an insecure origin)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    expect(typeof crypto.randomUUID).toBe('undefined');
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(keys.every((key) => UUID_V4.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });
});

describe('withIdempotencyKey', () => {
  it('gives a call that changes something a key, as a structured-field string', () => {
    for (const method of ['POST', 'put', 'DELETE', 'patch']) {
      const value = withIdempotencyKey(method, new Headers()).get(IDEMPOTENCY_KEY_HEADER);
      expect(value).toMatch(/^"[0-9a-f-]{36}"$/);
      expect(UUID_V4.test(value!.slice(1, -1))).toBe(true);
    }
  });

  it('gives none to a read, nor to a call without a method (a GET)', () => {
    for (const method of ['GET', 'head', undefined]) {
      expect(withIdempotencyKey(method, new Headers()).has(IDEMPOTENCY_KEY_HEADER)).toBe(false);
    }
  });

  it('keeps the key of a caller retrying its call, and the other headers', () => {
    const headers = new Headers({ [IDEMPOTENCY_KEY_HEADER]: '"first-try"', Authorization: 'Bearer t' });
    const sent = withIdempotencyKey('POST', headers);
    expect(sent.get(IDEMPOTENCY_KEY_HEADER)).toBe('"first-try"');
    expect(sent.get('Authorization')).toBe('Bearer t');
  });
});
