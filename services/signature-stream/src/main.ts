import './tracing';
import { createObjectStore, databasePoolSettings, runServiceProcess } from '@promptloom/shared';
import { startSignatureService } from './signature-service';
import { signatureServiceSettings } from './service-settings';

/** The signature and stream service as its own process (distributed mode). */
runServiceProcess({
  name: 'signature-stream',
  signer: 'signature',
  defaultPort: 4103,
  start: async ({ config, bus, logger }) =>
    startSignatureService({
      databaseUrl: config.DATABASE_URL,
      databasePool: databasePoolSettings(config),
      bus,
      logger,
      objectStore: await createObjectStore(config),
      ...signatureServiceSettings(config),
    }),
});
