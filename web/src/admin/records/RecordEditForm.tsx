import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { type AdminRecord, type RecordInput } from './record-operations';
import { StatusSelect, statusToInput } from './StatusSelect';

interface RecordEditFormProps {
  record: AdminRecord;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit(input: RecordInput): void;
  onCancel(): void;
}

const wholeNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** SPEC §2 TL/TR/BL edit form: Levels, AI Model, Frequency, AI Response, Status; Cancel and Update. */
export function RecordEditForm({ record, errors, busy, onSubmit, onCancel }: RecordEditFormProps) {
  const [levels, setLevels] = useState(String(record.levels));
  const [aiModel, setAiModel] = useState(record.aiModel ?? '');
  const [frequency, setFrequency] = useState(record.frequency === null ? '' : String(record.frequency));
  const [aiResponse, setAiResponse] = useState(record.aiResponse);
  const [status, setStatus] = useState(String(record.status));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      levels: wholeNumber(levels),
      aiModel,
      frequency: wholeNumber(frequency),
      aiResponse,
      status: statusToInput(status),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Levels"
        value={levels}
        onChange={(e) => setLevels(e.target.value)}
        error={errors.levels}
      />
      <TextField
        label="AI Model"
        value={aiModel}
        onChange={(e) => setAiModel(e.target.value)}
        error={errors.aiModel}
      />
      <TextField
        label="Frequency"
        type="number"
        value={frequency}
        onChange={(e) => setFrequency(e.target.value)}
        error={errors.frequency}
      />
      <TextField
        label="AI Response"
        value={aiResponse}
        onChange={(e) => setAiResponse(e.target.value)}
        error={errors.aiResponse}
      />
      <StatusSelect value={status} onChange={setStatus} error={errors.status} />
      <div className="admin-modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          Update
        </button>
      </div>
    </form>
  );
}
