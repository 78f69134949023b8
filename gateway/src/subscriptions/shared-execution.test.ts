import {
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type ExecutionResult,
} from 'graphql';
import { PushQueue } from './push-queue';
import { sharedExecutionSubscribe } from './shared-execution';

/** A schema whose one subscription hands every subscriber the same event objects and counts its executions. */
function makeSchema() {
  const subscribers: Array<PushQueue<{ n: number }>> = [];
  const ended: boolean[] = [];
  const executions: Array<{ viewer: string; times: number }> = [];
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        counted: {
          type: GraphQLString,
          args: { times: { type: new GraphQLNonNull(GraphQLInt) } },
          subscribe: () => {
            const index = subscribers.length;
            ended.push(false);
            const queue = new PushQueue<{ n: number }>(
              () => (ended[index] = true),
              10,
              () => new Error('slow'),
            );
            subscribers.push(queue);
            return queue;
          },
          resolve: (event: { n: number }, args: { times: number }, context: { viewer: { name: string } }) => {
            executions.push({ viewer: context.viewer.name, times: args.times });
            return `${context.viewer.name}:${event.n * args.times}`;
          },
        },
      },
    }),
  });
  const publish = (event: { n: number }) => subscribers.forEach((queue) => queue.push(event));
  return { schema, publish, executions, ended };
}

const DOCUMENT = parse('subscription ($times: Int!) { counted(times: $times) }');

describe('sharedExecutionSubscribe', () => {
  it('executes an event once per viewer, document and variables, and gives each subscription the result', async () => {
    const { schema, publish, executions } = makeSchema();
    const subscribe = sharedExecutionSubscribe((context) => (context as { viewer: object }).viewer);
    const ada = { name: 'ada' };
    const bob = { name: 'bob' };
    const open = async (viewer: object, times: number) =>
      (await subscribe({
        schema,
        document: DOCUMENT,
        variableValues: { times },
        // A context per subscription, as graphql-ws makes it; the viewer object is the socket's.
        contextValue: { viewer },
      })) as AsyncIterableIterator<ExecutionResult>;
    const subscriptions = [await open(ada, 2), await open(ada, 2), await open(ada, 3), await open(bob, 2)];
    publish({ n: 5 });
    const results = await Promise.all(subscriptions.map((each) => each.next()));
    expect(results.map((result) => result.value)).toEqual([
      { data: { counted: 'ada:10' } },
      { data: { counted: 'ada:10' } },
      { data: { counted: 'ada:15' } },
      { data: { counted: 'bob:10' } },
    ]);
    expect(executions).toEqual([
      { viewer: 'ada', times: 2 },
      { viewer: 'ada', times: 3 },
      { viewer: 'bob', times: 2 },
    ]);
    // Another event object is executed again.
    publish({ n: 1 });
    await Promise.all(subscriptions.map((each) => each.next()));
    expect(executions).toHaveLength(6);
  });

  it('shares nothing without a viewer, and ends the source as soon as the subscription returns', async () => {
    const { schema, publish, executions, ended } = makeSchema();
    const subscribe = sharedExecutionSubscribe(() => undefined);
    const open = async () =>
      (await subscribe({
        schema,
        document: DOCUMENT,
        variableValues: { times: 1 },
        contextValue: { viewer: { name: 'anyone' } },
      })) as AsyncIterableIterator<ExecutionResult>;
    const [first, second] = [await open(), await open()];
    publish({ n: 1 });
    await Promise.all([first.next(), second.next()]);
    expect(executions).toHaveLength(2);
    const waiting = first.next();
    await first.return!();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    expect(ended).toEqual([true, false]);
  });

  it('returns the errors of an operation that cannot subscribe instead of a stream', async () => {
    const { schema } = makeSchema();
    const subscribe = sharedExecutionSubscribe(() => undefined);
    const result = await subscribe({ schema, document: DOCUMENT, variableValues: {}, contextValue: {} });
    expect((result as ExecutionResult).errors?.[0]?.message).toMatch(/\$times/);
  });
});
