import { type AiQuotaView } from '../data/agent-operations';

const costOf = (costUsd: number) => `$${costUsd < 0.01 ? costUsd.toFixed(4) : costUsd.toFixed(2)}`;

/**
 * Beside the Run button: '3 of 200 AI calls left today · 1,200 tokens used (about $0.0030)', with the tokens left
 * when a daily token limit is set; once either runs out it says when the count starts again.
 */
export function AiQuotaNote({ quota }: { quota: AiQuotaView | undefined }) {
  if (!quota) return null;
  const resets = new Date(quota.resetsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const used = quota.tokensUsed.toLocaleString('en-US');
  const tokens =
    quota.tokenLimit === null || quota.tokensRemaining === null
      ? `${used} tokens used`
      : `${quota.tokensRemaining.toLocaleString('en-US')} of ${quota.tokenLimit.toLocaleString('en-US')} tokens left`;
  const empty = quota.remaining === 0 || quota.tokensRemaining === 0;
  return (
    <span className={empty ? 'agent-quota agent-quota-empty' : 'agent-quota'} role="status">
      {quota.remaining} of {quota.limit} AI calls left today
      {empty ? ` (more at ${resets})` : ''} · {tokens} (about {costOf(quota.costUsd)})
    </span>
  );
}
