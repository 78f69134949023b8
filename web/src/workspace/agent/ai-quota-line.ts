import { counted } from '@promptloom/proto';
import { type AiQuotaView } from '../data/agent-operations';

const costOf = (costUsd: number) => `$${costUsd < 0.01 ? costUsd.toFixed(4) : costUsd.toFixed(2)}`;
const number = (value: number) => value.toLocaleString('en-US');

/** Whether the day's calls or tokens have run out. */
export const quotaEmpty = (quota: AiQuotaView): boolean =>
  quota.remaining === 0 || quota.tokensRemaining === 0;

/**
 * '3 of 200 AI calls left today · 1,200 tokens used (about $0.0030)', with the tokens left when a daily token limit
 * is set, and when the count starts again (`resets`) once either ran out; singular for one ('1 of 1 AI call').
 */
export function aiQuotaLine(quota: AiQuotaView, resets: string): string {
  const tokens =
    quota.tokenLimit === null || quota.tokensRemaining === null
      ? `${quota.tokensUsed === 1 ? '1 token' : `${number(quota.tokensUsed)} tokens`} used`
      : `${number(quota.tokensRemaining)} of ${quota.tokenLimit === 1 ? '1 token' : `${number(quota.tokenLimit)} tokens`} left`;
  return (
    `${quota.remaining} of ${counted(quota.limit, 'AI call')} left today` +
    `${quotaEmpty(quota) ? ` (more at ${resets})` : ''} · ${tokens} (about ${costOf(quota.costUsd)})`
  );
}
