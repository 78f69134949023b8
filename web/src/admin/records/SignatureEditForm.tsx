import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { type SignatureRecord, type SignatureRecordInput } from './record-operations';
import { StatusSelect, statusToInput } from './StatusSelect';

interface SignatureEditFormProps {
  record: SignatureRecord;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit(input: SignatureRecordInput): void;
  onCancel(): void;
}

const names = (text: string): string[] =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** SPEC §2 BR edit form: User Name, Signature Elements, Signature (comma-separated names), Status. */
export function SignatureEditForm({ record, errors, busy, onSubmit, onCancel }: SignatureEditFormProps) {
  const [username, setUsername] = useState(record.username);
  const [elements, setElements] = useState(record.signatureElements.join(', '));
  const [signature, setSignature] = useState(record.signature.join(', '));
  const [status, setStatus] = useState(String(record.status));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      username,
      signatureElements: names(elements),
      signature: names(signature),
      status: statusToInput(status),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="User Name"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
      />
      <TextField
        label="Signature Elements"
        value={elements}
        onChange={(e) => setElements(e.target.value)}
        error={errors.signatureElements}
      />
      <TextField
        label="Signature"
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
        error={errors.signature}
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
