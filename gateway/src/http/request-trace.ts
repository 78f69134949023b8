import { type NextFunction, type Request, type Response } from 'express';
import {
  bindToActiveTrace,
  readTraceCarrier,
  SpanKind,
  traceIncoming,
  tracingIsOn,
  type Span,
} from '@promptloom/shared';
import { loggablePath } from './loggable-path';

const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * With tracing on, one server span per API and GraphQL request, a child of the caller's `traceparent` if it sent
 * one: every bus request, event and query made while handling it joins its trace. Named after the route pattern
 * (and the GraphQL operation) once answered, like `http_request_duration_seconds`.
 */
export function requestTrace() {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!tracingIsOn() || !isTraced(request.path)) return next();
    const carrier = readTraceCarrier((name) => request.headers[name]);
    const attributes = { 'http.request.method': request.method, 'url.path': loggablePath(request.path) };
    void traceIncoming(`${request.method}`, SpanKind.SERVER, attributes, carrier, (span) => {
      bindToActiveTrace(request);
      bindToActiveTrace(response);
      const answered = new Promise<void>((resolve) => {
        response.once('finish', () => resolve(describe(span, request, response)));
        response.once('close', resolve);
      });
      next();
      return answered;
    });
  };
}

const isTraced = (path: string): boolean =>
  path === '/graphql' || path.startsWith('/graphql/') || path === '/api' || path.startsWith('/api/');

function describe(span: Span | undefined, request: Request, response: Response): void {
  if (!span) return;
  const route = `${request.baseUrl}${(request.route as { path?: string } | undefined)?.path ?? ''}`;
  const body = request.body as { operationName?: unknown } | undefined;
  const operation =
    typeof body?.operationName === 'string' && OPERATION_NAME.test(body.operationName)
      ? body.operationName
      : undefined;
  span.updateName([request.method, route || 'unmatched', operation].filter(Boolean).join(' '));
  span.setAttribute('http.response.status_code', response.statusCode);
  if (route) span.setAttribute('http.route', route);
  if (operation) span.setAttribute('graphql.operation.name', operation);
}
