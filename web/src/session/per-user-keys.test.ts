import { describe, expect, it } from '@jest/globals';
import { clearPerUserKeys, isPerUserKey } from './per-user-keys';

/** Local storage's interface over a Map, as a browser's behaves for these calls. */
function memoryStorage(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const keysOf = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, index) => storage.key(index)).sort();

describe('per-user keys (SPEC §3)', () => {
  it('knows the session, level, active-list and sidebar keys', () => {
    for (const key of [
      'token',
      'user',
      'lastActivity',
      'levels_rb',
      'active_Signature',
      'LsidebarOpen',
      'visit_token',
    ]) {
      expect(isPerUserKey(key)).toBe(true);
    }
  });

  it('knows the keys SPEC names by prefix', () => {
    for (const key of ['finalAIResponse', 'finalAIResponse_tl', 'agent_reason:42', 'agent_details_bl']) {
      expect(isPerUserKey(key)).toBe(true);
    }
  });

  it('leaves other keys alone, the names compared with their case', () => {
    for (const key of ['Token', 'theme', 'levels2', 'user_settings', 'my_token', '']) {
      expect(isPerUserKey(key)).toBe(false);
    }
  });

  it('removes every per-user key and keeps the rest when a session ends', () => {
    const storage = memoryStorage({
      token: 't',
      user: '{}',
      levels: '[1]',
      finalAIResponse_br: '1',
      agent_reason_7: 'why',
      theme: 'dark',
      'other-app': 'x',
    });
    clearPerUserKeys(storage);
    expect(keysOf(storage)).toEqual(['other-app', 'theme']);
  });

  it('does nothing to an empty storage', () => {
    const storage = memoryStorage({});
    clearPerUserKeys(storage);
    expect(storage.length).toBe(0);
  });
});
