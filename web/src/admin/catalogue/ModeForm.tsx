import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { FormActions } from '../shared/FormActions';
import { type Mode, type Module } from './catalogue-operations';

interface ModeFormProps {
  mode: Mode | null;
  modules: Module[];
  errors: Record<string, string>;
  busy: boolean;
  onSubmit(input: { name: string; moduleId: number[] }): void;
  onCancel(): void;
}

/** The mode modal's form: a name and one or more modules (checkboxes). */
export function ModeForm({ mode, modules, errors, busy, onSubmit, onCancel }: ModeFormProps) {
  const errorId = useId();
  const [name, setName] = useState(mode?.name ?? '');
  const [chosen, setChosen] = useState<number[]>(mode?.moduleId ?? []);
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, moduleId: chosen });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <fieldset
        className="admin-checkboxes"
        aria-invalid={errors.moduleId ? true : undefined}
        aria-describedby={errors.moduleId ? errorId : undefined}
      >
        <legend>Modules</legend>
        {modules.map((module) => (
          <label key={module.id}>
            <input type="checkbox" checked={chosen.includes(module.id)} onChange={() => toggle(module.id)} />
            {module.name}
          </label>
        ))}
        {errors.moduleId && (
          <p id={errorId} className="field-error">
            {errors.moduleId}
          </p>
        )}
      </fieldset>
      <FormActions busy={busy} submitLabel={mode ? 'Update' : 'Create'} onCancel={onCancel} />
    </form>
  );
}
