import { Card, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { showApiError, showInfo, showSuccess } from '../../ui/toasts';
import { usePushState, type PushState } from './push';

/**
 * The "push notifications on this device" switch (for /notification-settings): asks for
 * permission and subscribes, or unsubscribes. Says why it is off when the browser has no
 * push or the permission was refused.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const push = usePushState();
  const { state } = push;

  const toggle = async (on: boolean) => {
    let next: PushState;
    try {
      next = on ? await push.enable() : await push.disable();
    } catch (error) {
      showApiError(error);
      return;
    }
    if (next === 'enabled') showSuccess(t('push.switch.enabled'));
    else if (next === 'denied' && on) showInfo(t('push.switch.denied'));
    else if (next === 'unsupported' && on) showInfo(t('push.switch.unsupported'));
    else if (!on) showSuccess(t('push.switch.disabled'));
  };

  const hint =
    state === 'unsupported'
      ? t('push.switch.unsupported')
      : state === 'denied'
        ? t('push.switch.denied')
        : t('push.switch.description');

  return (
    <Card withBorder radius="md" padding="sm" data-testid="push-device">
      <Stack gap={4}>
        <Switch
          checked={state === 'enabled'}
          disabled={state === null || state === 'unsupported' || push.busy}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          label={t('push.switch.label')}
          aria-describedby="push-switch-hint"
          data-testid="push-switch"
          data-state={state ?? 'checking'}
        />
        <Text size="sm" c="dimmed" id="push-switch-hint">
          {hint}
        </Text>
        {/* the Push switches per kind are the account's, not this device's */}
        {state !== null && state !== 'enabled' && (
          <Text size="sm" c="dimmed" data-testid="push-elsewhere">
            {t('push.switch.elsewhere')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
