export * from './test-database';
export * from './wait-for';
export * from './gates';
export * from './signed-buses';
