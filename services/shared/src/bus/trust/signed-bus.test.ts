import { accountOperations, type BusSigner } from '@promptloom/proto';
import { loadConfig } from '../../config/config';
import { InProcessBus } from '../in-process-bus';
import { handle } from '../../operations';
import { GeneratedBusKeys, busKeysOf, publicKeyVariables } from './bus-keys';
import { busKeysFromConfig } from './bus-keys-config';
import { StatementSigner } from './bus-statement';
import { generateRawKeyPair } from './ed25519-keys';
import { SignedBus } from './signed-bus';

const user = {
  id: 1,
  first_name: 'A',
  last_name: 'B',
  name: 'A B',
  email: 'a@b.c',
  mobile: '1',
  role_type: 'user',
};

describe('SignedBus', () => {
  const inner = new InProcessBus();
  const keys = new GeneratedBusKeys();
  const warnings: Array<Record<string, unknown>> = [];
  const logger = {
    info: () => undefined,
    error: () => undefined,
    warn: (details: object) => void warnings.push({ ...details }),
  };
  const as = (signer: BusSigner) => new SignedBus(inner, { keys: keys.for(signer), logger });

  beforeAll(() =>
    handle(as('admin'), accountOperations.getUser, async () => ({
      user: { ...user, status: 'Active' as const },
    })),
  );
  afterAll(() => inner.close());

  it('answers a caller the operation lists, and refuses one it does not (FORBIDDEN, logged with the caller)', async () => {
    await expect(as('ai').request(accountOperations.getUser.subject, { id: 1 })).resolves.toMatchObject({
      user: { id: 1 },
    });
    await expect(
      as('signature').request(accountOperations.getUser.subject, { id: 1 }),
    ).resolves.toBeDefined();
    await expect(as('admin').request(accountOperations.getUser.subject, { id: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(warnings.at(-1)).toMatchObject({
      subject: accountOperations.getUser.subject,
      caller: 'admin',
      reason: 'caller not allowed',
    });
  });

  it('refuses a statement made for another payload', async () => {
    const signer = new StatementSigner(keys.for('gateway'), 30);
    const reply = inner.request(
      accountOperations.getUser.subject,
      { id: 2 },
      {
        prove: () => ({
          sender: signer.sign(
            accountOperations.getUser.subject,
            JSON.stringify({ id: 1 }),
            undefined,
            Date.now(),
          ),
        }),
      },
    );
    await expect(reply).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(warnings.at(-1)).toMatchObject({ reason: 'payload does not match its statement' });
  });

  it('trusts both keys of a signer while one is rotated', async () => {
    const old = generateRawKeyPair();
    const next = generateRawKeyPair();
    const publicKeys = {
      gateway: [old.publicKey, next.publicKey],
      admin: [next.publicKey],
      ai: [next.publicKey],
      signature: [next.publicKey],
    };
    const server = new InProcessBus();
    try {
      await handle(
        new SignedBus(server, { keys: busKeysOf('admin', { privateKey: next.privateKey, publicKeys }) }),
        accountOperations.getUser,
        async () => ({ user: { ...user, status: 'Active' as const } }),
      );
      for (const privateKey of [old.privateKey, next.privateKey]) {
        const gateway = new SignedBus(server, { keys: busKeysOf('gateway', { privateKey, publicKeys }) });
        await expect(gateway.request(accountOperations.getUser.subject, { id: 1 })).resolves.toBeDefined();
      }
    } finally {
      await server.close();
    }
  });

  it('refuses at start a private key whose public key its signer does not list, naming the variable only', () => {
    const set = new GeneratedBusKeys();
    const env = { ...set.environmentFor('admin'), BUS_PRIVATE_KEY: generateRawKeyPair().privateKey };
    expect(() => busKeysFromConfig(loadConfig(env), 'admin')).toThrow(
      /BUS_PRIVATE_KEY is not the private key of any public key in BUS_PUBLIC_KEYS_ADMIN/,
    );
    expect(() =>
      busKeysFromConfig(
        loadConfig({ ...publicKeyVariables({ gateway: [], admin: [], ai: [], signature: [] }) }),
        'admin',
      ),
    ).toThrow(/BUS_PRIVATE_KEY is required/);
    expect(() => loadConfig({ BUS_PRIVATE_KEY: 'not-a-key' })).toThrow(
      /BUS_PRIVATE_KEY must be a key as `npm run keys` prints it/,
    );
  });
});
