import { ActionIcon, Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import {
  IconCalendarEvent,
  IconClock,
  IconFile,
  IconMapPin,
  IconPencil,
  IconX,
} from '@tabler/icons-react';
import type { Location } from '@memoria/domain';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { currentLocale, useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { DateTimePicker, type DateTimeChoice } from '../../../ui/date-time-picker';
import { useDayjsLocale } from '../../../ui/date-time-picker-locale';
import type { MemoDraft } from '../memo-editor-launcher';

// The due date is shown in the language's own long date format ("LL").
dayjs.extend(localizedFormat);

const LocationPicker = lazy(() =>
  import('./location-picker').then((m) => ({ default: m.LocationPicker })),
);

function Row({
  icon,
  children,
  onEdit,
  onRemove,
  editLabel,
  removeLabel,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  onEdit: () => void;
  onRemove: () => void;
  editLabel: string;
  removeLabel: string;
  testId: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid={testId}>
      {icon}
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      <ActionIcon variant="subtle" color="gray" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={removeLabel} onClick={onRemove}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The memo's location: shown with change and remove, set through the map picker. */
export function LocationField({
  value,
  onChange,
  error,
}: {
  value: Location | null;
  onChange: (location: Location | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Input.Wrapper label={t('memos.editor.location')} error={error}>
      <Stack gap={4} mt={4}>
        {value ? (
          <Row
            icon={<IconMapPin size={16} aria-hidden />}
            onEdit={() => setOpen(true)}
            onRemove={() => onChange(null)}
            editLabel={t('memos.editor.changeLocation')}
            removeLabel={t('memos.editor.removeLocation')}
            testId="memo-location"
          >
            {value.description ||
              t('memos.location.coordinates', {
                lat: value.latitude.toFixed(5),
                lng: value.longitude.toFixed(5),
              })}
          </Row>
        ) : (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconMapPin size={14} />}
            onClick={() => setOpen(true)}
            style={{ alignSelf: 'flex-start' }}
            data-testid="memo-location-add"
          >
            {t('memos.editor.addLocation')}
          </Button>
        )}
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <LocationPicker
            opened
            onClose={() => setOpen(false)}
            value={value}
            onSelect={(location) => {
              onChange(location);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </Input.Wrapper>
  );
}

/**
 * Event date and scheduled publication, both set through the date/time picker (type event
 * by default; schedule only with the silver rule).
 */
export function DatesField({
  event,
  schedule,
  onChange,
  scheduleAllowed,
  scheduleLockedText,
  scheduleLocked,
  eventError,
  scheduleError,
}: {
  event: string | null;
  schedule: string | null;
  onChange: (next: { event: string | null; schedule: string | null }) => void;
  scheduleAllowed: boolean;
  scheduleLockedText?: string;
  /** the subscription prompt shown while the plan locks scheduling */
  scheduleLocked?: ReactNode;
  eventError?: string;
  scheduleError?: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [editing, setEditing] = useState<DateTimeChoice | null | 'new'>(null);
  const submit = (choice: DateTimeChoice) => {
    onChange(
      choice.kind === 'schedule' ? { event, schedule: choice.at } : { event: choice.at, schedule },
    );
    setEditing(null);
  };
  return (
    <Input.Wrapper label={t('memos.editor.date')} error={eventError}>
      <Stack gap={4} mt={4}>
        {event && (
          <Row
            icon={<IconCalendarEvent size={16} aria-hidden />}
            onEdit={() => setEditing({ kind: 'event', at: event })}
            onRemove={() => onChange({ event: null, schedule })}
            editLabel={t('memos.editor.changeDate')}
            removeLabel={t('memos.editor.removeDate')}
            testId="memo-event-date"
          >
            {t('memos.editor.eventOn', { date: formatDateTime(event, locale) })}
          </Row>
        )}
        {schedule && (
          <Row
            icon={<IconClock size={16} aria-hidden />}
            onEdit={() => setEditing({ kind: 'schedule', at: schedule })}
            onRemove={() => onChange({ event, schedule: null })}
            editLabel={t('memos.editor.changeDate')}
            removeLabel={t('memos.editor.removeDate')}
            testId="memo-schedule-date"
          >
            {t('memos.editor.scheduledOn', { date: formatDateTime(schedule, locale) })}
          </Row>
        )}
        {scheduleError && (
          <Text size="sm" c="red" role="alert" data-testid="memo-schedule-error">
            {scheduleError}
          </Text>
        )}
        {(!event || (!schedule && scheduleAllowed)) && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconCalendarEvent size={14} />}
            onClick={() => setEditing('new')}
            style={{ alignSelf: 'flex-start' }}
            data-testid="memo-date-add"
          >
            {t('memos.editor.addDate')}
          </Button>
        )}
      </Stack>
      <DateTimePicker
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSubmit={submit}
        value={editing === 'new' ? null : editing}
        defaultKind={editing === 'new' && event ? 'schedule' : 'event'}
        scheduleAllowed={scheduleAllowed}
        scheduleLockedText={scheduleLockedText}
        scheduleLocked={scheduleLocked}
      />
    </Input.Wrapper>
  );
}

/** The due date of the checklist: a day. */
export function DueField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const dayjsLocale = useDayjsLocale(currentLocale());
  return (
    <DatesProvider settings={{ locale: dayjsLocale, firstDayOfWeek: 1 }}>
      <DateInput
        label={t('memos.editor.due')}
        placeholder={t('memos.editor.duePlaceholder')}
        value={value}
        onChange={onChange}
        clearable
        valueFormat="LL"
        error={error}
        popoverProps={{ zIndex: 300 }}
        leftSection={<IconCalendarEvent size={16} aria-hidden />}
        data-testid="memo-due"
      />
    </DatesProvider>
  );
}

/** Files dropped on the page: listed as pending until media uploads arrive. */
export function PendingFiles({ files }: { files: NonNullable<MemoDraft['files']> }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Alert variant="light" title={t('memos.editor.files')} data-testid="memo-pending-files">
      <Stack gap={4}>
        {files.map((file, index) => (
          <Group key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
            <IconFile size={14} aria-hidden />
            <Text size="sm" truncate>
              {file.name}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('memos.editor.filesPending')}
        </Text>
      </Stack>
    </Alert>
  );
}
