import { randomBytes } from 'node:crypto';
import { NatsBus, createLogger } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL } from '../support/processes';
import { subscribe } from '../support/subscriptions';
import { signUp, type SignedIn } from './signature-helpers';

interface Saved {
  promptVersionSaved: { sequence: number; version: { prompt: string } };
}

const SAVED = (afterSequence: number | null) =>
  `subscription { promptVersionSaved(afterSequence: ${afterSequence}) { sequence version { prompt } } }`;
const SAVE = `mutation ($input: PromptVersionInput!) { savePromptVersion(input: $input) { saved } }`;
const SNAPSHOT = {
  selection: { types: ['Photography'], proItems: [], elements: [] },
  toggles: { hyperRealistic: false, eightK: false, fourK: false },
  target: 'midjourney-6',
};

const namespace = `history-resume-${randomBytes(4).toString('hex')}`;
let product: TestProduct;

beforeAll(async () => {
  const bus = await NatsBus.connect({
    servers: TEST_NATS_URL,
    namespace,
    name: 'prompt-history-resume-test',
    logger: createLogger('test', 'silent'),
  });
  product = await startTestProduct({ bus });
});
afterAll(async () => {
  await product?.stop();
  await deleteNamespaceStreams(namespace);
});

async function save(user: SignedIn, prompt: string): Promise<void> {
  const input = { prompt, origin: 'edited', snapshot: SNAPSHOT };
  const saved = await graphql(product.baseUrl, SAVE, { input }, user.token);
  expect(saved.body.errors).toBeUndefined();
  expect(saved.body.data.savePromptVersion.saved).toBe(true);
}

const prompts = (received: Saved[]) => received.map((event) => event.promptVersionSaved.version.prompt);

describe('promptVersionSaved resumes with afterSequence (real gateway, NATS JetStream)', () => {
  it("replays the versions saved while a device was away, in order, and never another user's", async () => {
    const owner = await signUp(product.baseUrl);
    const stranger = await signUp(product.baseUrl);
    const device = await subscribe<Saved>(product.baseUrl, SAVED(null), owner.token);
    await save(owner, 'a lake at dawn');
    await waitFor(() => device.received.length >= 1, 'the first version, live');
    const seen = device.received[0]!.promptVersionSaved.sequence;
    await device.close();

    // While the device's socket is down: two versions from the owner's other device, one of a stranger between.
    await save(owner, 'a lake at noon');
    await save(stranger, 'a forest at night');
    await save(owner, 'a lake at dusk');

    const resumed = await subscribe<Saved>(product.baseUrl, SAVED(seen), owner.token);
    await waitFor(() => resumed.received.length >= 2, 'the missed versions, replayed');
    // A version saved after the catch-up is the marker: what came before it is all the replay held.
    await save(owner, 'a lake at midnight');
    await waitFor(() => resumed.received.length >= 3, 'the version saved after the catch-up');
    expect(prompts(resumed.received)).toEqual(['a lake at noon', 'a lake at dusk', 'a lake at midnight']);
    const sequences = resumed.received.map((event) => event.promptVersionSaved.sequence);
    expect(sequences[0]).toBeGreaterThan(seen);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);

    // The stranger resuming from the same point is given only their own version.
    const theirs = await subscribe<Saved>(product.baseUrl, SAVED(seen), stranger.token);
    await waitFor(() => theirs.received.length >= 1, "the stranger's own version");
    await save(stranger, 'a forest at dawn');
    await waitFor(() => theirs.received.length >= 2, "the stranger's marker");
    expect(prompts(theirs.received)).toEqual(['a forest at night', 'a forest at dawn']);
    await Promise.all([resumed.close(), theirs.close()]);
  });

  it('refuses afterSequence to a caller who is not signed in', async () => {
    const anonymous = await subscribe<Saved>(product.baseUrl, SAVED(0));
    await waitFor(() => anonymous.error() !== null, 'the refusal');
    expect(anonymous.received).toEqual([]);
    await anonymous.close();
  });
});
