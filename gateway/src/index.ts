export * from './gateway';
export { buildGatewaySchema } from './graphql/schema';
export { gatewaySettings } from './gateway-settings';
export { TokenService } from './auth/token-service';
export { edgeSettings } from './edge-settings';
export { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './graphql/graphql-limits';
