import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { FormActions } from '../shared/FormActions';
import { SelectField } from '../shared/SelectField';
import { ACCOUNT_STATUSES } from '@promptloom/proto';
import { oneOf } from '../shared/one-of';
import { type Module, type ModuleInput } from './catalogue-operations';

interface ModuleFormProps {
  module: Module | null;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit(input: ModuleInput): void;
  onCancel(): void;
}

/** The module modal's form: name and status. */
export function ModuleForm({ module, errors, busy, onSubmit, onCancel }: ModuleFormProps) {
  const [name, setName] = useState(module?.name ?? '');
  const [status, setStatus] = useState(module?.status ?? 'Active');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, status });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(oneOf(ACCOUNT_STATUSES, e.target.value) ?? status)}
        error={errors.status}
        options={ACCOUNT_STATUSES.map((value) => ({ value, label: value }))}
      />
      <FormActions busy={busy} submitLabel={module ? 'Update' : 'Create'} onCancel={onCancel} />
    </form>
  );
}
