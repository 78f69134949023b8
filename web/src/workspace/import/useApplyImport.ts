import { useMutation } from '@apollo/client/react';
import { MAX_MARKS_PER_CHANGE, type PromptTarget } from '@promptloom/proto';
import { SELECTION } from '../data/selection-operations';
import { MY_STREAM_SETTINGS, UPDATE_STREAM_SETTINGS } from '../stream/stream-settings-operations';
import { IMPORT_SELECTION } from './import-operations';
import { requestOf, type ImportChoices } from './import-choices';

/**
 * Accepting an import: the selection and the custom items in one server call (all or nothing), then the target,
 * the Midjourney parameters and the marks in the Stream settings.
 */
export function useApplyImport() {
  const [importSelection] = useMutation(IMPORT_SELECTION, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: SELECTION, data: { selection: data.importSelection } });
    },
  });
  const [updateSettings] = useMutation(UPDATE_STREAM_SETTINGS, {
    update: (cache, { data }) => {
      const cached = cache.readQuery({ query: MY_STREAM_SETTINGS })?.myStreamSettings;
      if (data && (!cached || cached.version < data.updateStreamSettings.version))
        cache.writeQuery({
          query: MY_STREAM_SETTINGS,
          data: { myStreamSettings: data.updateStreamSettings },
        });
    },
  });

  return async function apply(choices: ImportChoices): Promise<number> {
    const { input, marks, parameters, count } = requestOf(choices);
    await importSelection({ variables: { input } });
    const target: PromptTarget | undefined = choices.target ?? undefined;
    const parts: Array<typeof marks> = [];
    for (let start = 0; start < marks.length; start += MAX_MARKS_PER_CHANGE)
      parts.push(marks.slice(start, start + MAX_MARKS_PER_CHANGE));
    if (parts.length === 0 && (target || parameters)) parts.push([]);
    for (const [index, part] of parts.entries()) {
      const first = index === 0 ? { target, parameters: parameters ?? undefined } : {};
      await updateSettings({ variables: { input: { ...first, marks: part } } });
    }
    return count;
  };
}
