import {
  keptParameterName,
  type PromptParameter,
  type CustomCandidate,
  type ImportPlan,
  type MatchedItem,
  type PromptTarget,
} from '@promptloom/proto';

/** The lists a custom item can go to. */
export type CustomFamily = 'tl' | 'bl' | 'tr';
export const CUSTOM_FAMILY_LABELS: Record<CustomFamily, string> = { tl: 'Types', bl: 'Elements', tr: 'Pro' };

export interface MatchedChoice extends MatchedItem {
  key: string;
  ticked: boolean;
}

export interface CustomChoice extends CustomCandidate {
  key: string;
  ticked: boolean;
  family: CustomFamily;
}

/** The preview's state: every change ticked at first; the user unticks what they do not want. */
export interface ImportChoices {
  target: PromptTarget | null;
  matched: MatchedChoice[];
  custom: CustomChoice[];
  /** The Midjourney parameters the Stream page can keep, and whether to keep them. */
  parameters: PromptParameter[];
  keepParameters: boolean;
}

export const choicesOf = (plan: ImportPlan): ImportChoices => ({
  target: plan.target,
  matched: plan.matched.map((item) => ({ ...item, key: `${item.kind}-${item.id}`, ticked: true })),
  custom: plan.custom.map((item, index) => ({ ...item, key: `custom-${index}`, ticked: true, family: 'bl' })),
  parameters: keptParametersOf(plan),
  keepParameters: true,
});

/** The plan's parameters the Stream settings can keep (known Midjourney ones other than --v, --niji, --no). */
export const keptParametersOf = (plan: ImportPlan): PromptParameter[] =>
  plan.parameters
    .filter((parameter) => keptParameterName(parameter.flag) !== null)
    .map((parameter) => ({ flag: parameter.flag, value: parameter.value }));

/** The import as the server takes it, and the marks (weights, avoid; plain ones clear) for the Stream settings. */
export function requestOf(choices: ImportChoices) {
  const matched = choices.matched.filter((item) => item.ticked);
  const custom = choices.custom.filter((item) => item.ticked);
  // An avoided word is an avoid mark only: it is neither activated nor added to a list.
  const activated = matched.filter((item) => !item.avoid);
  const added = custom.filter((item) => !item.avoid);
  const familyOf = { type: 'tl', element: 'bl', pro: 'tr' } as const;
  const items = activated.flatMap((item) =>
    item.kind === 'subElement' ? [] : [{ family: familyOf[item.kind], itemId: item.id }],
  );
  const subElementIds = activated.filter((item) => item.kind === 'subElement').map((item) => item.id);
  // Every imported item's mark as the paste says it, a plain one too: a plain mark clears what an earlier mark
  // said of the name (a word avoided before and used positively now is no longer avoided).
  const marks = [
    ...matched.map((item) => ({ ...item, name: item.name })),
    ...custom.map((item) => ({ ...item, name: item.text })),
  ].map((item) => ({ name: item.name, weight: item.weight, avoid: item.avoid }));
  return {
    input: { items, subElementIds, custom: added.map((item) => ({ family: item.family, text: item.text })) },
    marks,
    parameters: choices.keepParameters && choices.parameters.length > 0 ? choices.parameters : null,
    count: matched.length + custom.length,
  };
}

/** '+2', '−1' or 'avoid', as the preview shows a change's mark; '' for none. */
export function markLabel(item: { weight: number; avoid: boolean }): string {
  if (item.avoid) return 'avoid';
  if (item.weight === 0) return '';
  return item.weight > 0 ? `+${item.weight}` : `−${-item.weight}`;
}
