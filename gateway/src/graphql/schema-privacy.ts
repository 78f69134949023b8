import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';

/**
 * What production mode hides of the schema where Apollo's `introspection: false` and
 * `hideSchemaDetailsFromClientErrors` do not reach (graphql-ws runs graphql-js directly): the validation rules that
 * refuse `__schema` and `__type`, and the messages without graphql-js's "Did you mean …?" suggestions.
 */
export function schemaPrivacy(production: boolean) {
  return {
    rules: production ? [NoSchemaIntrospectionCustomRule] : ([] as ValidationRule[]),
    message: production ? withoutSuggestions : (message: string) => message,
  };
}

/** The pattern Apollo's ApolloServerPluginDisableSuggestions removes, so both transports say the same. */
const SUGGESTION = / ?Did you mean(.+?)\?$/;

function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}
