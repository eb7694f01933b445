import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useInterval } from '@mantine/hooks';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { currentLocale, useTranslation } from '../i18n';
import {
  DEFAULT_SCHEDULE,
  clampScheduleTime,
  clampTimeInput,
  combine,
  padTime,
  validateSchedule,
  yearsAround,
  type TimePart,
  type TimeValue,
} from './date-time-picker-rules';
import { useDayjsLocale } from './date-time-picker-locale';

export type DateKind = 'event' | 'schedule';

export interface DateTimeChoice {
  kind: DateKind;
  /** ISO 8601 with offset */
  at: string;
}

export interface DateTimePickerProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: (choice: DateTimeChoice) => void;
  /** the current value, if any */
  value: DateTimeChoice | null;
  /** the kind a new date starts with (event by default) */
  defaultKind?: DateKind;
  /** the silver rule: without it scheduling is shown but disabled, with a hint */
  scheduleAllowed: boolean;
  /** why scheduling is disabled (default: it needs the Silver plan) */
  scheduleLockedText?: string;
  /** shown under the kinds while scheduling is locked by the plan (the subscription prompt) */
  scheduleLocked?: ReactNode;
  /** the clock, replaceable in tests */
  now?: () => Dayjs;
}

/**
 * How often "now" is read again, so today's earliest schedule time moves on (docs/RULES.md,
 * Limits).
 */
const CLOCK_REFRESH_MS = 5000;

function TimeField({
  part,
  value,
  onChange,
  onBlur,
  label,
}: {
  part: TimePart;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  label: string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(clampTimeInput(event.currentTarget.value, part))}
      onBlur={onBlur}
      inputMode="numeric"
      maxLength={3}
      w={72}
      styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
      data-testid={`time-${part}`}
    />
  );
}

/**
 * The event / schedule date picker (docs/DOMAIN.md, States: "Date picker", Validation;
 * docs/RULES.md, Limits): calendar with day, month and year levels and a list of 80 years,
 * two-digit time fields clamped to 23 and 59, 06:00 by default for a schedule; for today a
 * schedule's time must be later than now (at most 23:59), and a date not in the future is refused.
 */
export function DateTimePicker({
  opened,
  onClose,
  onSubmit,
  value,
  defaultKind = 'event',
  scheduleAllowed,
  scheduleLockedText,
  scheduleLocked,
  now: clock = () => dayjs(),
}: DateTimePickerProps) {
  const { t } = useTranslation();
  const dayjsLocale = useDayjsLocale(currentLocale());
  const [now, setNow] = useState(clock);
  const [kind, setKind] = useState<DateKind>('event');
  const [day, setDay] = useState<string | null>(null);
  const [shown, setShown] = useState<string>(() => clock().format('YYYY-MM-DD'));
  const [hours, setHours] = useState('06');
  const [minutes, setMinutes] = useState('00');
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the current value (or an empty event date).
  useEffect(() => {
    if (!opened) return;
    const start = value ? dayjs(value.at) : null;
    const time: TimeValue = start
      ? { hours: start.hour(), minutes: start.minute() }
      : DEFAULT_SCHEDULE;
    const startKind = value?.kind ?? defaultKind;
    setKind(startKind === 'schedule' && scheduleAllowed ? 'schedule' : 'event');
    setDay(start ? start.format('YYYY-MM-DD') : null);
    setShown((start ?? clock()).format('YYYY-MM-DD'));
    setHours(padTime(String(time.hours)));
    setMinutes(padTime(String(time.minutes)));
    setError(null);
    setNow(clock());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on open only
  }, [opened]);

  const interval = useInterval(() => setNow(clock()), CLOCK_REFRESH_MS);
  useEffect(() => {
    if (opened) interval.start();
    else interval.stop();
    return interval.stop;
  }, [opened, interval]);

  const time = (): TimeValue => ({ hours: Number(hours || 0), minutes: Number(minutes || 0) });

  /** For a schedule today, a time not later than now moves forward. */
  const applyClamp = (forDay: string | null, forKind: DateKind, at: Dayjs) => {
    if (forKind !== 'schedule' || !forDay) return;
    const clamped = clampScheduleTime(forDay, time(), at);
    setHours(padTime(String(clamped.hours)));
    setMinutes(padTime(String(clamped.minutes)));
  };

  useEffect(() => {
    if (opened) applyClamp(day, kind, now);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the clock tick only
  }, [now]);

  const chooseKind = (next: DateKind) => {
    setKind(next);
    setError(null);
    if (next === 'schedule') {
      if (day && dayjs(day).isBefore(now, 'day')) setDay(null);
      applyClamp(day, next, now);
    }
  };

  const chooseDay = (next: string | null) => {
    setDay(next);
    setError(null);
    applyClamp(next, kind, now);
  };

  const submit = () => {
    if (!day) return;
    const at = combine(day, time());
    if (kind === 'schedule') {
      const current = clock();
      if (validateSchedule(at, current)) {
        setError(t('memos.date.scheduledDateLessNow'));
        return;
      }
    }
    onSubmit({ kind, at: at.format() });
  };

  const years = yearsAround(dayjs(shown).year());

  return (
    <Modal opened={opened} onClose={onClose} title={t('memos.date.title')} centered zIndex={300}>
      <DatesProvider settings={{ locale: dayjsLocale, firstDayOfWeek: 1 }}>
        <Stack gap="md" data-testid="date-time-picker">
          <div>
            <SegmentedControl
              fullWidth
              value={kind}
              onChange={(next) => chooseKind(next as DateKind)}
              aria-label={t('memos.date.type')}
              data={[
                { value: 'event', label: t('memos.date.event') },
                { value: 'schedule', label: t('memos.date.schedule'), disabled: !scheduleAllowed },
              ]}
              data-testid="date-kind"
            />
            <Text size="xs" c="dimmed" mt={6} data-testid="date-kind-hint">
              {scheduleAllowed
                ? kind === 'schedule'
                  ? t('memos.date.scheduleHint')
                  : null
                : scheduleLocked
                  ? null
                  : (scheduleLockedText ?? t('memos.date.scheduleLocked'))}
            </Text>
            {!scheduleAllowed && scheduleLocked}
          </div>
          <NativeSelect
            label={t('memos.date.year')}
            value={String(dayjs(shown).year())}
            onChange={(event) =>
              setShown(dayjs(shown).year(Number(event.currentTarget.value)).format('YYYY-MM-DD'))
            }
            data={years.map(String)}
            w={120}
            data-testid="date-year"
          />
          <Group justify="center">
            <DatePicker
              value={day}
              onChange={chooseDay}
              date={shown}
              onDateChange={setShown}
              minDate={kind === 'schedule' ? now.format('YYYY-MM-DD') : undefined}
              highlightToday
              data-testid="date-calendar"
            />
          </Group>
          <Group gap="xs" align="flex-end" role="group" aria-label={t('memos.date.time')}>
            <TimeField
              part="hours"
              label={t('memos.date.hours')}
              value={hours}
              onChange={(v) => {
                setHours(v);
                setError(null);
              }}
              onBlur={() => {
                setHours(padTime(hours));
                applyClamp(day, kind, now);
              }}
            />
            <Text pb={8} fw={700} aria-hidden>
              :
            </Text>
            <TimeField
              part="minutes"
              label={t('memos.date.minutes')}
              value={minutes}
              onChange={(v) => {
                setMinutes(v);
                setError(null);
              }}
              onBlur={() => {
                setMinutes(padTime(minutes));
                applyClamp(day, kind, now);
              }}
            />
          </Group>
          {error && (
            <Alert color="red" role="alert" data-testid="date-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} disabled={!day} data-testid="date-submit">
              {t('memos.date.set')}
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
