import { PushQueue } from './push-queue';

const queue = (onEnd = jest.fn(), maxBuffered = 10) =>
  new PushQueue<number>(onEnd, maxBuffered, () => new Error('too slow'));

describe('PushQueue', () => {
  it('ends a next() that is waiting as soon as return() is called, and runs onEnd once', async () => {
    const onEnd = jest.fn();
    const values = queue(onEnd);
    const waiting = values.next();
    await values.return();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    await values.return();
    values.push(1);
    await expect(values.next()).resolves.toEqual({ value: undefined, done: true });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('delivers pushed values in order, to a waiting next() or from its buffer', async () => {
    const values = queue();
    const first = values.next();
    values.push(1);
    values.push(2);
    values.push(3);
    await expect(first).resolves.toEqual({ value: 1, done: false });
    await expect(values.next()).resolves.toEqual({ value: 2, done: false });
    await expect(values.next()).resolves.toEqual({ value: 3, done: false });
  });

  it('fails a subscriber that falls more than maxBuffered values behind', async () => {
    const onEnd = jest.fn();
    const values = queue(onEnd, 2);
    values.push(1);
    values.push(2);
    values.push(3);
    await expect(values.next()).rejects.toThrow('too slow');
    await expect(values.next()).resolves.toEqual({ value: undefined, done: true });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
