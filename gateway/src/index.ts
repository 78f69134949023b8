export * from './gateway';
export { buildGatewaySchema } from './graphql/schema';
export { TokenService } from './auth/token-service';
