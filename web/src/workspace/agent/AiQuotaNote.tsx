import { type AiQuotaView } from '../data/agent-operations';
import { aiQuotaLine, quotaEmpty } from './ai-quota-line';

/** Beside the Run button: the day's AI calls and tokens left (see `aiQuotaLine`). */
export function AiQuotaNote({ quota }: { quota: AiQuotaView | undefined }) {
  if (!quota) return null;
  const resets = new Date(quota.resetsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <span className={quotaEmpty(quota) ? 'agent-quota agent-quota-empty' : 'agent-quota'} role="status">
      {aiQuotaLine(quota, resets)}
    </span>
  );
}
