import { counted } from '@promptloom/proto';
import { formatCost } from '../ai-calls/ai-call-filters';

interface UsageFigures {
  calls: number;
  failed: number;
  cancelled: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

/** '3 calls (1 failed, 1 cancelled), 1200 tokens, $0.003000': a cancelled call is counted apart, never as failed. */
export function usageLine(usage: UsageFigures): string {
  const calls = `${counted(usage.calls, 'call')} (${usage.failed} failed, ${usage.cancelled} cancelled)`;
  const tokens = counted(usage.promptTokens + usage.completionTokens, 'token');
  return `${calls}, ${tokens}, ${formatCost(usage.costUsd)}`;
}
