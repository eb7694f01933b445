import { Text, type TextProps } from '@mantine/core';
import { currentLocale } from '../i18n';
import { formatDateTime } from '../i18n/format';
import { formatRelativeTime } from './relative-time';

/**
 * A moment as "3 hr ago" in the chosen language, the exact date and time in its title and in
 * the machine-readable dateTime. Worked out at render: lists render again when they refetch.
 */
export function RelativeTimeLabel({ value, ...props }: { value: string } & TextProps) {
  const locale = currentLocale();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <Text
      component="time"
      dateTime={date.toISOString()}
      title={formatDateTime(date, locale)}
      size="xs"
      c="dimmed"
      {...props}
    >
      {formatRelativeTime(date, Date.now(), locale)}
    </Text>
  );
}
