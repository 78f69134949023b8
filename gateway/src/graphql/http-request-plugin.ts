import { type ApolloServerPlugin } from '@apollo/server';
import { refuseSubscriptionOverHttp } from './http-operation-guard';
import { operationMetrics } from './operation-metrics';
import { markUnavailable } from './unavailable-status';

const DONE = Promise.resolve();

/**
 * What the gateway does to every GraphQL request over HTTP, as one Apollo plugin: refuse a subscription, time the
 * operation, answer 503 when it failed only for an unavailable service. One plugin rather than three: Apollo awaits
 * every plugin's listener at each of a request's hooks, which cost more than these checks; the hooks answer with
 * an already settled promise instead of making one each time.
 */
export function httpRequestPlugin<T extends object>(): ApolloServerPlugin<T> {
  const metrics = operationMetrics();
  return {
    async requestDidStart() {
      const sent = metrics.start();
      return {
        didResolveOperation({ operation }) {
          try {
            refuseSubscriptionOverHttp(operation);
          } catch (error) {
            return Promise.reject(error);
          }
          return DONE;
        },
        willSendResponse(requestContext) {
          markUnavailable(requestContext.response);
          sent(requestContext);
          return DONE;
        },
      };
    },
  };
}
