import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import {
  AGENT_MODEL_LABEL,
  AGENT_ROLE_MAX_LENGTH,
  MODEL_PLACEHOLDER,
  REFERENCE_NAME_MAX_LENGTH,
  levelLabel,
  parseFrequency,
  returnTargetAfterAgent,
  validateAgentRun,
  validateFrequencyEntered,
  validateFrequencyLimit,
  type Level,
  type ListFamily,
} from '@promptloom/proto';
import { TextField } from '../../components/TextField';
import { AI_MODELS, MY_AI_QUOTA, PREVIOUS_SETTINGS } from '../data/agent-operations';
import { AiQuotaNote } from './AiQuotaNote';
import { useSelection } from '../data/useSelection';
import { FAMILY_VIEW } from '../families';
import { ReasonsUsedNote } from '../reasons/ReasonsUsedNote';
import { RunProgressView } from './RunProgressView';
import { useAgentRun } from './useAgentRun';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

/** TR and BR offer one model, labelled 'Open AI' (SPEC §2); it runs the first offered model. */
const SINGLE_MODEL_FAMILIES: ListFamily[] = ['tr', 'br'];

function afterRunTarget(family: ListFamily, hasActiveTypes: boolean, hasActiveElements: boolean): string {
  if (family === 'br') return '/pro/SignatureListingBR';
  if (family === 'tr') return '/pro/ProListingTR';
  const leftFlip = localStorage.getItem('LFlip') === 'true';
  return returnTargetAfterAgent({ leftFlip, hasActiveTypes, hasActiveElements });
}

/** SPEC §2 Agent settings panels for Types, Elements, TR and BR. */
export function AgentScreen({ family }: { family: ListFamily }) {
  const view = FAMILY_VIEW[family];
  const navigate = useNavigate();
  const models = useQuery(AI_MODELS);
  const previous = useQuery(PREVIOUS_SETTINGS, { variables: { family } });
  const { selection } = useSelection();
  const { state, run, cancel, reasonsUsed } = useAgentRun(family);
  const quota = useQuery(MY_AI_QUOTA, { fetchPolicy: 'cache-and-network' });
  const [model, setModel] = useState(MODEL_PLACEHOLDER);
  const [frequency, setFrequency] = useState('');
  const [role, setRole] = useState('');
  const [reference, setReference] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  /** Messages under their fields, by the run input's field name: this form's own checks, then the server's. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const level = Number(localStorage.getItem(view.levelKey) ?? 0) as Level;

  const options = models.data?.aiModels.models ?? [];
  const singleModel = SINGLE_MODEL_FAMILIES.includes(family);
  const choices = singleModel
    ? options.slice(0, 1).map((option) => ({ ...option, label: AGENT_MODEL_LABEL }))
    : options;

  // The form starts from the previous run's settings once they arrive (set while rendering, not in an effect).
  const settings = previous.data?.previousSettings;
  const [appliedSettings, setAppliedSettings] = useState<typeof settings>(undefined);
  if (settings && settings !== appliedSettings) {
    setAppliedSettings(settings);
    if (settings.aiModel) setModel(settings.aiModel);
    if (settings.frequency) setFrequency(String(settings.frequency));
    setRole(settings.agentRole ?? '');
    setReference(settings.name ?? '');
  }

  // A refused run puts the server's field messages under their fields (set while rendering, as above).
  const [seenState, setSeenState] = useState(state);
  if (state !== seenState) {
    setSeenState(state);
    if (state.phase === 'failed') setFieldErrors(state.fields);
  }
  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    if (fieldErrors[field]) setFieldErrors(({ [field]: _edited, ...others }) => others);
  };

  useEffect(() => {
    if (state.phase !== 'done') return;
    navigate(afterRunTarget(family, selection.activeTypes.length > 0, selection.activeElements.length > 0));
  }, [state, family, navigate, selection]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateFrequencyEntered(frequency) ?? validateAgentRun({ frequency, model });
    const tooMany = problem ? null : validateFrequencyLimit(frequency);
    setAlert(problem);
    setFieldErrors(tooMany ? { frequency: tooMany } : {});
    if (problem || tooMany) return;
    void run({
      family,
      aiModel: model,
      frequency: parseFrequency(frequency)!,
      levels: level,
      agentRole: role.trim() || undefined,
      name: reference.trim() || undefined,
    }).then(() => quota.refetch());
  }

  const running = state.phase === 'running';
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link to="/" aria-label="Back to home" className="chip">
            ‹ Home
          </Link>
        }
      />
      <main className="page-body agent-page">
        <h1>{view.title} agent</h1>
        {models.data?.aiModels.offline && (
          <p className="notice">No AI provider key is configured: an offline word-list provider answers.</p>
        )}
        <form className="agent-form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="agent-model">Model</label>
            <select
              id="agent-model"
              value={model}
              onChange={(event) => edit('aiModel', setModel)(event.target.value)}
              aria-invalid={fieldErrors.aiModel ? true : undefined}
              aria-describedby={fieldErrors.aiModel ? 'agent-model-error' : undefined}
            >
              <option value={MODEL_PLACEHOLDER}>{MODEL_PLACEHOLDER}</option>
              {choices.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            {fieldErrors.aiModel && (
              <p id="agent-model-error" className="field-error">
                {fieldErrors.aiModel}
              </p>
            )}
          </div>
          <TextField
            label="Frequency"
            name="frequency"
            inputMode="numeric"
            placeholder="Enter frequency like 5 or 10"
            value={frequency}
            onChange={(event) => edit('frequency', setFrequency)(event.target.value)}
            error={fieldErrors.frequency}
          />
          <TextField
            label="Agent role"
            name="agentRole"
            maxLength={AGENT_ROLE_MAX_LENGTH}
            value={role}
            onChange={(event) => edit('agentRole', setRole)(event.target.value)}
            error={fieldErrors.agentRole}
          />
          <TextField
            label="Reference name"
            name="reference"
            maxLength={REFERENCE_NAME_MAX_LENGTH}
            value={reference}
            onChange={(event) => edit('name', setReference)(event.target.value)}
            error={fieldErrors.name}
          />
          {alert && (
            <p className="form-error" role="alert">
              {alert}
            </p>
          )}
          {state.phase === 'failed' && state.message && (
            <p className="form-error" role="alert">
              {state.message}
            </p>
          )}
          {state.phase === 'not_due' && (
            <p className="notice" role="status">
              This agent already ran today{state.nextDate ? `; it can run again on ${state.nextDate}` : ''}.
            </p>
          )}
          <div className="agent-run-row">
            <button type="submit" className="button-primary" disabled={running}>
              {running ? 'Generating…' : 'Run'}
            </button>
            <AiQuotaNote quota={quota.data?.myAiQuota} />
          </div>
          {running && (
            <p className="notice" role="status">
              Generating your {view.title.toLowerCase()}… they will appear as soon as they are ready.
            </p>
          )}
          {(state.phase === 'running' || state.phase === 'cancelled') && (
            <RunProgressView
              run={state}
              cancel={
                state.phase === 'running'
                  ? { onCancel: () => void cancel(), cancelling: state.cancelling }
                  : undefined
              }
            />
          )}
          {(state.phase === 'running' || state.phase === 'cancelled') && (
            <ReasonsUsedNote reasons={reasonsUsed} />
          )}
        </form>
      </main>
      <footer className="activity-bar">
        <span>Activity</span>
        <span className="activity-time">{family === 'br' ? '1d' : levelLabel(level) || '—'}</span>
      </footer>
    </div>
  );
}
