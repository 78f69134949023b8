import { describe, expect, it } from '@jest/globals';
import {
  announceLive,
  announceReconnect,
  liveConnectionUp,
  onReconnect,
  resumesLive,
  RESUMES_LIVE,
} from './reconnects';

describe('reconnects', () => {
  it('calls each listener on every reconnect until it stops', () => {
    const heard: string[] = [];
    const stopFirst = onReconnect(() => heard.push('first'));
    const stopSecond = onReconnect(() => heard.push('second'));
    announceReconnect();
    stopFirst();
    announceReconnect();
    stopSecond();
    announceReconnect();
    expect(heard).toEqual(['first', 'second', 'second']);
  });

  it('tells whether the live connection is up, as last announced', () => {
    announceLive(true);
    expect(liveConnectionUp()).toBe(true);
    announceLive(false);
    expect(liveConnectionUp()).toBe(false);
  });

  it('knows the context of a query kept current by a subscription, and no other', () => {
    expect(resumesLive(RESUMES_LIVE)).toBe(true);
    expect(resumesLive({ ...RESUMES_LIVE, headers: {} })).toBe(true);
    for (const context of [{}, { headers: {} }, null, undefined, 'resumesLive']) {
      expect(resumesLive(context)).toBe(false);
    }
  });
});
