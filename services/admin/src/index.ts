export * from './admin-service';
export * from './first-admin';
export { signInLimitsOf, type SignInLimitSettings } from './users/sign-in-limits';
export { DEFAULT_HASHING_LIMITS, HASHING_BUSY_MESSAGE, type HashingLimits } from './users/hashing-pool';
export {
  PASSWORD_HASH_COST,
  configurePasswordHashCost,
  configurePasswordHashing,
  holdPasswordHashing,
  passwordHashesInFlight,
  passwordHashingState,
  type PasswordHashCost,
} from './users/password';
export { adminMigrations } from './migrations';
export { hashPassword } from './users/password';
