import { Fieldset, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import {
  collaborationAvailable,
  type CollectionFormValues,
  type FormAbilities,
} from './form-rules';
import { PlanLabel } from './plan-label';

export interface CollaborationSectionProps {
  values: CollectionFormValues;
  abilities: FormAbilities;
  errors: Partial<Record<string, string>>;
  onCollaboration: (on: boolean) => void;
  onChecklist: (on: boolean) => void;
  onAllowAdd: (on: boolean) => void;
  onAllowReplace: (on: boolean) => void;
  onPreserve: (on: boolean) => void;
}

/**
 * Collaboration and its options (docs/DOMAIN.md, States): only for contact audiences; the options
 * are editable while collaboration is on, and each document option needs the one before.
 */
export function CollaborationSection({
  values,
  abilities,
  errors,
  onCollaboration,
  onChecklist,
  onAllowAdd,
  onAllowReplace,
  onPreserve,
}: CollaborationSectionProps) {
  const { t } = useTranslation();
  const available = collaborationAvailable(values.type);
  const on = values.is_collaboration;

  return (
    <Fieldset legend={t('collections.form.collaboration')} variant="unstyled">
      <Stack gap="sm">
        {!available && (
          <Text size="sm" c="dimmed" data-testid="collaboration-unavailable">
            {t('collections.form.collaborationUnavailable')}
          </Text>
        )}
        {available && (
          <Switch
            checked={on}
            onChange={(event) => onCollaboration(event.currentTarget.checked)}
            label={
              <PlanLabel
                text={t('collections.form.collaborationOn')}
                showPlan={!abilities.collaborate && !on}
              />
            }
            description={t('collections.form.collaborationHint')}
            error={errors.is_collaboration}
            data-testid="form-collaboration"
          />
        )}
        {available && on && (
          <Stack gap="sm" pl={{ base: 0, xs: 'lg' }} data-testid="collaboration-options">
            <Switch
              checked={values.collaboration_on_checklist}
              onChange={(event) => onChecklist(event.currentTarget.checked)}
              label={t('collections.form.checklist')}
              error={errors.collaboration_on_checklist}
              data-testid="form-checklist"
            />
            <Switch
              checked={values.allow_add_documents}
              onChange={(event) => onAllowAdd(event.currentTarget.checked)}
              label={t('collections.form.allowAdd')}
              error={errors.allow_add_documents}
              data-testid="form-allow-add"
            />
            <Switch
              checked={values.allow_replace_documents}
              disabled={!values.allow_add_documents}
              onChange={(event) => onAllowReplace(event.currentTarget.checked)}
              label={t('collections.form.allowReplace')}
              error={errors.allow_replace_documents}
              data-testid="form-allow-replace"
            />
            <Switch
              checked={values.preserve_documents_version}
              disabled={!values.allow_replace_documents}
              onChange={(event) => onPreserve(event.currentTarget.checked)}
              label={t('collections.form.preserve')}
              error={errors.preserve_documents_version}
              data-testid="form-preserve"
            />
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
