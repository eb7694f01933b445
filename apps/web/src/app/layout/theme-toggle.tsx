import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';

/** Light / dark switch; until used, the OS preference decides ("auto"). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.dark') : t('theme.light');
  return (
    // A native title instead of a Tooltip: Floating UI stays out of the first screen.
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('theme.toggle')}
      title={label}
      onClick={() => setColorScheme(next)}
      data-testid="theme-toggle"
    >
      {computed === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
