import { AI_MODELS, DomainError, offeredModelMessage } from '@promptloom/proto';

/** One model users may choose: the label they see and the model the provider is asked for. */
export interface ConfiguredModel {
  label: string;
  providerModel: string;
}

/** Without AI_MODELS: SPEC §9's four models, each served by the model of the same name (or AI_MODEL_MAP's). */
export const DEFAULT_OFFERED_MODELS: readonly ConfiguredModel[] = AI_MODELS.map((id) => ({
  label: id,
  providerModel: id,
}));

const PAIR = /^([^=,]+)=([^=,]+)$/u;
const LABEL = /^[\p{L}\p{N} ._:()/+-]{1,60}$/u;
const PROVIDER_MODEL = /^[^\s=,]{1,100}$/u;

/**
 * AI_MODELS: `label=provider model` pairs, comma separated (`Fast=gpt-4o-mini,Best=gpt-4o`), in the order users see
 * them. Labels are 1–60 letters, digits, spaces or `._:()/+-`, each once; throws a message saying what is wrong.
 */
export function parseOfferedModels(text: string): ConfiguredModel[] {
  const models = text.split(',').map((pair) => {
    const match = PAIR.exec(pair.trim());
    const label = match?.[1]?.trim() ?? '';
    const providerModel = match?.[2]?.trim() ?? '';
    if (!LABEL.test(label) || !PROVIDER_MODEL.test(providerModel)) {
      throw new Error(`'${pair.trim()}' is not label=provider model`);
    }
    return { label, providerModel };
  });
  const labels = models.map((model) => model.label);
  const twice = labels.find((label, index) => labels.indexOf(label) !== index);
  if (twice) throw new Error(`the label '${twice}' is given twice`);
  return models;
}

/** The models users may choose (the selectors, Run, /api/chat, an admin's Regenerate) and the one serving each. */
export class OfferedModels {
  private readonly byLabel: ReadonlyMap<string, string>;

  constructor(readonly models: readonly ConfiguredModel[] = DEFAULT_OFFERED_MODELS) {
    this.byLabel = new Map(models.map((model) => [model.label, model.providerModel]));
  }

  get labels(): string[] {
    return this.models.map((model) => model.label);
  }

  /** Label → provider model, for the provider's model map. */
  providerModels(): Record<string, string> {
    return Object.fromEntries(this.byLabel);
  }

  /** Refuses a model that is not offered, naming the request's field and the configured labels. */
  check(model: string, field: string): void {
    if (this.byLabel.has(model)) return;
    const message = offeredModelMessage(this.labels);
    throw new DomainError('BAD_USER_INPUT', message, { [field]: [message] });
  }
}
