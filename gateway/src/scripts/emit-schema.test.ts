import fs from 'node:fs';
import { SCHEMA_FILE, printGatewaySchema } from './emit-schema';

describe('proto/schema.graphql', () => {
  it('is the schema the gateway serves (run `npm run build` after changing a resolver)', async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(await printGatewaySchema());
  });
});
