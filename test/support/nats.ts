import { connect } from 'nats';
import { TEST_NATS_URL } from './processes';

/** Removes the JetStream streams a test's bus namespace created, so the shared server does not fill up. */
export async function deleteNamespaceStreams(namespace: string): Promise<void> {
  const connection = await connect({ servers: TEST_NATS_URL });
  try {
    const manager = await connection.jetstreamManager();
    for await (const stream of manager.streams.list()) {
      if (stream.config.name.toLowerCase().includes(namespace.toLowerCase())) {
        await manager.streams.delete(stream.config.name);
      }
    }
  } finally {
    await connection.close();
  }
}
