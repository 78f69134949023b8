export * from './gateway';
export { buildGatewaySchema } from './graphql/schema';
