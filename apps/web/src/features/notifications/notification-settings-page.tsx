import { Box, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { pageWidth } from '../../ui/page-width';
import { useTranslation, type TranslationKey } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { errorText, showError, showSuccess } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { PushSwitch } from '../push';
import { useNotificationSettings, useSaveNotificationSettings } from './queries';
import type { GroupSetting, NotificationChannel } from './types';

const CHANNELS: NotificationChannel[] = ['in_app', 'push', 'email'];

/** /notification-settings: per group of notification types, in-app, push and e-mail. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  usePageTitle(t('notifications.settings.title'));

  const change = (setting: GroupSetting, channel: NotificationChannel, enabled: boolean) => {
    save.mutate([{ group: setting.group, [channel]: enabled }], {
      onSuccess: () => showSuccess(t('notifications.settings.saved')),
      onError: (error) => showError(errorText(error) || t('notifications.settings.failed')),
    });
  };

  return (
    <Box {...pageWidth('narrow')}>
      <Stack gap="md">
        {/* long words (German compounds) break instead of widening a phone's page */}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
          {t('notifications.settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notifications.settings.intro')}
        </Text>
        <PushSwitch />
        {settings.status === 'pending' && (
          <Stack gap="sm" aria-hidden>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        )}
        {settings.status === 'error' && (
          <QueryErrorView error={settings.error} onRetry={() => void settings.refetch()} />
        )}
        {settings.data && (
          <Stack gap="sm" data-testid="notification-settings">
            {settings.data.map((setting) => {
              const label = t(`notifications.settings.groups.${setting.group}` as TranslationKey);
              return (
                <Card key={setting.group} withBorder radius="md" padding="sm">
                  <Stack gap="xs">
                    <Text fw={600} size="sm" id={`setting-${setting.group}`}>
                      {label}
                    </Text>
                    <Group gap="lg" role="group" aria-labelledby={`setting-${setting.group}`}>
                      {CHANNELS.map((channel) => (
                        <Switch
                          key={channel}
                          checked={setting[channel]}
                          onChange={(event) =>
                            change(setting, channel, event.currentTarget.checked)
                          }
                          label={t(`notifications.settings.channels.${channel}`)}
                          aria-label={t('notifications.settings.switchLabel', {
                            group: label,
                            channel: t(`notifications.settings.channels.${channel}`),
                          })}
                          data-testid={`setting-${setting.group}-${channel}`}
                        />
                      ))}
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
