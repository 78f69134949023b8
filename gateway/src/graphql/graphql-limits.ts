import { type GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { type GraphQLSizeLimits } from '../edge/graphql-size';

/** What one GraphQL operation may ask for (README "GraphQL limits"). */
export interface GraphQLLimits extends GraphQLSizeLimits {
  /** Selection depth, fragments flattened. */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** graphql-armor's cost: each object 2, each scalar 1, times the depth factor. */
  maxCost: number;
  /** Lexer tokens in one document, checked while parsing. */
  maxTokens: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxDepth: 12,
  maxAliases: 15,
  maxCost: 5000,
  maxTokens: 5000,
  // The web client's largest document is under 1 KB.
  maxDocumentBytes: 32 * 1024,
  // A pack file (512 KB of JSON) travels as a string variable of importSignaturePack, and escaping its quotes
  // makes it longer: the variables may be as large as a request body (MAX_BODY_BYTES).
  maxVariablesBytes: 1024 * 1024,
};

/** The validation rules that refuse an operation past the limits, with an error saying which limit and by how much. */
export function limitRules(limits: GraphQLLimits): ValidationRule[] {
  // Reported as validation errors (a 400), not thrown: a rule that throws makes graphql-js's validate throw (a 500).
  const report = {
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  };
  return [
    maxDepthRule({ n: limits.maxDepth, flattenFragments: true, ...report }),
    maxAliasesRule({ n: limits.maxAliases, ...report }),
    costLimitRule({ maxCost: limits.maxCost, ...report }),
  ] as ValidationRule[];
}
