import { Fieldset, Group, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import classes from './collections.module.css';
import { ContactsPicker } from './contacts-picker';
import {
  VISIBILITY_CHOICES,
  choiceOf,
  type CollectionFormValues,
  type FormAbilities,
  type PickedUser,
  type VisibilityChoice,
} from './form-rules';
import { TYPE_ICONS } from './type-meta';
import { PlanLabel } from './plan-label';

export interface VisibilitySectionProps {
  values: CollectionFormValues;
  abilities: FormAbilities;
  errors: Partial<Record<string, string>>;
  onChoose: (choice: VisibilityChoice) => void;
  onToggleFollowers: () => void;
  onUsers: (users: PickedUser[]) => void;
  onSecretLink: (on: boolean) => void;
}

/** Who sees the collection (docs/DOMAIN.md, States: "Collection visibility"). */
export function VisibilitySection({
  values,
  abilities,
  errors,
  onChoose,
  onToggleFollowers,
  onUsers,
  onSecretLink,
}: VisibilitySectionProps) {
  const { t } = useTranslation();
  const choice = choiceOf(values.type);
  const followers = values.type === 'all_contacts_followers';

  return (
    <Fieldset legend={t('collections.form.visibility')} variant="unstyled">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="radiogroup">
          {VISIBILITY_CHOICES.map((option) => {
            const TypeIcon = TYPE_ICONS[option];
            return (
              <Radio.Card
                key={option}
                name="collection-visibility"
                value={option}
                checked={choice === option}
                onClick={() => onChoose(option)}
                className={classes.visibility}
                data-testid={`visibility-${option}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <TypeIcon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {t(`collections.types.${option}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`collections.typeHints.${option}`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
        {errors.type && (
          <Text size="sm" c="red" role="alert" data-testid="error-type">
            {errors.type}
          </Text>
        )}

        {choice === 'all_contacts' && (
          <Switch
            checked={followers}
            onChange={onToggleFollowers}
            label={
              <PlanLabel
                text={t('collections.form.followers')}
                showPlan={!abilities.followers && !followers}
              />
            }
            description={t('collections.form.followersHint')}
            data-testid="visibility-followers"
          />
        )}

        {values.type === 'selected_contacts' && (
          <ContactsPicker
            value={values.users_per_collection}
            onChange={onUsers}
            error={errors.users_per_collection}
          />
        )}

        {values.type !== 'public' && (
          <Switch
            checked={values.public_link_on}
            onChange={(event) => onSecretLink(event.currentTarget.checked)}
            label={t('collections.form.secretLink')}
            description={t('collections.form.secretLinkHint')}
            error={errors.public_link_on}
            data-testid="form-public-link"
          />
        )}
      </Stack>
    </Fieldset>
  );
}
