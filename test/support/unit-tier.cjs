/**
 * The unit and web tiers run without servers. Point the test servers at an address nobody listens on, named so the
 * error says why: a test beside the code that needs PostgreSQL or NATS is named `*.service.test.ts` (service tier).
 */
process.env.TEST_DATABASE_URL =
  'postgres://unit-tier-has-no-postgresql--name-it-service-test@127.0.0.1:9/none';
process.env.TEST_NATS_URL = 'nats://127.0.0.1:9';
process.env.TEST_TIER = 'unit';
