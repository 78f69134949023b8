import 'reflect-metadata';
import { type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdminUserResolver } from './admin/admin-user-resolver';
import { AdminUserSubscriptions } from './admin/admin-user-subscriptions';
import { AuthResolver } from './auth/auth-resolver';
import { type EventHub } from '../subscriptions/event-hub';

/** The gateway's whole GraphQL schema; `npm run build` prints it to proto/schema.graphql. */
export function buildGatewaySchema(events: EventHub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [AuthResolver, AdminUserResolver, AdminUserSubscriptions],
    validate: false,
    pubSub: events,
  });
}
