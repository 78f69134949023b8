import { signatureEvents } from '@promptloom/proto';

export { SignatureResolver } from './signature-resolver';
export { StreamResolver } from './stream-resolver';
export { StreamSettingsResolver } from './stream-settings-resolver';
export { SignatureSubscriptions } from './signature-subscriptions';
export { PromptHistoryResolver } from './prompt-history-resolver';

/** The events `afterSequence` resumes (streamSettingsChanged, promptVersionSaved). */
export const RESUMABLE_SIGNATURE_EVENTS = [
  signatureEvents.streamSettingsChanged,
  signatureEvents.promptVersionSaved,
] as const;
