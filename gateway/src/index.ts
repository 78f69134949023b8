export * from './gateway';
export { buildGatewaySchema } from './graphql/schema';
export { edgeSettings } from './edge-settings';
