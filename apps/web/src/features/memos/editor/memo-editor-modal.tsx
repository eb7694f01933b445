import {
  Button,
  Group,
  Input,
  Modal,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { SubscriptionRequired } from '../../subscriptions/subscription-required';
import { LIMITS, MEMO_TAGS_MAX, MEMO_TAG_MAX, canScheduleMemo } from '@memoria/domain';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { showApiError, showError, showSuccess } from '../../../ui/toasts';
import { UnsavedChangesDialog, useLeaveGuard } from '../../../ui/unsaved-changes';
import { CollectionPicker } from '../../collections/collection-picker';
import { MemoAttachmentsSection, useMemoAttachments } from '../../media/memo-attachments-editor';
import { useProfile } from '../../profile/queries';
import type { EditorRequest } from '../memo-editor-launcher';
import { useCreateMemo, useUpdateMemo } from '../mutations';
import { TodoEditor } from '../todo-editor';
import { useMentionPeople } from './editor-queries';
import {
  initialValues,
  isChanged,
  toPayload,
  validate,
  violationsOf,
  type MemoFormField,
  type MemoFormValues,
} from './memo-form';
import { DatesField, DueField, LocationField } from './memo-extras';
import classes from './memo-editor-modal.module.css';
import { useNarrowerThan } from '../../../ui/viewport';

const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);

type Errors = Partial<Record<MemoFormField, string>>;

/**
 * The memo editor (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md, Validation): title (required,
 * at most 250, with a counter), rich description, checklist, tags, collections and pin, location,
 * event date and schedule, due date. Leaving with changes asks first; server violations land on
 * their fields.
 */
export function MemoEditorModal({
  request,
  onClose,
}: {
  request: EditorRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { memo, draft } = request;
  const user = useProfile().data;
  const people = useMentionPeople().data ?? [];
  // phones (up to sm, docs/SCREENS.md): the whole screen, the footer at its bottom edge
  const fullScreen = useNarrowerThan('sm');
  // A new memo counts its draft (dropped files) as changes; an edit starts clean.
  const baseline = useMemo(() => initialValues(memo), [memo]);
  const [values, setValues] = useState<MemoFormValues>(() => initialValues(memo, draft));
  const [errors, setErrors] = useState<Errors>({});
  const [showTodos, setShowTodos] = useState(values.todos.length > 0);
  const create = useCreateMemo();
  const update = useUpdateMemo();
  const saving = create.isPending || update.isPending;
  const attachments = useMemoAttachments(memo, draft?.files);
  const dirty = isChanged(values, baseline) || attachments.changed;
  // Scheduling is a plan gate (see docs/RULES.md, Plans), and only a memo not yet
  // published can be scheduled.
  const published = memo !== undefined && memo.status !== 'scheduled';
  const scheduleAllowed = user !== undefined && canScheduleMemo(user) && !published;

  const set = <K extends MemoFormField>(field: K, value: MemoFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const save = async (): Promise<boolean> => {
    if (saving || attachments.busy) return false;
    const found = validate(values, {
      titleRequired: t('validation.required', { field: t('memos.editor.title') }),
      titleTooLong: t('memos.editor.titleTooLong', { max: LIMITS.memoTitleMax }),
      collectionRequired: t('validation.required', { field: t('memos.editor.collection') }),
      scheduledDateLessNow: t('memos.date.scheduledDateLessNow'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const body = { ...toPayload(values), ...attachments.lists() };
      if (memo) await update.mutateAsync({ id: memo.id, body });
      else await create.mutateAsync(body);
      showSuccess(t(memo ? 'memos.editor.saved' : 'memos.editor.created'));
      return true;
    } catch (error) {
      const violations = violationsOf(error);
      if (!violations) {
        showApiError(error);
        return false;
      }
      setErrors(violations.fields);
      if (violations.fields.todos || violations.fields.tags) setShowTodos(true);
      const first = violations.other[0];
      if (first) showError(first);
      else if (Object.keys(violations.fields).length === 0) showApiError(error);
      return false;
    }
  };

  const guard = useLeaveGuard(dirty, save);
  const close = () => guard.requestLeave(onClose);
  const titleLength = Array.from(values.title).length;

  return (
    <>
      <Modal
        opened
        onClose={close}
        title={t(memo ? 'memos.editor.editTitle' : 'memos.editor.createTitle')}
        size="xl"
        fullScreen={fullScreen}
        closeOnClickOutside={!dirty}
        zIndex={200}
        data-testid="memo-editor"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save().then((saved) => saved && onClose());
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('memos.editor.title')}
              placeholder={t('memos.editor.titlePlaceholder')}
              required
              value={values.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errors.title}
              description={`${titleLength} / ${LIMITS.memoTitleMax}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              styles={{
                description: {
                  textAlign: 'end',
                  color:
                    titleLength > LIMITS.memoTitleMax ? 'var(--mantine-color-error)' : undefined,
                },
              }}
              data-autofocus
              data-testid="memo-title"
            />
            <Suspense
              fallback={
                <Stack gap={4} aria-busy>
                  <Input.Label>{t('memos.editor.description')}</Input.Label>
                  <Skeleton height={170} />
                </Stack>
              }
            >
              <RichTextEditor
                label={t('memos.editor.description')}
                placeholder={t('memos.editor.descriptionPlaceholder')}
                value={values.description}
                onChange={(html) => set('description', html)}
                error={errors.description}
                people={people}
              />
            </Suspense>
            {showTodos ? (
              <Stack gap={4}>
                <Input.Label>{t('memos.editor.todos')}</Input.Label>
                <TodoEditor
                  items={values.todos}
                  onChange={(todos) => set('todos', todos)}
                  editable
                />
                {errors.todos && (
                  <Text size="sm" c="red" role="alert">
                    {errors.todos}
                  </Text>
                )}
              </Stack>
            ) : (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconChecklist size={14} />}
                onClick={() => setShowTodos(true)}
                style={{ alignSelf: 'flex-start' }}
                data-testid="memo-add-todos"
              >
                {t('memos.editor.addTodos')}
              </Button>
            )}
            <TagsInput
              label={t('memos.editor.tags')}
              placeholder={t('memos.editor.tagsPlaceholder')}
              value={values.tags}
              onChange={(tags) =>
                set('tags', tags.map((tag) => tag.replace(/^#+/, '').trim()).filter(Boolean))
              }
              splitChars={[',', ' ']}
              maxTags={MEMO_TAGS_MAX}
              maxLength={MEMO_TAG_MAX}
              acceptValueOnBlur
              clearable
              error={errors.tags}
              comboboxProps={{ zIndex: 300 }}
              data-testid="memo-tags"
            />
            <CollectionPicker
              value={values.collections}
              onChange={(ids) => set('collections', ids)}
              label={t('memos.editor.collection')}
              error={errors.collections}
              required
              data-testid="memo-collections"
            />
            <Switch
              label={t('memos.editor.pin')}
              checked={values.pinned}
              onChange={(event) => set('pinned', event.currentTarget.checked)}
              disabled={values.collections.length === 0}
              data-testid="memo-pin"
            />
            <LocationField
              value={values.location}
              onChange={(location) => set('location', location)}
              error={errors.location}
            />
            <DatesField
              event={values.event}
              schedule={values.schedule}
              onChange={(next) => {
                set('event', next.event);
                set('schedule', next.schedule);
              }}
              scheduleAllowed={scheduleAllowed}
              scheduleLockedText={published ? t('memos.date.schedulePublished') : undefined}
              scheduleLocked={
                !published && user !== undefined && !canScheduleMemo(user) ? (
                  <SubscriptionRequired gate="scheduling" />
                ) : undefined
              }
              eventError={errors.event}
              scheduleError={errors.schedule}
            />
            <DueField value={values.due} onChange={(due) => set('due', due)} error={errors.due} />
            <MemoAttachmentsSection state={attachments} />
            <Group
              justify="flex-end"
              gap="sm"
              className={classes.footer}
              data-testid="memo-editor-footer"
            >
              <Button variant="default" onClick={close} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={saving}
                disabled={!dirty || attachments.busy}
                data-testid="memo-save"
              >
                {t('memos.editor.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}
