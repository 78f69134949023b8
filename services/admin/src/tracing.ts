import { startTracing } from '@promptloom/shared/tracing';

// The entry point's first import: instrumentations patch modules (pg) as they load, so this runs before they do.
startTracing('admin');
