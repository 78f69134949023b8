import { type AiQuotaView } from '../data/agent-operations';

/** '3 of 200 AI runs left today', beside the Run button; at 0 it says when the count starts again. */
export function AiQuotaNote({ quota }: { quota: AiQuotaView | undefined }) {
  if (!quota) return null;
  const resets = new Date(quota.resetsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <span className={quota.remaining === 0 ? 'agent-quota agent-quota-empty' : 'agent-quota'} role="status">
      {quota.remaining} of {quota.limit} AI runs left today
      {quota.remaining === 0 ? ` (more at ${resets})` : ''}
    </span>
  );
}
