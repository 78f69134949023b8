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

  it('lets the event loop turn during a long run of buffered values, still in order', async () => {
    const values = queue(jest.fn(), 30);
    for (let value = 1; value <= 20; value++) values.push(value);
    let turned = false;
    setImmediate(() => (turned = true));
    const received: number[] = [];
    for (let count = 0; count < 20; count++) received.push((await values.next()).value as number);
    expect(received).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(turned).toBe(true);
  });

  it('ends a value held for a turn when return() comes first', async () => {
    const values = queue(jest.fn(), 30);
    for (let value = 1; value <= 8; value++) values.push(value);
    for (let count = 1; count < 8; count++) await values.next();
    const held = values.next();
    await values.return();
    await expect(held).resolves.toEqual({ value: undefined, done: true });
  });
});
