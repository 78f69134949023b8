import { counted } from '@promptloom/proto';
import { type AdminAiUsageQuery } from '../../generated/graphql';
import { formatCost } from '../ai-calls/ai-call-filters';

/** A day's or a period's figures, as the usage query answers them. */
type UsageFigures = Omit<AdminAiUsageQuery['adminAiUsage']['today'], '__typename'>;

/** '3 calls (1 failed, 1 cancelled), 1200 tokens, $0.003000': a cancelled call is counted apart, never as failed. */
export function usageLine(usage: UsageFigures): string {
  const calls = `${counted(usage.calls, 'call')} (${usage.failed} failed, ${usage.cancelled} cancelled)`;
  const tokens = counted(usage.promptTokens + usage.completionTokens, 'token');
  return `${calls}, ${tokens}, ${formatCost(usage.costUsd)}`;
}
