import { AI_CALL_OUTCOME_LABELS, AI_PURPOSE_LABELS } from '@promptloom/proto';
import { useQuery } from '@apollo/client/react';
import { Modal } from '../shared/Modal';
import { formatCost, formatTokens } from './ai-call-filters';
import { ADMIN_AI_CALL } from './ai-call-operations';

/** One call in full: what was sent, what came back, tokens, cost and outcome. */
export function AiCallDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { data, error } = useQuery(ADMIN_AI_CALL, { variables: { id } });
  const call = data?.adminAiCall;
  return (
    <Modal title={`AI call ${id}`} onClose={onClose}>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {call && (
        <div className="ai-call-detail">
          <p>
            {AI_PURPOSE_LABELS[call.purpose]} · {call.model} · {AI_CALL_OUTCOME_LABELS[call.outcome]} · tokens{' '}
            {formatTokens(call.promptTokens, call.completionTokens)} · {formatCost(call.costUsd)}
          </p>
          {call.failure && <p className="form-error">{call.failure}</p>}
          {call.cut && <p className="card-text">A message or the reply was longer than 64 KB and is cut.</p>}
          {call.reasons.length > 0 && (
            <>
              <h3>Reasons used</h3>
              <ul aria-label="Reasons used">
                {call.reasons.map((used) => (
                  <li key={`${used.item}:${used.reason}`}>
                    <strong>{used.item}</strong>: {used.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>Messages sent</h3>
          {call.messages.map((message, index) => (
            <div key={index}>
              <p className="card-title">{message.role}</p>
              <pre className="ai-call-text">{message.content}</pre>
            </div>
          ))}
          <h3>Reply</h3>
          <pre className="ai-call-text">{call.reply ?? '—'}</pre>
        </div>
      )}
      <div className="admin-modal-actions">
        <button type="button" className="button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
