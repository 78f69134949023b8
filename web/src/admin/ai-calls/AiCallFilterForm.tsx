import { useId, useState, type ReactNode } from 'react';
import { AI_CALL_OUTCOME_LABELS, AI_CALL_OUTCOMES, AI_PURPOSE_LABELS, AI_PURPOSES } from '@promptloom/proto';
import { TextField } from '../../components/TextField';
import { SelectField } from '../shared/SelectField';
import { FILTER_KEYS } from './ai-call-filters';

/** 'All …' first, then each value by its words. */
const any = <T extends string>(label: string, values: readonly T[], words: Record<T, string>) => [
  { value: '', label },
  ...values.map((value) => ({ value, label: words[value] })),
];

interface AiCallFilterFormProps {
  params: URLSearchParams;
  /** Field messages of the server's BAD_USER_INPUT, by field (userId, from, to …). */
  errors: Record<string, string>;
  onApply(params: URLSearchParams): void;
  /** What stays in the actions' row even with the filters folded on a phone: the count, Export CSV. */
  children?: ReactNode;
}

/**
 * The AI Calls filters, laid out as a form: labelled fields in a grid (the search wider), then Apply, Clear and the
 * screen's other actions in one row. They are applied on the server when the form is sent (the address keeps them).
 * On a phone they fold behind 'Filters' (admin.css), so the first calls show on the first screen.
 */
export function AiCallFilterForm({ params, errors, onApply, children }: AiCallFilterFormProps) {
  const fieldsId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const hasErrors = Object.keys(errors).length > 0;
  const open = unfolded || hasErrors;
  const set = FILTER_KEYS.filter((key) => params.get(key)).length;
  const value = (key: string) => params.get(key) ?? '';
  const apply = (next: URLSearchParams) => {
    setUnfolded(false);
    onApply(next);
  };
  return (
    <form
      // A new address (a link, Back) puts its filters in the fields.
      key={params.toString()}
      className={open ? 'admin-filter-form open' : 'admin-filter-form'}
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
        apply(next);
      }}
    >
      <button
        type="button"
        className="button-secondary admin-filter-toggle"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setUnfolded(!open)}
      >
        Filters{set > 0 ? ` (${set} set)` : ''} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={fieldsId} className="admin-filter-fields">
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={value('q')}
          placeholder="Text in messages, reply or failure"
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
          options={any('All purposes', AI_PURPOSES, AI_PURPOSE_LABELS)}
        />
        <TextField label="Model" name="model" defaultValue={value('model')} error={errors.model} />
        <SelectField
          label="Outcome"
          name="outcome"
          defaultValue={value('outcome')}
          options={any('All outcomes', AI_CALL_OUTCOMES, AI_CALL_OUTCOME_LABELS)}
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
      </div>
      <div className="admin-filter-actions">
        <span className="admin-filter-apply">
          <button type="submit" className="button-primary">
            Apply
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={set === 0}
            onClick={() => apply(new URLSearchParams())}
          >
            Clear filters
          </button>
        </span>
        {children}
      </div>
    </form>
  );
}
