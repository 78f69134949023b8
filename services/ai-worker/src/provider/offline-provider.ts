import {
  REFINE_INSTRUCTION,
  createSeededRandom,
  pickRandomSubset,
  tidyPrompt,
  type ChatRequest,
  type ChatResponse,
} from '@promptloom/proto';
import { type AiProvider } from './ai-provider';
import { OFFLINE_WORDS } from './offline-words';

/**
 * Answers every kind of request the product makes, in the shape its prompt asks for, from word lists: the product
 * works without a key. Its replies are labelled offline in the model list and in every chat response.
 */
export class OfflineProvider implements AiProvider {
  readonly offline = true;
  private readonly random = createSeededRandom(Date.now());

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const prompt = request.messages.map((message) => message.content).join('\n');
    const refine = request.messages.some(
      (message) => message.role === 'system' && message.content === REFINE_INSTRUCTION,
    );
    const asked = request.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    // A Refine gets its own prompt back tidied: the word lists below would replace it with unrelated words.
    const content = refine ? tidyPrompt(asked) : this.answer(prompt);
    return { content, model: request.model, usage: null, offline: true };
  }

  private answer(prompt: string): string {
    const count = requestedCount(prompt);
    if (/sub-elements/i.test(prompt)) return JSON.stringify(this.groups(OFFLINE_WORDS.subElements, count));
    if (/categor/i.test(prompt)) {
      return Object.entries(this.groups(OFFLINE_WORDS.elements, count))
        .map(([category, items]) => `${category}: ${items.join(', ')}`)
        .join('\n');
    }
    if (/under 3 words/i.test(prompt)) return this.pick(OFFLINE_WORDS.short, count).join('\n');
    if (/professional/i.test(prompt)) return this.pick(OFFLINE_WORDS.professional, count).join('\n');
    if (/exactly 6 names|signature/i.test(prompt)) return JSON.stringify(this.pick(OFFLINE_WORDS.types, 6));
    if (/types?\b/i.test(prompt)) return this.pick(OFFLINE_WORDS.types, count).join('\n');
    return `${lastLine(prompt)} (offline provider: set OPENAI_API_KEY for real answers)`;
  }

  private pick(words: readonly string[], count: number): string[] {
    return pickRandomSubset(words, count, this.random);
  }

  private groups(source: Record<string, string[]>, count: number): Record<string, string[]> {
    const names = Object.keys(source);
    const perGroup = Math.max(2, Math.ceil(count / names.length));
    return Object.fromEntries(names.map((name) => [name, this.pick(source[name]!, perGroup)]));
  }
}

/** The first number the prompt asks for ("exactly 5 …"), 10 when it names none. */
function requestedCount(prompt: string): number {
  const match = /\b(\d{1,3})\b/u.exec(prompt);
  return match ? Math.min(100, Number(match[1])) : 10;
}

function lastLine(prompt: string): string {
  const lines = prompt.split('\n').filter((line) => line.trim() !== '');
  return (lines[lines.length - 1] ?? '').trim().slice(0, 2000);
}
