export {
  currentPushState,
  disablePush,
  enablePush,
  pushSupported,
  refreshPush,
  usePushState,
  type PushControls,
  type PushState,
} from './push';
export { PushSwitch } from './push-switch';
