import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  DELEGATION_RULE_DEFAULTS,
  RULE_AREAS,
  type DelegationListItem,
  type DelegationRules,
  type RuleArea,
} from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useSaveDelegation } from './delegation-queries';

export interface DelegationDialogRequest {
  /** editing this delegation; creating when absent */
  editing?: DelegationListItem;
  /** the connections that may be chosen (creating) */
  people: { id: number; name: string }[];
  /** the workspaces right is only for a main account */
  mainAccount: boolean;
}

/** The rights in the order the dialog lists them (docs/RULES.md, Roles). */
const RIGHTS: readonly RuleArea[] = [
  'admin',
  'profile',
  'public_profile',
  'settings',
  'connections',
  'collections',
  'memos',
  'workspaces',
];

const idOf = (ref: string) => Number(ref.split('/').pop());

function startingFlags(editing: DelegationListItem | undefined): DelegationRules {
  if (!editing) return { ...DELEGATION_RULE_DEFAULTS };
  return Object.fromEntries(RULE_AREAS.map((area) => [area, editing[area]])) as DelegationRules;
}

/**
 * The delegation create/update dialog (docs/SCREENS.md, Connections): a connection and the
 * rights, admin off and the others on by default. Saving a person who already holds a
 * delegation updates it (the server does the same).
 */
export function DelegationDialog({
  request,
  onClose,
}: {
  request: DelegationDialogRequest | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={<DialogTitle request={request} />}
      centered
      size="md"
    >
      {request && <DelegationForm request={request} onClose={onClose} />}
    </Modal>
  );
}

function DialogTitle({ request }: { request: DelegationDialogRequest | null }) {
  const { t } = useTranslation();
  if (request?.editing) {
    return <>{t('connections.delegations.dialogEdit', { name: request.editing.delegate_name })}</>;
  }
  return <>{t('connections.delegations.dialogCreate')}</>;
}

function DelegationForm({
  request,
  onClose,
}: {
  request: DelegationDialogRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDelegation();
  const { editing, people, mainAccount } = request;
  const [person, setPerson] = useState<string | null>(null);
  const [personError, setPersonError] = useState<string>();
  const [flags, setFlags] = useState<DelegationRules>(() => startingFlags(editing));
  const rights = RIGHTS.filter((right) => right !== 'workspaces' || mainAccount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const delegateId = editing ? idOf(editing.delegate_user) : Number(person);
    if (!editing && !person) {
      setPersonError(t('connections.delegations.personRequired'));
      return;
    }
    const sent = Object.fromEntries(rights.map((right) => [right, flags[right]]));
    try {
      await save.mutateAsync({ id: editing?.id, delegateId, flags: sent });
      showSuccess(
        t(
          editing
            ? 'connections.delegations.updateSuccessMessage'
            : 'connections.delegations.successMessage',
        ),
      );
      onClose();
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="delegation-dialog">
      <Stack gap="md">
        {editing ? (
          <Text size="sm">{editing.delegate_name}</Text>
        ) : (
          <Select
            label={t('connections.delegations.person')}
            placeholder={t('connections.delegations.personPlaceholder')}
            data={people.map((p) => ({ value: String(p.id), label: p.name }))}
            value={person}
            onChange={(value) => {
              setPerson(value);
              setPersonError(undefined);
            }}
            searchable
            nothingFoundMessage={t('connections.noResults')}
            error={personError}
            data-testid="delegation-person"
          />
        )}
        <Stack gap="xs" role="group" aria-label={t('connections.delegations.rightsLabel')}>
          <Text size="sm" fw={500}>
            {t('connections.delegations.rightsLabel')}
          </Text>
          {rights.map((right) => (
            <Checkbox
              key={right}
              label={t(`connections.delegations.rights.${right}`)}
              checked={flags[right]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFlags((current) => ({ ...current, [right]: checked }));
              }}
              data-testid={`delegation-right-${right}`}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="delegation-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
