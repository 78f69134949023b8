import { gql, type TypedDocumentNode } from '@apollo/client';

export const REFINE_PROMPT: TypedDocumentNode<
  { refinePrompt: { refined: boolean; prompt: string; message: string | null } },
  { prompt: string }
> = gql`
  mutation RefinePrompt($prompt: String!) {
    refinePrompt(prompt: $prompt) {
      refined
      prompt
      message
    }
  }
`;
