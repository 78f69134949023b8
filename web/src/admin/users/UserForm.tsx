import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { SelectField } from '../shared/SelectField';
import { ACCOUNT_STATUSES } from '@promptloom/proto';
import { formatCost } from '../ai-calls/ai-call-filters';
import { oneOf } from '../shared/one-of';
import { type AdminUser, type AdminUserInput, type UserAiQuota } from './user-operations';

interface UserFormProps {
  user: AdminUser | null;
  /** The user's AI quota (edit only): its override fills the field, its default is the placeholder. */
  aiQuota?: UserAiQuota;
  errors: Record<string, string>;
  busy: boolean;
  /** `dailyAiCalls`, `dailyAiTokens`: the fields' text ('' = the configured default). */
  onSubmit(input: AdminUserInput, dailyAiCalls: string, dailyAiTokens: string): void;
  onCancel(): void;
}

/** The user modal's form; a blank password on edit keeps the password. */
export function UserForm({ user, aiQuota, errors, busy, onSubmit, onCancel }: UserFormProps) {
  const [dailyAiCalls, setDailyAiCalls] = useState(
    aiQuota?.override === null || aiQuota?.override === undefined ? '' : String(aiQuota.override),
  );
  const [dailyAiTokens, setDailyAiTokens] = useState(
    aiQuota?.tokenOverride === null || aiQuota?.tokenOverride === undefined
      ? ''
      : String(aiQuota.tokenOverride),
  );
  const tokenDefault = aiQuota?.tokenLimit === null ? 'no limit' : String(aiQuota?.tokenLimit ?? '');
  const [form, setForm] = useState<AdminUserInput>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    roleType: user?.roleType ?? 'user',
    status: user?.status ?? 'Active',
    password: '',
    passwordConfirmation: '',
  });
  const set = (field: Exclude<keyof AdminUserInput, 'status'>) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form, dailyAiCalls, dailyAiTokens);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Name" value={form.name} onChange={set('name')} error={errors.name} />
      <TextField label="Email" type="email" value={form.email} onChange={set('email')} error={errors.email} />
      <TextField label="Mobile" value={form.mobile} onChange={set('mobile')} error={errors.mobile} />
      <SelectField
        label="Role"
        value={form.roleType}
        onChange={set('roleType')}
        error={errors.roleType}
        options={[
          { value: 'user', label: 'user' },
          { value: 'Admin', label: 'Admin' },
        ]}
      />
      <SelectField
        label="Status"
        value={form.status ?? 'Active'}
        onChange={(event) =>
          setForm((current) => ({
            ...current,
            status: oneOf(ACCOUNT_STATUSES, event.target.value) ?? current.status,
          }))
        }
        error={errors.status}
        options={ACCOUNT_STATUSES.map((value) => ({ value, label: value }))}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={form.passwordConfirmation}
        onChange={set('passwordConfirmation')}
        error={errors.passwordConfirmation}
      />
      <TextField
        label="AI calls per day"
        inputMode="numeric"
        placeholder={aiQuota && aiQuota.override === null ? `Default (${aiQuota.limit})` : 'Default'}
        value={dailyAiCalls}
        onChange={(event) => setDailyAiCalls(event.target.value)}
        error={errors.dailyLimit}
      />
      <TextField
        label="AI tokens per day"
        inputMode="numeric"
        placeholder={aiQuota && aiQuota.tokenOverride === null ? `Default (${tokenDefault})` : 'Default'}
        value={dailyAiTokens}
        onChange={(event) => setDailyAiTokens(event.target.value)}
        error={errors.dailyTokenLimit}
      />
      {aiQuota && (
        <p className="card-text" data-testid="user-ai-use-today">
          Today: {aiQuota.tokensUsed} AI tokens, {formatCost(aiQuota.costUsd)}
        </p>
      )}
      <div className="admin-modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          {user ? 'Update' : 'Create'}
        </button>
      </div>
    </form>
  );
}
