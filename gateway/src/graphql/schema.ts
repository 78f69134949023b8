import 'reflect-metadata';
import { type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdminUserResolver } from './admin/admin-user-resolver';
import { AdminUserSubscriptions } from './admin/admin-user-subscriptions';
import { ADMIN_CATALOGUE_RESOLVERS } from './admin/admin-resolvers';
import { AI_RESOLVERS } from './ai';
import { AuthResolver } from './auth/auth-resolver';
import { PackResolver } from './packs/pack-resolver';
import { AwayResolver } from './away/away-resolver';
import {
  PromptHistoryResolver,
  SignatureResolver,
  SignatureSubscriptions,
  StreamResolver,
  StreamSettingsResolver,
} from './signature';
import { type EventHub } from '../subscriptions/event-hub';

/** The gateway's whole GraphQL schema; `npm run build` prints it to proto/schema.graphql. */
export function buildGatewaySchema(events: EventHub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [
      AuthResolver,
      AdminUserResolver,
      AdminUserSubscriptions,
      ...ADMIN_CATALOGUE_RESOLVERS,
      SignatureResolver,
      StreamResolver,
      StreamSettingsResolver,
      PromptHistoryResolver,
      SignatureSubscriptions,
      PackResolver,
      ...AI_RESOLVERS,
      AwayResolver,
    ],
    validate: false,
    pubSub: events,
  });
}
