/** The secret the products under test sign their tokens with (a test that forges or expires a token needs it). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
