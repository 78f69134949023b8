export * from './admin-service';
export * from './first-admin';
export { signInLimitsOf, type SignInLimitSettings } from './users/sign-in-limits';
