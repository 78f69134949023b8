import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { FormActions } from '../shared/FormActions';
import { SelectField } from '../shared/SelectField';
import { type Mode, type ModeType } from './catalogue-operations';

interface ModeTypeFormProps {
  modeType: ModeType | null;
  modes: Mode[];
  errors: Record<string, string>;
  busy: boolean;
  onSubmit(input: { topLeft: string; topRight: string; modeId: number }): void;
  onCancel(): void;
}

/** The mode type modal's form: top_left, top_right and the parent mode (no mode is sent as 0, for the server's message). */
export function ModeTypeForm({ modeType, modes, errors, busy, onSubmit, onCancel }: ModeTypeFormProps) {
  const [topLeft, setTopLeft] = useState(modeType?.topLeft ?? '');
  const [topRight, setTopRight] = useState(modeType?.topRight ?? '');
  const [modeId, setModeId] = useState(modeType ? String(modeType.modeId) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ topLeft, topRight, modeId: Number(modeId || 0) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="TL Mode"
        value={topLeft}
        onChange={(e) => setTopLeft(e.target.value)}
        error={errors.topLeft}
      />
      <TextField
        label="TR Mode"
        value={topRight}
        onChange={(e) => setTopRight(e.target.value)}
        error={errors.topRight}
      />
      <SelectField
        label="Mode"
        value={modeId}
        onChange={(e) => setModeId(e.target.value)}
        error={errors.modeId}
        options={[
          { value: '', label: 'Select Mode' },
          ...modes.map((mode) => ({ value: String(mode.id), label: mode.name })),
        ]}
      />
      <FormActions busy={busy} submitLabel={modeType ? 'Update' : 'Create'} onCancel={onCancel} />
    </form>
  );
}
