export * from './admin-service';
export * from './first-admin';
export { DEFAULT_HASHING_LIMITS, HASHING_BUSY_MESSAGE, type HashingLimits } from './users/hashing-pool';
export { configurePasswordHashing, passwordHashesInFlight } from './users/password';
