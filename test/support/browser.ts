import path from 'node:path';

/** The built web client the browser suites' products serve. */
export const WEB_DIST_DIR = path.resolve(__dirname, '../../web/dist');
