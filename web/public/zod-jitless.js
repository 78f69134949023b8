// Runs before the app's modules: zod then never probes `new Function` (it would compile faster parsers with it),
// a probe the Content-Security-Policy (no 'unsafe-eval') reports as a violation. zod reads this global config.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
