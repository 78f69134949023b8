/**
 * A share link's token is the key to its pack: anyone holding it can open the pack. Paths that carry one (the REST
 * routes and the web page of a link) are logged and traced with the token replaced.
 */
const TOKEN_PATHS = /^(\/api\/signature\/packs\/shared\/|\/packs\/)[^/]+/;

export function loggablePath(path: string): string {
  return path.replace(TOKEN_PATHS, '$1:token');
}
