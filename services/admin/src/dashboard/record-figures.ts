import { aiRecordOperations, signatureRecordOperations, type RequestContext } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

/**
 * Records by family, asked of the services that own them (each checks the caller is an admin too). Null when one
 * of them does not answer: the rest of the dashboard does not wait on the AI worker or the signature service.
 */
export async function recordFigures(
  bus: Bus,
  context: RequestContext,
): Promise<{ tl: number; tr: number; bl: number; br: number } | null> {
  try {
    const [lists, signatures] = await Promise.all([
      call(bus, aiRecordOperations.counts, {}, { context, timeoutMs: 2000 }),
      call(bus, signatureRecordOperations.counts, {}, { context, timeoutMs: 2000 }),
    ]);
    return { ...lists, ...signatures };
  } catch {
    return null;
  }
}
