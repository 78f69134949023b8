import { checkPrompt, repairPrompt } from './check';
import {
  MIDJOURNEY_PARAMETERS,
  MIDJOURNEY_VERSIONS,
  type MidjourneyParameter,
  type ParameterValue,
} from './midjourney-parameters';
import { formatNumber } from './problems';
import type { MidjourneyVersion, PromptTarget } from './targets';

const TARGET_OF: Record<MidjourneyVersion, PromptTarget> = {
  '6': 'midjourney-6',
  '6.1': 'midjourney-6.1',
  '7': 'midjourney-7',
  'niji 6': 'niji-6',
};
const LABEL: Record<MidjourneyVersion, string> = { '6': 'v6', '6.1': 'v6.1', '7': 'v7', 'niji 6': 'niji 6' };

/** Values the version accepts, as written after the flag ('' for a switch). */
function goodValues(
  parameter: MidjourneyParameter,
  value: ParameterValue,
  version: MidjourneyVersion,
): string[] {
  switch (value.kind) {
    case 'none':
      return [''];
    case 'number':
      return [value.min, value.max, value.integer ? Math.round((value.min + value.max) / 2) : 1.5].map(
        String,
      );
    case 'levels':
      return value.values.map(formatNumber);
    case 'choice':
      if (parameter.name === 'v') return [version, ...(version === '6' ? ['6.0'] : [])];
      if (parameter.name === 'niji') return ['6'];
      return [...value.values];
    case 'ratio':
      return ['16:9', '1:1', '2:3'];
    case 'words':
      return ['red, shadows', 'text'];
    case 'references':
      return ['https://example.com/a.png', ...(value.optional ? [''] : ['https://example.com/a.png 12345'])];
  }
}

/** Values the version refuses, with the words the message must contain and the value the fix writes. */
function badValues(
  parameter: MidjourneyParameter,
  value: ParameterValue,
  version: MidjourneyVersion,
): { value: string; says: string; fixed: string | null }[] {
  const flag = `--${parameter.name}`;
  const on = LABEL[version];
  switch (value.kind) {
    case 'number': {
      const range = `${formatNumber(value.min)}–${formatNumber(value.max)}`;
      const cases = [
        {
          value: String(value.max + 1),
          says: `${flag} ${value.max + 1} is above the ${range} that ${on} accepts.`,
          fixed: formatNumber(value.max),
        },
        { value: 'lots', says: `${flag} takes a number from ${range}, not "lots".`, fixed: null },
      ];
      if (value.min > 0)
        cases.push({
          value: String(value.min - 1),
          says: `${flag} ${value.min - 1} is below the ${range} that ${on} accepts.`,
          fixed: formatNumber(value.min),
        });
      if (value.integer)
        cases.push({
          value: `${value.min}.5`,
          says: `${flag} takes a whole number`,
          fixed: String(value.min + 1),
        });
      return cases;
    }
    case 'levels':
      return [{ value: '3', says: `${flag} 3 is not a ${parameter.label} ${on} accepts (`, fixed: '2' }];
    case 'choice':
      if (parameter.name === 'v' || parameter.name === 'niji') {
        const other = parameter.name === 'niji' ? '5' : version === '7' ? '6' : '7';
        return [
          {
            value: other,
            says: 'asks for another model than the chosen target',
            fixed: parameter.name === 'niji' ? '6' : version,
          },
        ];
      }
      return [
        {
          value: 'banana',
          says: `${flag} banana is not a ${parameter.label} ${on} accepts`,
          fixed: value.values[0]!,
        },
      ];
    case 'ratio':
      return [
        {
          value: '16/9',
          says: `${flag} takes whole numbers with a colon, like 16:9, not 16/9.`,
          fixed: '16:9',
        },
        { value: '1.5:1', says: 'like 3:2', fixed: '3:2' },
        { value: 'wide', says: `${flag} takes a width and height like 16:9`, fixed: null },
      ];
    case 'words':
    case 'references':
      return value.kind === 'references' && value.optional
        ? []
        : [{ value: '', says: `${flag} needs a value`, fixed: null }];
    case 'none':
      return [];
  }
}

const cases = MIDJOURNEY_PARAMETERS.flatMap((parameter) =>
  MIDJOURNEY_VERSIONS.map((version) => ({
    parameter,
    version,
    name: `--${parameter.name} on ${LABEL[version]}`,
  })),
);

describe.each(cases)('$name', ({ parameter, version }) => {
  const target = TARGET_OF[version];
  const value = parameter.versions[version];

  if (value) {
    it('accepts every value the version takes, under every spelling', () => {
      for (const name of [parameter.name, ...parameter.aliases])
        for (const good of goodValues(parameter, value, version)) {
          const prompt = `a lighthouse at dusk --${name}${good ? ` ${good}` : ''}`;
          expect([prompt, checkPrompt(target, prompt)]).toEqual([prompt, []]);
        }
    });

    it('explains each refused value with the version’s real values, and fixes it', () => {
      for (const bad of badValues(parameter, value, version)) {
        const prompt = `a lighthouse --${parameter.name}${bad.value ? ` ${bad.value}` : ''} --tile`;
        const problems = checkPrompt(target, prompt);
        expect(problems).toHaveLength(1);
        expect(problems[0]!.message).toContain(bad.says);
        const repaired = repairPrompt(target, prompt);
        expect(repaired.problems).toEqual([]);
        if (bad.fixed !== null)
          expect(repaired.prompt).toBe(`a lighthouse --${parameter.name} ${bad.fixed} --tile`);
        else expect(repaired.prompt).toBe('a lighthouse --tile');
      }
    });
  } else {
    it('is refused by this version, with what to use instead', () => {
      const sample = Object.values(parameter.versions)[0]!;
      const written = goodValues(parameter, sample, '7')[0]!;
      const prompt = `a lighthouse --${parameter.name}${written ? ` ${written}` : ''}`;
      const problems = checkPrompt(target, prompt);
      expect(problems).toHaveLength(1);
      expect(['not-in-version', 'wrong-version']).toContain(problems[0]!.code);
      const instead = parameter.instead?.[version];
      if (instead && parameter.name !== 'v' && parameter.name !== 'niji')
        expect(problems[0]!.message).toBe(
          `--${parameter.name} (${parameter.label}) does not work on Midjourney ${LABEL[version]}; use --${instead} there.`,
        );
      expect(repairPrompt(target, prompt).problems).toEqual([]);
    });
  }
});

describe('the parameter table', () => {
  it('holds every parameter issue 18 names', () => {
    const names = MIDJOURNEY_PARAMETERS.flatMap((parameter) => [parameter.name, ...parameter.aliases]);
    for (const name of [
      'ar',
      'v',
      'q',
      'stylize',
      's',
      'chaos',
      'c',
      'weird',
      'w',
      'seed',
      'no',
      'stop',
      'tile',
      'style',
      'sref',
      'cref',
      'oref',
      'iw',
      'niji',
    ])
      expect(names).toContain(name);
  });

  it('says what to use instead wherever a version lacks a parameter that has a counterpart', () => {
    const cref = MIDJOURNEY_PARAMETERS.find((parameter) => parameter.name === 'cref')!;
    expect(cref.versions['7']).toBeUndefined();
    expect(cref.instead?.['7']).toBe('oref');
    expect(checkPrompt('midjourney-7', 'a knight --cref https://example.com/k.png')[0]!.fix).toEqual({
      label: 'Change to --oref',
      replacement: '--oref',
    });
  });
});
