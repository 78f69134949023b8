export {
  MyStreamSettingsDocument as MY_STREAM_SETTINGS,
  StreamSettingsChangedDocument as STREAM_SETTINGS_CHANGED,
  UpdateStreamSettingsDocument as UPDATE_STREAM_SETTINGS,
  type StreamSettingsFieldsFragment as StreamSettingsView,
} from '../../generated/graphql';
