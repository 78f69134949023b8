import { RecentEvents } from './recent-events';

const event = (sequence: number) => ({ payload: { sequence }, sequence });
const sequences = (events: Array<{ sequence: number }> | null) =>
  events?.map((each) => each.sequence) ?? null;

describe('RecentEvents', () => {
  it("answers an owner's events of one subject after a sequence, and nothing for an owner without events", () => {
    const recent = new RecentEvents(10, 0);
    recent.add(1, 'a', event(1));
    recent.add(2, 'a', event(2));
    recent.add(1, 'b', event(3));
    recent.add(1, 'a', event(4));
    expect(sequences(recent.after(1, 'a', 0))).toEqual([1, 4]);
    expect(sequences(recent.after(1, 'a', 1))).toEqual([4]);
    expect(sequences(recent.after(1, 'b', 0))).toEqual([3]);
    expect(sequences(recent.after(3, 'a', 0))).toEqual([]);
  });

  it('refuses what may be missing: before its start, or evicted for that owner or for any owner it no longer knows', () => {
    const recent = new RecentEvents(2, 5);
    expect(recent.after(1, 'a', 4)).toBeNull();
    recent.add(1, 'a', event(6));
    recent.add(2, 'a', event(7));
    recent.add(2, 'a', event(8));
    // Owner 1's event 6 was evicted (capacity 2): 1 can resume only after 6, and so can an unknown owner.
    expect(recent.after(1, 'a', 5)).toBeNull();
    expect(sequences(recent.after(1, 'a', 6))).toEqual([]);
    expect(recent.after(3, 'a', 5)).toBeNull();
    // Owner 2 kept both of theirs: after 5 is still complete for them.
    expect(sequences(recent.after(2, 'a', 5))).toEqual([7, 8]);
  });

  it('moves the floor up when the stream no longer held the first events', () => {
    const recent = new RecentEvents(10, 0);
    recent.add(1, 'a', event(3));
    recent.missingThrough(2);
    expect(recent.after(1, 'a', 1)).toBeNull();
    expect(sequences(recent.after(1, 'a', 2))).toEqual([3]);
  });

  it('evicts the oldest events past its byte budget, and keeps none larger than the whole budget', () => {
    const recent = new RecentEvents(10, 0, 100);
    recent.add(1, 'a', event(1), 60);
    recent.add(2, 'a', event(2), 60);
    expect(recent.after(1, 'a', 0)).toBeNull();
    expect(sequences(recent.after(2, 'a', 1))).toEqual([2]);
    recent.add(2, 'a', event(3), 101);
    expect(recent.after(2, 'a', 2)).toBeNull();
    expect(sequences(recent.after(2, 'a', 3))).toEqual([]);
  });
});
