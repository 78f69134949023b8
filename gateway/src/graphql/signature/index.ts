export { SignatureResolver } from './signature-resolver';
export { StreamResolver } from './stream-resolver';
export { SignatureSubscriptions } from './signature-subscriptions';
