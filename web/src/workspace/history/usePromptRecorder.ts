import { useEffect, useEffectEvent, useRef } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  type EnhanceToggles,
  type PromptParameter,
  type PromptTarget,
  type PromptVersionOrigin,
  type StreamSelection,
} from '@promptloom/proto';
import { SAVE_PROMPT_VERSION } from './prompt-history-operations';

/** An edit is saved once the typing stops this long, or when the prompt box loses focus. */
export const EDIT_PAUSE_MS = 1500;
/** The assembled prompt settles in steps (the lists, then the sub-elements load): it is saved once it is quiet. */
const ASSEMBLE_PAUSE_MS = 800;

export interface PromptOnPage {
  prompt: string;
  negative: string;
  selection: StreamSelection;
  toggles: EnhanceToggles;
  target: PromptTarget;
  /** The kept Midjourney parameters (Stream settings). */
  parameters: PromptParameter[];
  /** The saved signature's BR code type and source elements, so a restore keeps its code. */
  signatureSource: { type: string | null; elements: string[] } | null;
}

interface Pending {
  origin: PromptVersionOrigin;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Saves the Stream page's prompt versions (issue #19): `record` at once (refined, copied, uploaded), `assembled`
 * and `edited` after a pause. Saves go one after another, so the history keeps the order they happened in; the
 * server skips a version equal to the newest.
 */
export function usePromptRecorder(page: PromptOnPage, options: { ready: boolean; editorIds: string[] }) {
  const [save] = useMutation(SAVE_PROMPT_VERSION);
  const latest = useRef(page);
  const pending = useRef<Pending | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    latest.current = page;
  });

  function send(origin: PromptVersionOrigin, prompt: string, negative: string) {
    if (!prompt.trim()) return;
    const { selection, toggles, target, parameters, signatureSource } = latest.current;
    const input = {
      prompt,
      negativePrompt: negative || null,
      origin,
      snapshot: {
        selection: {
          types: [...selection.types],
          proItems: [...selection.proItems],
          elements: selection.elements.map((element) => ({
            name: element.name,
            subElements: [...element.subElements],
          })),
          signature: [...selection.signature],
        },
        toggles,
        target,
        parameters: parameters.map(({ flag, value }) => ({ flag, value })),
        signatureType: signatureSource?.type ?? null,
        signatureElements: signatureSource ? [...signatureSource.elements] : [],
      },
    };
    // A history that could not be saved (refused as too many, say) must not stop the page, nor show an error: the
    // next version tries again.
    queue.current = queue.current.then(() => save({ variables: { input } }).catch(() => undefined));
  }

  /** Saves what is waiting (an edit, an assembled prompt) now. */
  function flush() {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    send(waiting.origin, latest.current.prompt, latest.current.negative);
  }

  function later(origin: PromptVersionOrigin, pauseMs: number) {
    if (pending.current && pending.current.origin !== origin) flush();
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = {
      origin,
      timer: setTimeout(() => {
        pending.current = null;
        send(origin, latest.current.prompt, latest.current.negative);
      }, pauseMs),
    };
  }

  // A new assembled prompt (the selection, toggles, target or parameters changed).
  const assembled = options.ready
    ? JSON.stringify([page.target, page.selection, page.toggles, page.parameters])
    : null;
  const onAssembled = useEffectEvent(() => later('assembled', ASSEMBLE_PAUSE_MS));
  useEffect(() => {
    if (assembled !== null) onAssembled();
  }, [assembled]);

  // Leaving a prompt box, or the page, saves a waiting edit.
  const editorKey = options.editorIds.join(' ');
  const onLeave = useEffectEvent((left: EventTarget | null) => {
    const ids = editorKey.split(' ');
    if (left instanceof HTMLElement && ids.includes(left.id) && pending.current?.origin === 'edited') flush();
  });
  const onUnmount = useEffectEvent(() => flush());
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => onLeave(event.target);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusout', onFocusOut);
      onUnmount();
    };
  }, []);

  return {
    /** The user typed in a prompt box. */
    edited: () => later('edited', EDIT_PAUSE_MS),
    /** Saves `prompt` (by default the page's) as a version of `origin`, after anything still waiting. */
    record: (origin: PromptVersionOrigin, prompt = page.prompt, negative = page.negative) => {
      flush();
      send(origin, prompt, negative);
    },
    flush,
  };
}
