import { AI_CALL_OUTCOMES, AI_PURPOSES } from '@promptloom/proto';
import { TextField } from '../../components/TextField';
import { SelectField } from '../shared/SelectField';
import { FILTER_KEYS } from './ai-call-filters';

const any = (label: string, values: readonly string[]) => [
  { value: '', label },
  ...values.map((value) => ({ value, label: value })),
];

interface AiCallFilterFormProps {
  params: URLSearchParams;
  /** Field messages of the server's BAD_USER_INPUT, by field (userId, from, to …). */
  errors: Record<string, string>;
  onApply(params: URLSearchParams): void;
}

/** The AI Calls filters; applied on the server when the form is sent (the address keeps them). */
export function AiCallFilterForm({ params, errors, onApply }: AiCallFilterFormProps) {
  const value = (key: string) => params.get(key) ?? '';
  return (
    <form
      // A new address (a link, Back) puts its filters in the fields.
      key={params.toString()}
      className="admin-filters"
      role="search"
      aria-label="AI call filters"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next = new URLSearchParams();
        for (const key of FILTER_KEYS) {
          const entry = String(form.get(key) ?? '').trim();
          if (entry) next.set(key, entry);
        }
        onApply(next);
      }}
    >
      <TextField
        label="Search"
        name="q"
        defaultValue={value('q')}
        placeholder="Text in messages or reply"
        error={errors.q}
      />
      <TextField
        label="User id"
        name="user_id"
        type="number"
        min={1}
        defaultValue={value('user_id')}
        error={errors.userId}
      />
      <SelectField
        label="Purpose"
        name="purpose"
        defaultValue={value('purpose')}
        options={any('All purposes', AI_PURPOSES)}
      />
      <TextField label="Model" name="model" defaultValue={value('model')} error={errors.model} />
      <SelectField
        label="Outcome"
        name="outcome"
        defaultValue={value('outcome')}
        options={any('All outcomes', AI_CALL_OUTCOMES)}
      />
      <TextField label="From" name="from" type="date" defaultValue={value('from')} error={errors.from} />
      <TextField label="To" name="to" type="date" defaultValue={value('to')} error={errors.to} />
      <TextField label="Job" name="job_id" defaultValue={value('job_id')} error={errors.jobId} />
      <SelectField
        label="Reasons"
        name="with_reasons"
        defaultValue={value('with_reasons')}
        options={[
          { value: '', label: 'Any' },
          { value: 'true', label: "Steered by the user's reasons" },
        ]}
      />
      <button type="submit" className="button-primary">
        Apply
      </button>
    </form>
  );
}
