import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as proto from '@promptloom/proto';
import { type Operation } from '@promptloom/proto';
import { LOCKED_DOWN_BUS_CONFIG, type LockedDownBusUser } from './private-nats';
import { REPO_ROOT } from './processes';

export interface NatsUserPermissions {
  publishAllow: string[];
  publishDeny: string[];
  subscribeAllow: string[];
}

/** Each user's permissions as deploy/nats.conf writes them (`allow` / `deny` lists of quoted subjects). */
export function readNatsPermissions(file = LOCKED_DOWN_BUS_CONFIG): Map<string, NatsUserPermissions> {
  const text = readFileSync(file, 'utf8').replace(/^\s*#.*$/gm, '');
  const users = new Map<string, NatsUserPermissions>();
  for (const block of text.split(/\buser:\s*/).slice(1)) {
    const name = /^[\w-]+/.exec(block)![0];
    const publish = /publish:\s*\{\s*allow:\s*\[([^\]]*)\](?:\s*deny:\s*\[([^\]]*)\])?/.exec(block);
    const subscribe = /subscribe:\s*\{\s*allow:\s*\[([^\]]*)\]/.exec(block);
    users.set(name, {
      publishAllow: quoted(publish?.[1]),
      publishDeny: quoted(publish?.[2]),
      subscribeAllow: quoted(subscribe?.[1]),
    });
  }
  return users;
}

const quoted = (list: string | undefined): string[] =>
  [...(list ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

/** Where each process's own code lives (shared code is attributed through SHARED_CALLERS). */
export const PROCESS_SOURCES: Record<LockedDownBusUser, string> = {
  admin: 'services/admin/src',
  'ai-worker': 'services/ai-worker/src',
  'signature-stream': 'services/signature-stream/src',
  gateway: 'gateway/src',
};

/** The service whose requests each service user answers (`svc.<service>.>`). */
export const SERVICE_OF_USER = {
  admin: 'admin',
  'ai-worker': 'ai',
  'signature-stream': 'signature',
} as const;

/**
 * The requests services/shared makes on behalf of whoever uses it: the operation's subject, and the shared names
 * whose use in a process's code means that process makes the request.
 */
export const SHARED_CALLERS: Record<string, RegExp> = {
  'svc.admin.sessions.state': /\b(checksOverTheBus|liveSessionsOf|LiveSessions)\b/,
  'svc.admin.accounts.getUser': /\bchecksOverTheBus\b/,
};

export interface CallSites {
  /** Subjects of the operations called by name (`call(bus, accountOperations.getUser, …)`). */
  subjects: Set<string>;
  /** Call sites whose operation is a variable (`call(bus, operation, …)`), as `file: expression`. */
  unresolved: string[];
}

/** Every `call` / `callWith` in a folder's non-test sources, with the operation each one names. */
export function callSitesIn(folder: string): CallSites {
  const subjects = new Set<string>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(path.join(REPO_ROOT, folder))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\b(?:call|callWith)\(\s*[\w.]+\s*,\s*([\w.]+)\s*,/g)) {
      const operation = protoOperation(match[1]!);
      if (operation) subjects.add(operation.subject);
      else unresolved.push(`${path.relative(REPO_ROOT, file)}: ${match[1]}`);
    }
  }
  return { subjects, unresolved };
}

/** Whether a folder's non-test sources match a pattern. */
export function sourcesMention(folder: string, pattern: RegExp): boolean {
  return sourceFiles(path.join(REPO_ROOT, folder)).some((file) => pattern.test(readFileSync(file, 'utf8')));
}

/** The names under which proto exports an operation: `aiChatOperation`, `accountOperations.getUser`. */
export function protoNamesOf(operation: Operation): string[] {
  const names: string[] = [];
  for (const [exported, value] of Object.entries(proto)) {
    if (value === operation) names.push(exported);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, member] of Object.entries(value))
        if (member === operation) names.push(`${exported}.${key}`);
    }
  }
  return names;
}

/**
 * The durable consumer names each service's code declares (`durable: 'name'` or `durable: CONSTANT` with the
 * constant defined in the same service), by the user that runs it.
 */
export function durablesByUser(): Record<keyof typeof SERVICE_OF_USER, string[]> {
  const result = {} as Record<keyof typeof SERVICE_OF_USER, string[]>;
  for (const user of Object.keys(SERVICE_OF_USER) as Array<keyof typeof SERVICE_OF_USER>) {
    const sources = sourceFiles(path.join(REPO_ROOT, PROCESS_SOURCES[user])).map((file) =>
      readFileSync(file, 'utf8'),
    );
    const all = sources.join('\n');
    const names = new Set<string>();
    for (const match of all.matchAll(/\bdurable:\s*(?:'([^']+)'|([A-Z][A-Z0-9_]*))/g)) {
      const name = match[1] ?? new RegExp(`\\b${match[2]}\\s*=\\s*'([^']+)'`).exec(all)?.[1];
      if (!name) throw new Error(`${user}: cannot tell the durable name ${match[2]}`);
      names.add(name);
    }
    result[user] = [...names].sort();
  }
  return result;
}

function protoOperation(expression: string): Operation | undefined {
  let value: unknown = proto;
  for (const key of expression.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return isOperation(value) ? value : undefined;
}

const isOperation = (value: unknown): value is Operation =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as Operation).subject === 'string' &&
  'request' in value;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('testing'));
}
