import {
  createSourceEventStream,
  execute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { mapEvents } from './map-events';

type Execution = ExecutionResult | Promise<ExecutionResult>;

/**
 * graphql-js's `subscribe`, except that subscriptions of the same viewer that send the same operation (the same
 * parsed document, shared by the document cache, operation name and variables) execute each event once: the others
 * get that execution's result. A socket typically holds several identical subscriptions (tabs, components), and
 * executing the selection set was most of a delivery's cost. `viewerOf` names the viewer from the context (the
 * socket's own request context, so results never cross sockets); undefined shares nothing. An event is shared only
 * while it is the same object (the hub hands every recipient the same one) and only until the next turn of the
 * event loop, so nothing is kept: a subscriber that reaches the event later simply executes it itself.
 */
export function sharedExecutionSubscribe(
  viewerOf: (contextValue: unknown) => object | undefined,
): (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const documentIds = new WeakMap<DocumentNode, number>();
  let documents = 0;
  let recent: Map<unknown, Map<object, Map<string, Execution>>> | null = null;
  const forget = () => (recent = null);

  return async (args) => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const run = (event: unknown) => execute({ ...args, rootValue: event });
    const viewer = viewerOf(args.contextValue);
    const events = source[Symbol.asyncIterator]();
    if (!viewer) return mapEvents(events, run);
    let documentId = documentIds.get(args.document);
    if (documentId === undefined) documentIds.set(args.document, (documentId = ++documents));
    const operation = `${documentId}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}`;
    return mapEvents(events, (event) => {
      if (typeof event !== 'object' || event === null) return run(event);
      if (!recent) {
        recent = new Map();
        setImmediate(forget);
      }
      let byViewer = recent.get(event);
      if (!byViewer) recent.set(event, (byViewer = new Map()));
      let byOperation = byViewer.get(viewer);
      if (!byOperation) byViewer.set(viewer, (byOperation = new Map()));
      let result = byOperation.get(operation);
      if (!result) byOperation.set(operation, (result = run(event)));
      return result;
    });
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}
