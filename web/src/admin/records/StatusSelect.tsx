import { SelectField } from '../shared/SelectField';

/** SPEC §2 record forms: 'Select Status' (empty), Active = 1, Deactive = 0. */
export function StatusSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  return (
    <SelectField
      label="Status"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: 'Select Status' },
        { value: '1', label: 'Active' },
        { value: '0', label: 'Deactive' },
      ]}
    />
  );
}

/**
 * 'Select Status' has no number; GraphQL's status is an Int, so it is sent as -1 for the server to answer
 * with its own message ('The selected status is invalid.') rather than a client rule the spec does not have.
 */
export const statusToInput = (value: string): number => (value === '' ? -1 : Number(value));
