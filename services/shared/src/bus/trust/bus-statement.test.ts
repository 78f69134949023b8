import { GeneratedBusKeys } from './bus-keys';
import { StatementReader, StatementSigner } from './bus-statement';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('StatementReader', () => {
  const keys = new GeneratedBusKeys().for('gateway');
  const signer = new StatementSigner(keys, 30);

  it('reads a statement of a trusted signer and remembers its one header', () => {
    const reader = new StatementReader(keys.trusted);
    const statement = signer.sign('svc.ai.models', '{}', undefined, Date.now());
    expect(reader.read(statement)).toMatchObject({
      ok: true,
      claims: { iss: 'gateway', sub: 'svc.ai.models' },
    });
    expect(reader.read(signer.sign('svc.ai.models', '{}', undefined, Date.now())).ok).toBe(true);
    expect(reader.rememberedHeaders).toBe(1);
  });

  it('remembers no variant of a trusted header, so forged statements cannot grow it', () => {
    const reader = new StatementReader(keys.trusted);
    const [header, claims, signature] = signer.sign('svc.ai.models', '{}', undefined, Date.now()).split('.');
    const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string };
    for (let index = 0; index < 50; index++) {
      const variant = base64url({ alg: 'EdDSA', kid, padding: `forged-${index}` });
      expect(reader.read(`${variant}.${claims}.${signature}`)).toEqual({
        ok: false,
        reason: 'bad signature',
      });
    }
    expect(reader.rememberedHeaders).toBe(0);
  });
});
