import { DomainError } from '@promptloom/proto';
import { loadWorkerSettings } from '../worker-settings';
import { DEFAULT_OFFERED_MODELS, OfferedModels, parseOfferedModels } from './offered-models';

describe('AI_MODELS', () => {
  it('reads label=provider model pairs in order, labels with spaces and brackets included', () => {
    expect(parseOfferedModels(' Fast = gpt-4o-mini , Best (large)=gpt-4o,Local=llama3.1:8b')).toEqual([
      { label: 'Fast', providerModel: 'gpt-4o-mini' },
      { label: 'Best (large)', providerModel: 'gpt-4o' },
      { label: 'Local', providerModel: 'llama3.1:8b' },
    ]);
  });

  it.each([
    ['Fast', "'Fast' is not label=provider model"],
    ['Fast=', "'Fast=' is not label=provider model"],
    ['=gpt-4o', "'=gpt-4o' is not label=provider model"],
    ['Fast=gpt 4o', "'Fast=gpt 4o' is not label=provider model"],
    ['Fast=a,Fast=b', "the label 'Fast' is given twice"],
    ['<b>=gpt-4o', "'<b>=gpt-4o' is not label=provider model"],
  ])('refuses %s at start, with a message naming the variable', (value, why) => {
    expect(() => parseOfferedModels(value)).toThrow(why);
    expect(() => loadWorkerSettings({ AI_MODELS: value })).toThrow(
      /AI_MODELS: AI_MODELS must look like 'Fast=gpt-4o-mini,Best=gpt-4o'/,
    );
  });

  it("defaults to SPEC §9's four models, each served by its own name", () => {
    expect(loadWorkerSettings({}).AI_MODELS).toBeUndefined();
    expect(new OfferedModels().labels).toEqual([
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-0125',
      'gpt-4o',
      'gpt-4-turbo',
    ]);
    expect(DEFAULT_OFFERED_MODELS.every((model) => model.label === model.providerModel)).toBe(true);
  });

  it('refuses a model that is not offered as bad input naming the field and the labels', () => {
    const offered = new OfferedModels(parseOfferedModels('Fast=gpt-4o-mini,Best=gpt-4o'));
    expect(() => offered.check('Fast', 'ai_model')).not.toThrow();
    const refusal = (() => {
      try {
        offered.check('gpt-4o', 'ai_model');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'The selected model is invalid. Choose one of: Fast, Best.',
      fields: { ai_model: ['The selected model is invalid. Choose one of: Fast, Best.'] },
    });
  });
});
