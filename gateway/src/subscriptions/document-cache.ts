import {
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';

export type PreparedDocument = { document: DocumentNode } | { errors: GraphQLError[] };

/**
 * Subscription documents parsed and validated once per query text, shared by every socket that sends the same
 * text (thousands of clients send the same few queries). Least recently used texts leave past `capacity`. Errors
 * are not kept: a bad query costs its sender each time.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly rules: readonly ValidationRule[],
    private readonly maxTokens: number,
    private readonly capacity = 500,
  ) {}

  prepare(query: string): PreparedDocument {
    const cached = this.documents.get(query);
    if (cached) {
      this.documents.delete(query);
      this.documents.set(query, cached);
      return { document: cached };
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.maxTokens });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      // Coded as Apollo codes them over HTTP, so formatError passes them on instead of hiding them as INTERNAL.
      return { errors: [coded(error, 'GRAPHQL_PARSE_FAILED')] };
    }
    const errors = validate(this.schema, document, this.rules);
    if (errors.length > 0)
      return { errors: errors.map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED')) };
    this.documents.set(query, document);
    if (this.documents.size > this.capacity) this.documents.delete(this.documents.keys().next().value!);
    return { document };
  }
}

function coded(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { code },
  });
}
