import { editDistance, scanFlags, valueCount, type FlagGroup, type Token } from './flags';
import {
  MIDJOURNEY_PARAMETER_NAMES,
  findMidjourneyParameter,
  versionLabel,
  type MidjourneyParameter,
  type ParameterValue,
} from './midjourney-parameters';
import { checkMultiPromptWeights, checkBraces, checkForeignWeights } from './check-midjourney-text';
import { formatNumber, joinWithOr, removalSpan, type PromptProblem } from './problems';
import type { MidjourneyVersion } from './targets';

type Problem = Omit<PromptProblem, 'field'>;

/** Checks a Midjourney prompt against the parameters the chosen version accepts. */
export function checkMidjourney(version: MidjourneyVersion, text: string): PromptProblem[] {
  const { words, flags } = scanFlags(text);
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const paramsStart = flags[0]?.token.start ?? text.length;

  if (flags.length > 0 && words.length === 0)
    problems.push({
      start: flags[0]!.token.start,
      end: flags[0]!.token.end,
      message: 'There is nothing to draw: the prompt has parameters but no words before them.',
      fix: null,
      code: 'no-text',
      severity: 'error',
    });

  for (const group of flags) {
    const parameter = findMidjourneyParameter(group.name);
    const value = parameter?.versions[version] ?? null;
    const taken = valueCount(group, value);
    const values = group.following.slice(0, taken);
    const stray = group.following.slice(taken);
    const whole = { start: group.token.start, end: (values[values.length - 1] ?? group.token).end };
    const remove = (label = `Remove ${flagText(group, values)}`) => {
      const span = removalSpan(text, whole.start, whole.end);
      return { ...span, fix: { label, replacement: '' } };
    };

    if (group.dash !== '--')
      problems.push({
        start: group.token.start,
        end: group.token.end,
        message: `${group.token.text} starts with a long dash; Midjourney needs two hyphens: --${group.name}.`,
        fix: { label: `Write --${group.name}`, replacement: `--${group.name}` },
        code: 'long-dash',
        severity: 'error',
      });

    if (!parameter) {
      problems.push(unknownParameter(group, remove));
    } else if (!value) {
      problems.push(notInVersion(version, parameter, group, values, whole, remove));
    } else if (seen.has(parameter.name)) {
      problems.push({
        ...remove(`Remove the second --${group.name}`),
        message: `--${group.name} is given twice; Midjourney reads only one, so keep the one you mean.`,
        code: 'duplicate-parameter',
        severity: 'error',
      });
    } else {
      seen.add(parameter.name);
      const problem = checkValue(version, parameter, value, group, values, remove);
      if (problem) problems.push(problem);
    }

    if (stray.length > 0) {
      const strayText = text.slice(stray[0]!.start, stray[stray.length - 1]!.end);
      const before = text.slice(paramsStart, stray[0]!.start).trimEnd();
      const wordsEnd = words[words.length - 1]?.end ?? 0;
      const start = words.length > 0 ? wordsEnd : paramsStart;
      const glue = words.length > 0 ? ' ' : '';
      problems.push({
        start,
        end: stray[stray.length - 1]!.end,
        message:
          `"${shorten(strayText)}" comes after the parameters, where Midjourney reads it as part of ` +
          `--${group.name}. Words go before the parameters.`,
        fix: {
          label: 'Move the words before the parameters',
          replacement: `${glue}${strayText} ${before}`,
        },
        code: 'words-after-parameters',
        severity: 'error',
      });
    }
  }

  const words_ = text.slice(0, paramsStart);
  problems.push(
    ...checkMultiPromptWeights(version, words_),
    ...checkBraces(words_),
    ...checkForeignWeights(words_),
  );
  return problems.map((problem) => ({ field: 'prompt', ...problem }));
}

const shorten = (text: string): string => (text.length > 40 ? `${text.slice(0, 37)}…` : text);

const flagText = (group: FlagGroup, values: readonly Token[]): string =>
  [`--${group.name}`, ...values.map((value) => value.text)].join(' ');

type Remove = (label?: string) => { start: number; end: number; fix: { label: string; replacement: string } };

function unknownParameter(group: FlagGroup, remove: Remove): Problem {
  const name = group.name.toLowerCase();
  const guess = MIDJOURNEY_PARAMETER_NAMES.filter((known) => known.length > 2 || name.length <= 3)
    .map((known) => ({ known, distance: editDistance(name, known) }))
    .filter(({ distance, known }) => distance > 0 && distance <= (known.length > 4 ? 2 : 1))
    .sort((a, b) => a.distance - b.distance)[0]?.known;
  const message = `--${group.name} is not a Midjourney parameter${guess ? `; did you mean --${guess}?` : '.'}`;
  if (guess)
    return {
      start: group.token.start,
      end: group.token.end,
      message,
      fix: { label: `Change to --${guess}`, replacement: `--${guess}` },
      code: 'unknown-parameter',
      severity: 'error',
    };
  return { ...remove(), message, code: 'unknown-parameter', severity: 'error' };
}

function notInVersion(
  version: MidjourneyVersion,
  parameter: MidjourneyParameter,
  group: FlagGroup,
  values: readonly Token[],
  whole: { start: number; end: number },
  remove: Remove,
): Problem {
  const on = `Midjourney ${versionLabel(version)}`;
  const instead = parameter.instead?.[version];
  if (parameter.name === 'niji' || parameter.name === 'v') {
    const right = version === 'niji 6' ? '--niji 6' : `--v ${version}`;
    return {
      start: whole.start,
      end: whole.end,
      message: `${flagText(group, values)} picks another model than the chosen target, ${on}: use ${right}.`,
      fix: { label: `Change to ${right}`, replacement: right },
      code: 'wrong-version',
      severity: 'error',
    };
  }
  if (instead)
    return {
      start: group.token.start,
      end: group.token.end,
      message: `--${group.name} (${parameter.label}) does not work on ${on}; use --${instead} there.`,
      fix: { label: `Change to --${instead}`, replacement: `--${instead}` },
      code: 'not-in-version',
      severity: 'error',
    };
  return {
    ...remove(),
    message: `--${group.name} (${parameter.label}) does not work on ${on}.`,
    code: 'not-in-version',
    severity: 'error',
  };
}

/** '0–1000', '.25, .5, 1 or 2'. */
export function describeAccepted(value: ParameterValue): string {
  switch (value.kind) {
    case 'number':
      return `${formatNumber(value.min)}–${formatNumber(value.max)}`;
    case 'levels':
      return joinWithOr(value.values.map(formatNumber));
    case 'choice':
      return joinWithOr([...value.values]);
    case 'ratio':
      return 'whole numbers like 16:9';
    case 'words':
      return 'words to leave out';
    case 'references':
      return 'image URLs or codes';
    case 'none':
      return 'no value';
  }
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)$/u;

function checkValue(
  version: MidjourneyVersion,
  parameter: MidjourneyParameter,
  value: ParameterValue,
  group: FlagGroup,
  values: readonly Token[],
  remove: Remove,
): Problem | null {
  const flag = `--${group.name}`;
  const on = versionLabel(version);
  const accepted = describeAccepted(value);
  const token = values[0];
  const needsValue = !(value.kind === 'none' || (value.kind === 'references' && value.optional));
  if (!token) {
    if (!needsValue) return null;
    return {
      ...remove(`Remove ${flag}`),
      message: `${flag} needs a value: ${accepted}.`,
      code: 'missing-value',
      severity: 'error',
    };
  }
  const replaceValue = (replacement: string, label = `Use ${flag} ${replacement}`) => ({
    start: token.start,
    end: token.end,
    fix: { label, replacement },
  });
  switch (value.kind) {
    case 'number': {
      if (!NUMBER.test(token.text))
        return {
          ...remove(),
          message: `${flag} takes a number from ${accepted}, not "${shorten(token.text)}".`,
          code: 'bad-value',
          severity: 'error',
        };
      const number = Number(token.text);
      const clamped = Math.min(value.max, Math.max(value.min, value.integer ? Math.round(number) : number));
      if (number > value.max || number < value.min)
        return {
          ...replaceValue(formatNumber(clamped)),
          message: `${flag} ${token.text} is ${number > value.max ? 'above' : 'below'} the ${accepted} that ${on} accepts.`,
          code: 'out-of-range',
          severity: 'error',
        };
      if (value.integer && !Number.isInteger(number))
        return {
          ...replaceValue(formatNumber(clamped)),
          message: `${flag} takes a whole number (${accepted}), not ${token.text}.`,
          code: 'bad-value',
          severity: 'error',
        };
      return null;
    }
    case 'levels': {
      const number = NUMBER.test(token.text) ? Number(token.text) : Number.NaN;
      if (value.values.includes(number)) return null;
      const nearest = Number.isNaN(number)
        ? value.values[0]!
        : value.values.reduce((best, level) =>
            Math.abs(level - number) < Math.abs(best - number) ? level : best,
          );
      return {
        ...replaceValue(formatNumber(nearest)),
        message: `${flag} ${shorten(token.text)} is not a ${parameter.label} ${on} accepts (${accepted}).`,
        code: 'out-of-range',
        severity: 'error',
      };
    }
    case 'choice': {
      const given = token.text.toLowerCase();
      if (parameter.name === 'v' || parameter.name === 'niji') {
        const wanted = parameter.name === 'niji' ? '6' : version;
        const normalized = given.replace(/^(\d)\.0$/u, '$1');
        if (normalized === wanted) return null;
        const known = value.values.includes(given);
        return {
          ...replaceValue(wanted),
          message: known
            ? `${flag} ${token.text} asks for another model than the chosen target, Midjourney ${on}.`
            : `${flag} ${shorten(token.text)} is not a Midjourney version; the chosen target is ${on}.`,
          code: known ? 'wrong-version' : 'bad-value',
          severity: 'error',
        };
      }
      if (value.values.includes(given)) return null;
      return {
        ...replaceValue(value.values[0]!),
        message: `${flag} ${shorten(token.text)} is not a ${parameter.label} ${on} accepts (${accepted}).`,
        code: 'bad-value',
        severity: 'error',
      };
    }
    case 'ratio':
      return checkRatio(flag, token, replaceValue, remove);
    default:
      return null;
  }
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function checkRatio(
  flag: string,
  token: Token,
  replaceValue: (replacement: string, label?: string) => Omit<Problem, 'message' | 'code' | 'severity'>,
  remove: Remove,
): Problem | null {
  const match = /^(\d*\.?\d+)\s*([:/x×])\s*(\d*\.?\d+)$/u.exec(token.text);
  if (!match)
    return {
      ...remove(),
      message: `${flag} takes a width and height like 16:9, not "${shorten(token.text)}".`,
      code: 'bad-value',
      severity: 'error',
    };
  const [width, height] = [Number(match[1]), Number(match[3])];
  if (width === 0 || height === 0)
    return {
      ...remove(),
      message: `${flag} ${token.text} has a zero side.`,
      code: 'bad-value',
      severity: 'error',
    };
  if (match[2] === ':' && Number.isInteger(width) && Number.isInteger(height)) return null;
  const decimals = Math.max(decimalPlaces(match[1]!), decimalPlaces(match[3]!));
  const scale = 10 ** decimals;
  const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
  const divisor = gcd(w, h);
  const ratio = `${w / divisor}:${h / divisor}`;
  return {
    ...replaceValue(ratio),
    message: `${flag} takes whole numbers with a colon, like ${ratio}, not ${token.text}.`,
    code: 'bad-value',
    severity: 'error',
  };
}

const decimalPlaces = (number: string): number => number.split('.')[1]?.length ?? 0;
