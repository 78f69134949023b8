import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { formErrorsOf } from '../../apollo/field-errors';
import { callsOfJob } from '../ai-calls/ai-call-filters';
import { Modal } from '../shared/Modal';
import { SelectField } from '../shared/SelectField';
import { AI_MODEL_LIST, REGENERATE_RECORD, type AdminRecord, type AiFamily } from './record-operations';

/** Runs a record's agent again for its owner, with the same or another model of the configured list. */
export function RegenerateDialog({
  family,
  record,
  onClose,
}: {
  family: AiFamily;
  record: AdminRecord;
  onClose(): void;
}) {
  const models = useQuery(AI_MODEL_LIST).data?.aiModels.models ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  // The record's own model while it is still offered; after AI_MODELS changed, the first one offered.
  const offered = models.some((option) => option.id === record.aiModel) ? record.aiModel : models[0]?.id;
  const model = chosen ?? offered ?? '';
  const [regenerate, { data, loading, error }] = useMutation(REGENERATE_RECORD);
  const problem = error ? formErrorsOf(error, 'The record could not be regenerated.') : null;
  const jobId = data?.regenerateRecord.jobId;
  return (
    <Modal title="Regenerate" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void regenerate({ variables: { family, id: record.id, model } }).catch(() => undefined);
        }}
      >
        <p className="card-text">
          Runs this agent again for {record.userName ?? 'its owner'} with the record’s settings; new items
          join their list.
        </p>
        <SelectField
          label="Model"
          value={model}
          error={problem?.fields.model}
          options={models.map((option) => ({ value: option.id, label: option.label }))}
          onChange={(event) => setChosen(event.target.value)}
        />
        {problem?.message && (
          <p className="form-error" role="alert">
            {problem.message}
          </p>
        )}
        {jobId && (
          <p role="status">
            Regenerating with {model}. <Link to={callsOfJob(jobId)}>See its AI calls</Link>
          </p>
        )}
        <div className="admin-modal-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button-primary" disabled={loading || !model}>
            Regenerate
          </button>
        </div>
      </form>
    </Modal>
  );
}
