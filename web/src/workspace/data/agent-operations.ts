import { gql, type TypedDocumentNode } from '@apollo/client';
import { type ListFamily } from '@promptloom/proto';

export interface PreviousSettings {
  aiModel: string | null;
  frequency: number | null;
  agentRole: string | null;
  name: string | null;
  levels: number;
  date: string | null;
}

export const PREVIOUS_SETTINGS: TypedDocumentNode<
  { previousSettings: PreviousSettings },
  { family: ListFamily }
> = gql`
  query PreviousSettings($family: ListFamily!) {
    previousSettings(family: $family) {
      aiModel
      frequency
      agentRole
      name
      levels
      date
    }
  }
`;

export const AI_MODELS: TypedDocumentNode<
  { aiModels: { offline: boolean; models: Array<{ id: string; label: string; offline: boolean }> } },
  Record<string, never>
> = gql`
  query AiModels {
    aiModels {
      offline
      models {
        id
        label
        offline
      }
    }
  }
`;

export interface RunAgentInput {
  family: ListFamily;
  aiModel: string;
  frequency: number;
  levels?: number;
  agentRole?: string;
  name?: string;
}

export const RUN_AGENT: TypedDocumentNode<
  { runAgent: { jobId: string | null; status: string; nextDate: string | null } },
  { input: RunAgentInput }
> = gql`
  mutation RunAgent($input: RunAgentInput!) {
    runAgent(input: $input) {
      jobId
      status
      nextDate
    }
  }
`;

export const LIST_JOBS_DONE: TypedDocumentNode<
  { listUpdated: { jobId: string | null; items: Array<{ id: number }> } },
  { family: ListFamily }
> = gql`
  subscription ListJobsDone($family: ListFamily!) {
    listUpdated(family: $family) {
      jobId
      items {
        id
      }
    }
  }
`;

export const GENERATION_FAILED: TypedDocumentNode<
  { generationFailed: { jobId: string; family: string; message: string } },
  Record<string, never>
> = gql`
  subscription GenerationFailed {
    generationFailed {
      jobId
      family
      message
    }
  }
`;
