import { metricsText } from './registry';
import { PROBE_TIMEOUT_MS, probedGauge } from './probes';

describe('probed gauges', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a scrape without a probe that does not answer (its server is down), with the others’ readings', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const gauge = probedGauge('test_probe_readings', 'Readings of a test.', ['source']);
    const removeSlow = gauge.register(() => new Promise(() => undefined));
    const removeFailing = gauge.register(() => Promise.reject(new Error('server down')));
    const removeAnswering = gauge.register(async () => [{ labels: { source: 'up' }, value: 7 }]);
    try {
      let scraped: string | undefined;
      void metricsText().then((text) => (scraped = text));
      await jest.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
      expect(scraped).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      // The scrape has ended by now (a few turns of the event loop at most), with or without the slow probe.
      for (let turn = 0; turn < 10 && scraped === undefined; turn++)
        await new Promise((done) => setImmediate(done));
      expect(scraped).toContain('test_probe_readings{source="up"} 7');
    } finally {
      removeSlow();
      removeFailing();
      removeAnswering();
    }
  });
});
