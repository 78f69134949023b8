import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { type ApolloCache } from '@apollo/client';
import {
  DEFAULT_PROMPT_TARGET,
  mergeMarks,
  toPromptTarget,
  type ItemMark,
  type ItemWeight,
  type PromptParameter,
  type PromptTarget,
} from '@promptloom/proto';
import {
  MY_STREAM_SETTINGS,
  STREAM_SETTINGS_CHANGED,
  UPDATE_STREAM_SETTINGS,
  type StreamSettingsView,
} from './stream-settings-operations';
import { markEntry, marksByName, type MarkEntry } from './item-marks';

/** Keeps the newer of the cached settings and `settings`: a late answer never undoes a later change. */
function keepNewest(cache: ApolloCache, settings: StreamSettingsView) {
  const cached = cache.readQuery({ query: MY_STREAM_SETTINGS })?.myStreamSettings;
  if (cached && cached.version > settings.version) return;
  cache.writeQuery({ query: MY_STREAM_SETTINGS, data: { myStreamSettings: settings } });
}

/**
 * The user's Stream settings on the server (issue #18): the prompt target and the item marks, the same on every
 * device: changes anywhere arrive through `streamSettingsChanged`.
 */
export function useStreamSettings() {
  const query = useQuery(MY_STREAM_SETTINGS);
  useSubscription(STREAM_SETTINGS_CHANGED, {
    onData: ({ client, data }) => {
      const change = data.data?.streamSettingsChanged;
      if (change) keepNewest(client.cache, change.settings);
    },
  });
  const [update] = useMutation(UPDATE_STREAM_SETTINGS, {
    update: (cache, { data }) => {
      if (data) keepNewest(cache, data.updateStreamSettings);
    },
  });
  const settings = query.data?.myStreamSettings;
  const marks: MarkEntry[] = settings?.marks ?? [];

  function change(input: { target?: PromptTarget; marks?: MarkEntry[]; parameters?: PromptParameter[] }) {
    const base = settings ?? {
      target: DEFAULT_PROMPT_TARGET,
      version: 0,
      updatedAt: null,
      marks: [],
      parameters: [],
    };
    const optimistic: StreamSettingsView = {
      ...base,
      target: input.target ?? base.target,
      parameters: input.parameters ?? base.parameters,
      version: base.version + 1,
      marks: mergeMarks(base.marks, input.marks ?? []),
    };
    return update({
      variables: { input },
      optimisticResponse: { updateStreamSettings: optimistic },
    }).catch(async (error: unknown) => {
      await query.refetch();
      throw error;
    });
  }
  const quietly = (input: Parameters<typeof change>[0]) => void change(input).catch(() => undefined);

  return {
    loaded: !!settings,
    target: toPromptTarget(settings?.target),
    marks: marksByName(marks),
    parameters: settings?.parameters ?? [],
    setTarget: (target: PromptTarget) => quietly({ target }),
    setMark: (name: string, weight: ItemWeight, avoid: boolean) =>
      quietly({ marks: [markEntry(name, weight, avoid)] }),
    setParameters: (parameters: PromptParameter[]) => quietly({ parameters }),
    /** A prompt version's target and parameters (issue #19), shown at once; rejects when the server refused. */
    restore: (input: { target: PromptTarget; parameters?: PromptParameter[] }) => change(input),
  };
}

export type { ItemMark };
