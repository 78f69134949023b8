import { z } from 'zod';
import { SIGNED_IN } from '../access/declaration';
import { defineOperation } from '../operation';
import { AI_MODELS } from '../rules/agent';
import { ChatAudit } from './calls';

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;

export const ChatMessage = z.object({
  role: z.enum(CHAT_ROLES, { error: "The role must be 'user' or 'assistant'." }),
  content: z
    .string({ error: 'The content field is required.' })
    .max(20_000, { error: 'The content must not be greater than 20000 characters.' }),
});

/** SPEC §7 AI chat: `POST /api/chat` body, also what other services send to the AI worker. */
export const ChatRequest = z.object({
  model: z
    .string({ error: 'The model field is required.' })
    .trim()
    .min(1, { error: 'The model field is required.' }),
  messages: z
    .array(ChatMessage, { error: 'The messages field is required.' })
    .min(1, { error: 'The messages field is required.' })
    .max(50, { error: 'The messages must not have more than 50 items.' }),
  max_tokens: z
    .number()
    .int()
    .min(1)
    .max(4096, { error: 'The max tokens must not be greater than 4096.' })
    .optional(),
  temperature: z.number().min(0).max(2, { error: 'The temperature must be between 0 and 2.' }).optional(),
  frequency_penalty: z
    .number()
    .min(-2)
    .max(2, { error: 'The frequency penalty must be between -2 and 2.' })
    .optional(),
  /** Who the call is for and why (the AI worker records it); never sent to the provider. */
  audit: ChatAudit.optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** Tokens the provider counted for one call; what usage and cost are computed from. */
export const ChatUsage = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

/** How a reply was altered before use: cut at its size limit, or invalid UTF-8 replaced. */
export const CHAT_REPLY_ISSUES = ['too_large', 'invalid_utf8'] as const;

export const ChatResponse = z.object({
  /** The reply text; '' when the provider answered nothing (callers show 'No response from AI.'). */
  content: z.string(),
  /** The model that answered, as the provider names it (may be more precise than the one asked for). */
  model: z.string(),
  /** The provider's token counts; null when it reported none (the offline provider, some compatible servers). */
  usage: ChatUsage.nullable(),
  /** Set when the reply was altered before use: cut at its size limit, or invalid UTF-8 replaced. */
  replyIssue: z.enum(CHAT_REPLY_ISSUES).optional(),
  /** True when no provider key is configured and the word-list offline provider answered. */
  offline: z.boolean(),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

/** Every call to the AI provider goes through the AI worker, which alone holds the key. */
export const aiChatOperation = defineOperation('ai', 'chat', ChatRequest, ChatResponse, SIGNED_IN);

/** What a user may send to `/api/chat`: only the models the product offers (SPEC §9), and bounded sizes. */
export const CHAT_MAX_MESSAGES = 20;
export const CHAT_MAX_CONTENT_CHARS = 4000;

/** A model not among those offered: names the ones that are (the AI worker's configured AI_MODELS labels). */
export const offeredModelMessage = (labels: readonly string[]): string =>
  `The selected model is invalid. Choose one of: ${labels.join(', ')}.`;
/** The message with the default models (no AI_MODELS configured). */
export const OFFERED_MODEL_MESSAGE = offeredModelMessage(AI_MODELS);

/**
 * A model chosen by a user: its shape here; whether it is offered is the AI worker's check (AI_MODELS is its
 * configuration, which the gateway does not know).
 */
export const modelChoice = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, { error: `The ${field} field is required.` })
    .max(100, { error: `The ${field} must not be greater than 100 characters.` });

export const UserChatRequest = z.object({
  model: modelChoice('model'),
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant'], { error: "The role must be 'user' or 'assistant'." }),
        content: z
          .string({ error: 'The content field is required.' })
          .min(1, { error: 'The content field is required.' })
          .max(CHAT_MAX_CONTENT_CHARS, {
            error: `The content must not be greater than ${CHAT_MAX_CONTENT_CHARS} characters.`,
          }),
      }),
      { error: 'The messages field is required.' },
    )
    .min(1, { error: 'The messages field is required.' })
    .max(CHAT_MAX_MESSAGES, { error: `The messages must not have more than ${CHAT_MAX_MESSAGES} items.` }),
  max_tokens: ChatRequest.shape.max_tokens,
  temperature: ChatRequest.shape.temperature,
  frequency_penalty: ChatRequest.shape.frequency_penalty,
});
export type UserChatRequest = z.infer<typeof UserChatRequest>;

/** `/api/chat` and GraphQL `chat`: a user's own call, checked against the offered models and their daily quota. */
export const aiUserChatOperation = defineOperation(
  'ai',
  'chat.user',
  UserChatRequest,
  ChatResponse,
  SIGNED_IN,
);
