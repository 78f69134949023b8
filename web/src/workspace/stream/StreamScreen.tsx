import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import {
  COPY_CONFIRMATION_MS,
  ENHANCE_OPTIONS,
  NO_ENHANCEMENTS,
  applyFix,
  checkPrompt,
  renderPrompt,
  hasNegativePrompt,
  needsClipTokenizer,
  type EnhanceToggles,
} from '@promptloom/proto';
import { SessionRefusedError } from '../../apollo/client';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { useSession } from '../../session/SessionProvider';
import { useStoredState } from '../data/useStoredState';
import { REFINE_PROMPT } from './stream-operations';
import { UPLOAD_FAILED, imagePreviewUrl, uploadStreamImage } from './upload-image';
import { useStreamSelection } from './useStreamSelection';
import { useStreamSettings } from './useStreamSettings';
import { useClipTokenizer } from './useClipTokenizer';
import { readingViewOf } from './reading-window';
import { LeftOutNote } from './LeftOutNote';
import { ItemMarksPanel } from './ItemMarksPanel';
import { PromptEditor } from './PromptEditor';
import { ReasonsUsedNote } from '../reasons/ReasonsUsedNote';
import { TargetSelector } from './TargetSelector';
import { markableNames } from './item-marks';
import { ImportPrompt } from '../import/ImportPrompt';
import { KeptParameters } from '../import/KeptParameters';
import { HistoryPanel } from '../history/HistoryPanel';
import { usePromptRecorder } from '../history/usePromptRecorder';
import { useRestoreVersion } from '../history/useRestoreVersion';
import { useActiveSignature } from '../signature/useActiveSignature';
import { promptBasisOf, versionBasisOf } from '../history/prompt-basis';
import { type PromptVersionView } from '../history/prompt-history-operations';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

/** SPEC §2 Stream page: the active selection, enhance toggles, the prompt with Refine and Copy, the image upload. */
export function StreamScreen() {
  const { user, fetchAsUser } = useSession();
  const { selection, ready } = useStreamSelection();
  const [toggles, setToggles] = useStoredState<EnhanceToggles>('stream_toggles', NO_ENHANCEMENTS);
  const settings = useStreamSettings();
  const { target } = settings;
  const rendered = renderPrompt(target, {
    selection,
    toggles,
    marks: settings.marks,
    parameters: settings.parameters,
  });
  const defaultNegative = rendered.negativePrompt ?? '';
  const basis = promptBasisOf(target, rendered);
  const [prompt, setPrompt] = useState(rendered.prompt);
  const [negative, setNegative] = useState(defaultNegative);
  const [promptBasis, setPromptBasis] = useState(basis);
  // What the last rebuild wrote: a prompt that differs from it holds the user's own words (an edit, a Refine).
  const [rebuilt, setRebuilt] = useState({ prompt: rendered.prompt, negative: defaultNegative });
  const [replacedWords, setReplacedWords] = useState<{ prompt: string; negative: string } | null>(null);
  const [refine, refining] = useMutation(REFINE_PROMPT);
  const [notice, setNotice] = useState<string | null>(null);
  const [offlineNote, setOfflineNote] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Issue #19: a restored prompt stays until the page reaches the version's basis (its selection is back), or until
  // the user changes a toggle, the target or a mark. When some items no longer exist the page never reaches it: once
  // the restore has answered, the basis it left is taken as reached, so later changes rebuild the prompt again.
  const [restoredBasis, setRestoredBasis] = useState<string | null>(null);
  const [restoreAnswered, setRestoreAnswered] = useState(false);
  const [restoreNote, setRestoreNote] = useState<string | null>(null);
  const restoreVersion = useRestoreVersion(settings.restore);
  const savedSignature = useActiveSignature().saved;
  const signatureSource = savedSignature
    ? { type: savedSignature.type ?? null, elements: savedSignature.signatureElements }
    : null;
  const recorder = usePromptRecorder(
    { prompt, negative, selection, toggles, target, parameters: settings.parameters, signatureSource },
    { ready: ready && settings.loaded, editorIds: ['stream-prompt', 'stream-negative-prompt'] },
  );

  // SPEC §4: changing a toggle, the selection, the target or a mark rebuilds the default prompt (set while
  // rendering, not in an effect, so no render shows the stale prompt).
  // The user's own words are never lost silently: a rebuild over them keeps them for Undo.
  if (promptBasis !== basis) {
    setPromptBasis(basis);
    if (restoredBasis === null) {
      const ownWords = prompt !== rebuilt.prompt || negative !== rebuilt.negative;
      setReplacedWords(ownWords ? { prompt, negative } : null);
      setRebuilt({ prompt: rendered.prompt, negative: defaultNegative });
      setPrompt(rendered.prompt);
      setNegative(defaultNegative);
    } else if (restoredBasis === basis) setRestoredBasis(null);
  }
  const undoRebuild = () => {
    if (!replacedWords) return;
    setPrompt(replacedWords.prompt);
    setNegative(replacedWords.negative);
    setReplacedWords(null);
    recorder.edited();
  };
  if (restoreAnswered) {
    setRestoreAnswered(false);
    setRestoredBasis(null);
  }
  // Issue #18: the checker runs on every keystroke; it only marks, it never blocks Copy.
  const withNegative = hasNegativePrompt(target);
  const canCount = useClipTokenizer(needsClipTokenizer(target));
  const problems = checkPrompt(target, prompt, withNegative ? negative : undefined);
  const problemsIn = (field: 'prompt' | 'negativePrompt') =>
    problems.filter((problem) => problem.field === field);

  async function refinePrompt() {
    setNotice(null);
    setOfflineNote(null);
    recorder.flush();
    try {
      const { data } = await refine({ variables: { prompt, target } });
      const result = data?.refinePrompt;
      if (result?.refined) {
        setPrompt(result.prompt);
        recorder.record('refined', result.prompt);
      }
      if (result?.offline) setOfflineNote(result.message);
      else if (!result?.refined) setNotice(result?.message ?? 'No response from AI');
    } catch (error) {
      // The server's words ("The prompt field must not be greater than 5000 characters."), else SPEC's.
      setNotice(firstMessageOf(formErrorsOf(error, 'Error occurred while processing.')));
    }
  }

  async function copyPrompt() {
    await navigator.clipboard.writeText(prompt);
    recorder.record('copied');
    setCopied(true);
    setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const image = event.target.files?.[0];
    event.target.value = '';
    if (!image || !user) return;
    setNotice(null);
    if (!image.type.startsWith('image/')) return setNotice('Only images can be uploaded.');
    setUploading(true);
    try {
      const imageUrl = await uploadStreamImage(fetchAsUser, {
        userId: user.id,
        image,
        prompt,
        signature: selection.signature,
        toggles,
      });
      recorder.record('uploaded');
      setPreview(await imagePreviewUrl(fetchAsUser, imageUrl));
      setUploads((count) => count + 1);
    } catch (error) {
      // Refused session: the client is signing out already.
      if (error instanceof SessionRefusedError) return;
      window.alert(UPLOAD_FAILED);
      setNotice(UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  }

  /**
   * The version's prompt at once; its selection, signature, target and parameters follow from the server, and the
   * prompt box keeps the version's prompt until the page's basis reaches the version's.
   */
  async function restore(version: PromptVersionView) {
    const versionBasis = versionBasisOf(version, {
      marks: settings.marks,
      parameters: settings.parameters,
      signature: selection.signature,
    });
    setRestoredBasis(versionBasis === basis ? null : versionBasis);
    setPrompt(version.prompt);
    setNegative(version.negativePrompt ?? '');
    setToggles(version.snapshot.toggles);
    setRestoreNote(null);
    setNotice(null);
    try {
      const missing = await restoreVersion(version);
      setRestoreAnswered(true);
      setRestoreNote(
        missing > 0
          ? `Restored. ${missing} ${missing === 1 ? 'item no longer exists' : 'items no longer exist'}.`
          : 'Restored.',
      );
    } catch {
      setRestoreAnswered(true);
      setRestoreNote(null);
      setNotice('The version could not be restored completely. Please try again.');
    }
  }

  const chips = [
    ...selection.types,
    ...selection.proItems,
    ...selection.elements.map((element) => element.name),
  ];
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to="/">
            ‹ Home
          </Link>
        }
        end={
          <button
            type="button"
            className="chip"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            History
          </button>
        }
      />
      {historyOpen && (
        <HistoryPanel onClose={() => setHistoryOpen(false)} onRestore={(version) => void restore(version)} />
      )}
      <main className="page-body stream-page">
        <h1>Stream</h1>
        <ImportPrompt />
        <section aria-label="Active selection" className="selection-chips">
          {!ready ? (
            <span className="list-status">Loading...</span>
          ) : (
            chips.map((chip) => (
              <span key={chip} className="chip">
                {chip}
              </span>
            ))
          )}
        </section>
        <TargetSelector
          target={target}
          onChange={(next) => {
            setRestoredBasis(null);
            settings.setTarget(next);
          }}
        />
        <KeptParameters
          target={target}
          parameters={settings.parameters}
          onClear={() => settings.setParameters([])}
        />
        <ItemMarksPanel
          names={markableNames(selection)}
          marks={settings.marks}
          onChange={(name, weight, avoid) => {
            setRestoredBasis(null);
            settings.setMark(name, weight, avoid);
          }}
        />
        <fieldset className="toggles">
          <legend>Enhance</legend>
          {ENHANCE_OPTIONS.map((option) => (
            <label key={option.key} className="sub-element">
              <input
                type="checkbox"
                checked={toggles[option.key]}
                onChange={() => {
                  setRestoredBasis(null);
                  setToggles({ ...toggles, [option.key]: !toggles[option.key] });
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <PromptEditor
          id="stream-prompt"
          label="Prompt"
          rows={6}
          value={prompt}
          onChange={(text) => {
            setPrompt(text);
            setReplacedWords(null);
            recorder.edited();
          }}
          onFix={(problem) => setPrompt(applyFix(prompt, problem))}
          problems={problemsIn('prompt')}
          reading={readingViewOf(target, prompt, canCount)}
        />
        <LeftOutNote target={target} names={rendered.leftOut} />
        {replacedWords && (
          <p className="notice rebuilt-notice" role="status">
            The prompt was rebuilt from your choices, over your own words.{' '}
            <button type="button" className="button-secondary" onClick={undoRebuild}>
              Undo
            </button>
          </p>
        )}
        {withNegative && (
          <PromptEditor
            id="stream-negative-prompt"
            label="Negative prompt"
            rows={3}
            value={negative}
            onChange={(text) => {
              setNegative(text);
              recorder.edited();
            }}
            onFix={(problem) => setNegative(applyFix(negative, problem))}
            problems={problemsIn('negativePrompt')}
            reading={readingViewOf(target, negative, canCount, 'negativePrompt')}
          />
        )}
        <div className="button-row">
          <button
            type="button"
            className="button-secondary"
            disabled={refining.loading}
            onClick={() => void refinePrompt()}
          >
            {refining.loading ? 'Refining…' : 'Refine'}
          </button>
          <button type="button" className="button-primary" onClick={() => void copyPrompt()}>
            {copied ? 'Copied!' : 'Copy Prompt'}
          </button>
        </div>
        {!refining.loading && <ReasonsUsedNote reasons={refining.data?.refinePrompt.reasonsUsed} />}
        {offlineNote && (
          <p className="notice offline-note" role="status">
            <strong>Offline</strong> {offlineNote}
          </p>
        )}
        {restoreNote && (
          <p className="notice restore-note" role="status">
            {restoreNote}
          </p>
        )}
        {notice && (
          <p className="form-error" role="alert">
            {notice}
          </p>
        )}
        <label className="upload-area">
          <input type="file" accept="image/*" onChange={(event) => void upload(event)} disabled={uploading} />
          <span>{uploading ? 'Uploading…' : 'Upload an image (images only)'}</span>
        </label>
        {preview && <img className="upload-preview" src={preview} alt="Your uploaded image" />}
      </main>
      <footer className="activity-bar" aria-label="Reach">
        <span>Reach</span>
        <span className="activity-time">{uploads} uploaded</span>
      </footer>
    </div>
  );
}
