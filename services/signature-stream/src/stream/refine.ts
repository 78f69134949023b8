import {
  GUIDANCE_SYSTEM_NOTE,
  NO_RESPONSE_FROM_AI,
  OFFLINE_REFINE_MESSAGE,
  PROMPT_TARGET_LABELS,
  REFINE_INSTRUCTION,
  aiChatOperation,
  aiOperations,
  guidanceBlock,
  finishRefinedAnswer,
  refineTargetInstruction,
  splitFlags,
  tidyPrompt,
  type ParsedRequestOf,
  type RequestContext,
  type streamOperations,
} from '@promptloom/proto';
import { call, type Bus, callerOf } from '@promptloom/shared';

type Refine = ParsedRequestOf<typeof streamOperations.refine>;

const AI_TIMEOUT_MS = 60_000;

/**
 * The Stream page's Refine (SPEC §2): the AI rewrites the prompt's words for the chosen target (issue 18); the
 * checker runs on the answer, which is repaired where a fix exists or refused with a message. For Midjourney the
 * user's own flags stay and the target's parameters end it. Without an AI key (the offline provider answered)
 * the prompt is only tidied, its own flags kept, and says so.
 */
export async function refinePrompt(bus: Bus, request: Refine, context: RequestContext) {
  const caller = callerOf(context);
  // Issue 19: the caller's own reasons (of every list) steer the rewrite, as quoted data in a message of their own.
  const { reasons } = await call(bus, aiOperations.guidanceReasons, { user_id: caller.userId }, { context });
  const guidance = guidanceBlock(reasons);
  const reply = await call(
    bus,
    aiChatOperation,
    {
      model: request.model,
      messages: [
        { role: 'system', content: REFINE_INSTRUCTION },
        { role: 'system', content: refineTargetInstruction(request.target) },
        ...(guidance
          ? [
              { role: 'system' as const, content: GUIDANCE_SYSTEM_NOTE },
              { role: 'user' as const, content: guidance },
            ]
          : []),
        { role: 'user', content: splitFlags(request.prompt).words },
      ],
      audit: { userId: caller.userId, purpose: 'refine', reasons },
    },
    { context, timeoutMs: AI_TIMEOUT_MS },
  );
  if (reply.offline)
    return {
      refined: true,
      prompt: tidyPrompt(request.prompt),
      message: OFFLINE_REFINE_MESSAGE,
      offline: true,
      reasons_used: [],
    };
  // Flags in the answer are dropped (the AI is told to write none): the user's own and the target's are added.
  const answer = splitFlags(reply.content)
    .words.replace(/^["'`]+|["'`]+$/g, '')
    .trim();
  if (!answer)
    return {
      refined: false,
      prompt: request.prompt,
      message: NO_RESPONSE_FROM_AI,
      offline: false,
      reasons_used: reasons,
    };
  const finished = finishRefinedAnswer(request.target, answer, request.prompt);
  if (!finished.ok)
    return {
      refined: false,
      prompt: request.prompt,
      message: finished.message,
      offline: false,
      reasons_used: reasons,
    };
  const message =
    finished.repairs.length > 0
      ? `The AI's answer was adjusted for ${PROMPT_TARGET_LABELS[request.target]}: ${finished.repairs.join('; ')}.`
      : null;
  return { refined: true, prompt: finished.prompt, message, offline: false, reasons_used: reasons };
}
