import { type Bus } from './bus';
import { waitFor } from '../testing/wait-for';
import { describeBusContract, type BusWorld } from './bus-contract';
import { InProcessBroker, InProcessBus } from './in-process-bus';

/** One broker per test: the buses of a test share it, as the services of one process would. */
async function createInProcessWorld(): Promise<BusWorld> {
  const broker = new InProcessBroker();
  const buses: Bus[] = [];
  return {
    connect: async (options) => {
      const bus = new InProcessBus({ broker, ...options });
      buses.push(bus);
      return bus;
    },
    dispose: async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      broker.close();
    },
  };
}

describeBusContract('InProcessBus', createInProcessWorld);

describe('InProcessBus on its own', () => {
  it('keeps only the last maxEvents events for replay', async () => {
    const broker = new InProcessBroker({ maxEvents: 2 });
    const bus = new InProcessBus({ broker });
    for (const n of [1, 2, 3]) await bus.publish('evt.solo.n', n, { id: `solo-${n}` });

    const replayed: unknown[] = [];
    await bus.subscribe('evt.solo.>', async (event) => void replayed.push(event.payload), {
      fromSequence: 1,
    });
    await bus.publish('evt.solo.n', 4, { id: 'solo-4' });
    await waitFor(() => replayed.length === 3, 'three replayed events');
    await bus.close();
    broker.close();

    expect(replayed).toEqual([2, 3, 4]);
  });

  it('works on a private broker when none is given', async () => {
    const bus = new InProcessBus();
    await bus.serve('svc.solo.ping', 'svc.solo', async () => 'pong');
    await expect(bus.request('svc.solo.ping', {})).resolves.toBe('pong');
    await bus.close();
  });
});
