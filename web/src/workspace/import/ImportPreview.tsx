import { useEffect, useRef } from 'react';
import { PROMPT_TARGET_LABELS, keptParameterName, withParameters, type ImportPlan } from '@promptloom/proto';
import {
  CUSTOM_FAMILY_LABELS,
  markLabel,
  type CustomChoice,
  type CustomFamily,
  type ImportChoices,
  type MatchedChoice,
} from './import-choices';

const KIND_LABELS: Record<MatchedChoice['kind'], string> = {
  type: 'Type',
  pro: 'Pro',
  element: 'Element',
  subElement: 'Sub-element',
};
const FAMILIES = Object.keys(CUSTOM_FAMILY_LABELS) as CustomFamily[];

function Mark({ item }: { item: { weight: number; avoid: boolean } }) {
  const label = markLabel(item);
  return label ? <span className="import-mark">{label}</span> : null;
}

/** What accepting the import will change, each item with a tick to leave it out. */
export function ImportPreview({
  plan,
  choices,
  onChange,
}: {
  plan: ImportPlan;
  choices: ImportChoices;
  onChange: (choices: ImportChoices) => void;
}) {
  // The paste box is gone: the preview takes the focus, so the keyboard goes on from what will change.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  const setMatched = (key: string, change: Partial<MatchedChoice>) =>
    onChange({
      ...choices,
      matched: choices.matched.map((item) => (item.key === key ? { ...item, ...change } : item)),
    });
  const setCustom = (key: string, change: Partial<CustomChoice>) =>
    onChange({
      ...choices,
      custom: choices.custom.map((item) => (item.key === key ? { ...item, ...change } : item)),
    });
  const activate = choices.matched.filter((item) => !item.avoid);
  const add = choices.custom.filter((item) => !item.avoid);
  const avoid: Array<MatchedChoice | CustomChoice> = [
    ...choices.matched.filter((item) => item.avoid),
    ...choices.custom.filter((item) => item.avoid),
  ];
  const notCarried = [
    ...plan.parameters
      .filter((parameter) => keptParameterName(parameter.flag) === null)
      .map((parameter) => `${parameter.flag} ${parameter.value}`.trim()),
    ...plan.ignored,
  ];

  return (
    <div className="import-preview" role="group" aria-label="Import preview" tabIndex={-1} ref={region}>
      <p className="import-target">
        Target: <strong>{choices.target ? PROMPT_TARGET_LABELS[choices.target] : 'unchanged'}</strong>
      </p>
      <fieldset className="import-group">
        <legend>Activate from your lists ({activate.filter((item) => item.ticked).length})</legend>
        {activate.length === 0 && <p className="list-status">None of your items is in this prompt.</p>}
        {activate.map((item) => (
          <label key={item.key} className="import-row">
            <input
              type="checkbox"
              checked={item.ticked}
              onChange={() => setMatched(item.key, { ticked: !item.ticked })}
            />
            <span className="import-name">{item.name}</span>
            <span className="import-kind">{KIND_LABELS[item.kind]}</span>
            <Mark item={item} />
          </label>
        ))}
      </fieldset>
      <fieldset className="import-group">
        <legend>Add as custom items ({add.filter((item) => item.ticked).length})</legend>
        {add.length === 0 && (
          <p className="list-status">Every word is already in your lists: nothing new to add.</p>
        )}
        {add.map((item) => (
          <div key={item.key} className="import-row">
            <label className="import-row-label">
              <input
                type="checkbox"
                checked={item.ticked}
                onChange={() => setCustom(item.key, { ticked: !item.ticked })}
              />
              <span className="import-name">{item.text}</span>
              <Mark item={item} />
            </label>
            <select
              aria-label={`List for ${item.text}`}
              value={item.family}
              disabled={!item.ticked}
              onChange={(event) => {
                const family = FAMILIES.find((value) => value === event.target.value);
                if (family) setCustom(item.key, { family });
              }}
            >
              {FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {CUSTOM_FAMILY_LABELS[family]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      {avoid.length > 0 && (
        <fieldset className="import-group">
          <legend>Avoid ({avoid.filter((item) => item.ticked).length})</legend>
          <p className="import-note">
            Avoided words are kept as avoid marks; none is activated or added to a list.
          </p>
          {avoid.map((item) => (
            <label key={item.key} className="import-row">
              <input
                type="checkbox"
                checked={item.ticked}
                onChange={() =>
                  'text' in item
                    ? setCustom(item.key, { ticked: !item.ticked })
                    : setMatched(item.key, { ticked: !item.ticked })
                }
              />
              <span className="import-name">{'text' in item ? item.text : item.name}</span>
              {'kind' in item && <span className="import-kind">{KIND_LABELS[item.kind]}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {choices.parameters.length > 0 && (
        <label className="import-row import-row-nowrap">
          <input
            type="checkbox"
            checked={choices.keepParameters}
            onChange={() => onChange({ ...choices, keepParameters: !choices.keepParameters })}
          />
          <span className="import-name">
            Keep the parameters <code>{withParameters('', choices.parameters)}</code>
          </span>
        </label>
      )}
      {notCarried.length > 0 && <p className="import-note">Not carried over: {notCarried.join(' ')}</p>}
      {plan.notes.map((note) => (
        <p key={note} className="import-note">
          {note}
        </p>
      ))}
    </div>
  );
}
