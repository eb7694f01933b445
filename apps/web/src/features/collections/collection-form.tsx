import { Autocomplete, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  GROUP_NAME_MAX,
  type Collection,
  type User,
} from '@memoria/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { CollectionPictureField, useCollectionPicture } from '../media/collection-picture-field';
import { CollaborationSection } from './collaboration-section';
import {
  abilitiesOf,
  chooseVisibility,
  groupSuggestions,
  isUnchanged,
  publicHint,
  setAllowAdd,
  setAllowReplace,
  setChecklist,
  setCollaboration,
  setPreserve,
  setUsers,
  toPayload,
  toggleFollowers,
  type CollectionFormValues,
  type VisibilityChoice,
} from './form-rules';
import { PlanHintModal, PublicProfileWarning, type PlanHint } from './hint-modals';
import { useCollectionGroups, useMyCollections, useSaveCollection } from './queries';
import { VisibilitySection } from './visibility-section';

/** Fields a 422 answer may name (contract: collections rule violations). */
const FIELDS = [
  'name',
  'description',
  'group_name',
  'type',
  'users_per_collection',
  'is_collaboration',
  'collaboration_on_checklist',
  'allow_add_documents',
  'allow_replace_documents',
  'preserve_documents_version',
  'public_link_on',
];

type Errors = Partial<Record<string, string>>;

export interface CollectionFormProps {
  user: User;
  /** the stored collection when editing */
  collection?: Collection;
  original: CollectionFormValues;
  onCancel: () => void;
  onSaved: (collection: Collection) => void;
  /**
   * A hint or the warning opened above the dialog: the dialog must not close on Escape
   * meanwhile (Mantine modals each listen to Escape on the window).
   */
  onChildModal?: (open: boolean) => void;
}

export function CollectionForm({
  user,
  collection,
  original,
  onCancel,
  onSaved,
  onChildModal,
}: CollectionFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(original);
  const [errors, setErrors] = useState<Errors>({});
  const [hint, setHint] = useState<PlanHint | null>(null);
  const [warning, setWarning] = useState(false);
  const save = useSaveCollection();
  const groups = useCollectionGroups(true);
  const mine = useMyCollections();
  const abilities = abilitiesOf(user);
  const editing = collection !== undefined;
  const picture = useCollectionPicture(collection);
  const unchanged = isUnchanged(original, values) && !picture.changed;
  const childOpen = hint !== null || warning;

  useEffect(() => {
    onChildModal?.(childOpen);
  }, [childOpen, onChildModal]);

  /** Applies a transition and clears the errors of the fields it changed. */
  const update = (next: CollectionFormValues) => {
    const changed = (Object.keys(next) as (keyof CollectionFormValues)[]).filter(
      (key) => next[key] !== values[key],
    );
    setValues(next);
    if (changed.some((key) => errors[key])) {
      setErrors((current) => {
        const rest = { ...current };
        for (const key of changed) delete rest[key];
        return rest;
      });
    }
  };

  const setField = (field: 'name' | 'description' | 'group_name', value: string) =>
    update({ ...values, [field]: value });

  const onChoose = (choice: VisibilityChoice) => {
    if (choice === 'public' && values.type !== 'public' && original.type !== 'public') {
      const others = (mine.data ?? []).filter(
        (item) => item.isOwner && item.type === 'public' && item.id !== collection?.id,
      ).length;
      const blocked = publicHint(abilities, others);
      if (blocked) {
        setHint(blocked);
        return;
      }
    }
    update(chooseVisibility(values, choice));
  };

  const onToggleFollowers = () => {
    const turningOn = values.type === 'all_contacts';
    if (turningOn && !abilities.followers && original.type !== 'all_contacts_followers') {
      setHint('followers');
      return;
    }
    update(toggleFollowers(values));
  };

  const onCollaboration = (on: boolean) => {
    if (on && !abilities.collaborate && !original.is_collaboration) {
      setHint('collaboration');
      return;
    }
    update(setCollaboration(values, on));
  };

  const persist = async () => {
    try {
      const saved = await save.mutateAsync({
        id: collection?.id,
        body: { ...toPayload(values), ...picture.payload() },
      });
      showSuccess(editing ? t('collections.form.updated') : t('collections.form.created'));
      onSaved(saved);
    } catch (error) {
      const found: Errors = {};
      applyViolations(
        { setFieldError: (field, message) => (found[field] = message) },
        error,
        FIELDS,
      );
      setErrors(found);
      showApiError(error);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Saving is blocked while the form is busy or when nothing changed.
    if (save.isPending || unchanged || picture.busy) return;
    if (!values.name.trim()) {
      setErrors({
        ...errors,
        name: t('validation.required', { field: t('collections.form.name') }),
      });
      return;
    }
    const becomesPublic = values.type === 'public' && original.type !== 'public';
    if (editing && becomesPublic && !user.user_profile.public_profile_enabled) {
      setWarning(true);
      return;
    }
    void persist();
  };

  const suggestions = groupSuggestions(groups.data ?? [], values.group_name);

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="collection-form">
        <Stack gap="lg">
          <Stack gap="sm">
            <TextInput
              label={t('collections.form.name')}
              required
              maxLength={COLLECTION_NAME_MAX}
              value={values.name}
              onChange={(event) => setField('name', event.currentTarget.value)}
              error={errors.name}
              data-autofocus
              data-testid="form-name"
            />
            <Textarea
              label={t('collections.form.description')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={COLLECTION_DESCRIPTION_MAX}
              value={values.description}
              onChange={(event) => setField('description', event.currentTarget.value)}
              error={errors.description}
              data-testid="form-description"
            />
            <Autocomplete
              label={t('collections.form.groupName')}
              description={t('collections.form.groupNameHint')}
              maxLength={GROUP_NAME_MAX}
              data={suggestions}
              filter={({ options }) => options}
              value={values.group_name}
              onChange={(value) => setField('group_name', value)}
              error={errors.group_name}
              comboboxProps={{ withinPortal: true }}
              data-testid="form-group-name"
            />
            <CollectionPictureField state={picture} />
          </Stack>
          <VisibilitySection
            values={values}
            abilities={abilities}
            errors={errors}
            onChoose={onChoose}
            onToggleFollowers={onToggleFollowers}
            onUsers={(users) => update(setUsers(values, users))}
            onSecretLink={(on) => update({ ...values, public_link_on: on })}
          />
          <CollaborationSection
            values={values}
            abilities={abilities}
            errors={errors}
            onCollaboration={onCollaboration}
            onChecklist={(on) => update(setChecklist(values, on))}
            onAllowAdd={(on) => update(setAllowAdd(values, on))}
            onAllowReplace={(on) => update(setAllowReplace(values, on))}
            onPreserve={(on) => {
              if (on && !abilities.keepVersions && !original.preserve_documents_version) {
                setHint('versioning');
                return;
              }
              update(setPreserve(values, on));
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={unchanged}
              data-testid="form-save"
            >
              {editing ? t('common.save') : t('collections.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {hint && <PlanHintModal hint={hint} onClose={() => setHint(null)} />}
      <PublicProfileWarning
        opened={warning}
        onClose={() => setWarning(false)}
        onConfirm={() => {
          setWarning(false);
          void persist();
        }}
      />
    </>
  );
}
