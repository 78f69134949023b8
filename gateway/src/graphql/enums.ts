import { registerEnumType } from 'type-graphql';
import {
  ACCOUNT_STATUSES,
  AI_CALL_OUTCOMES,
  AI_PURPOSES,
  AUDITED_ENTITIES,
  AWAY_CHANGE_KINDS,
  CHANGE_ACTIONS,
  CHAT_REPLY_ISSUES,
  CHAT_ROLES,
  JOB_TICKET_STATUSES,
  LIST_FAMILIES,
  PACK_ENTRY_KINDS,
  PACK_LINK_STATES,
  PACK_SKIP_REASONS,
  RECORD_CHANGES,
  SIGNATURE_CHANGES,
  PROMPT_VERSION_ORIGINS,
  SORT_DIRECTIONS,
  VISIT_STARTS,
  type AccountStatus as AccountStatusValue,
  type ListFamily as ListFamilyValue,
} from '@promptloom/proto';

/**
 * A GraphQL enum made from the values of a zod enum in proto. Each member's GraphQL name is its value, so the
 * values on the wire are the ones REST and the services use, and there is one list of them (in proto).
 */
function graphqlEnum<const V extends string>(
  values: readonly V[],
  name: string,
  description: string,
): { readonly [K in V]: K } {
  const members = Object.fromEntries(values.map((value) => [value, value])) as { [K in V]: K };
  registerEnumType(members, { name, description });
  return members;
}

export const ListFamily = graphqlEnum(
  LIST_FAMILIES,
  'ListFamily',
  'tl = Types, tr = Pro, bl = Elements, br = Signature list.',
);
export type ListFamily = ListFamilyValue;

export const AccountStatus = graphqlEnum(
  ACCOUNT_STATUSES,
  'AccountStatus',
  'A user or a module: Active or Inactive.',
);
export type AccountStatus = AccountStatusValue;

export const AuditedEntity = graphqlEnum(
  AUDITED_ENTITIES,
  'AuditedEntity',
  'What an audited admin change was to.',
);
export const ChangeAction = graphqlEnum(
  CHANGE_ACTIONS,
  'ChangeAction',
  'An admin change: created, updated or deleted.',
);
export const RecordChangeAction = graphqlEnum(
  RECORD_CHANGES,
  'RecordChangeAction',
  "An admin's change to a user's record.",
);
export const SignatureChangeKind = graphqlEnum(
  SIGNATURE_CHANGES,
  'SignatureChangeKind',
  'A signature saved, updated (edited or swapped) or removed.',
);
export const SortDirection = graphqlEnum(SORT_DIRECTIONS, 'SortDirection', 'Ascending or descending.');
export const JobTicketStatus = graphqlEnum(
  JOB_TICKET_STATUSES,
  'JobTicketStatus',
  'queued, or not_due when the agent may not run again yet (nextDate says when).',
);
export const ChatRole = graphqlEnum(CHAT_ROLES, 'ChatRole', 'Who wrote a chat message.');
export const ChatReplyIssue = graphqlEnum(
  CHAT_REPLY_ISSUES,
  'ChatReplyIssue',
  'How a reply was altered before use: too_large (cut at its size limit) or invalid_utf8 (replaced).',
);
export const AiPurpose = graphqlEnum(
  AI_PURPOSES,
  'AiPurpose',
  'Why the product called the AI provider: a list Run (types, pro, elements, signature), sub_elements, signature_swap, refine or chat.',
);
export const AiCallOutcome = graphqlEnum(
  AI_CALL_OUTCOMES,
  'AiCallOutcome',
  'How a provider call ended: ok, failed, or cancelled.',
);

export const PromptVersionOrigin = graphqlEnum(
  PROMPT_VERSION_ORIGINS,
  'PromptVersionOrigin',
  'How a prompt version came to be: assembled from the selection, edited, refined, copied or uploaded with.',
);
export const PackEntryKind = graphqlEnum(
  PACK_ENTRY_KINDS,
  'PackEntryKind',
  "What a pack import entry is: the signature's type (a Types item), an element or a sub_element.",
);
export const PackSkipReason = graphqlEnum(
  PACK_SKIP_REASONS,
  'PackSkipReason',
  'Why an import skipped an entry: already_present in your lists, or invalid (the lists do not accept it).',
);
export const PackLinkState = graphqlEnum(
  PACK_LINK_STATES,
  'PackLinkState',
  'A share link is active until it expires or its owner revokes it.',
);

export const VisitStart = graphqlEnum(
  VISIT_STARTS,
  'VisitStart',
  'Why the app starts a visit: sign_in (always a new window away), resume (after 10 minutes unseen) or ' +
    'reconnect (the live connection came back: any time unseen).',
);

export const AwayChangeKind = graphqlEnum(
  AWAY_CHANGE_KINDS,
  'AwayChangeKind',
  'What changed while you were away: an AI run finished, your signature was saved, an admin edited your records.',
);
