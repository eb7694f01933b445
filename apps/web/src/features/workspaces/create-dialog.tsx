import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS, canCreateGroupOrWorkspace, type User, type WorkspaceType } from '@memoria/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useCreateWorkspace } from './queries';

/**
 * Making a group or workspace (docs/notes/workspaces.md). Plans are not sold yet: someone the
 * rule allows makes one here; anyone else is told that another one needs a plan.
 */
export function CreateWorkspaceDialog({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<WorkspaceType>('workspace');
  const [error, setError] = useState<string | null>(null);
  const allowed = user.permissions?.create_group_or_workspace ?? canCreateGroupOrWorkspace(user);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length < LIMITS.groupNameMin) {
      setError(t('workspaces.create.nameTooShort'));
      return;
    }
    try {
      const made = await create.mutateAsync({ name: name.trim(), workspace_type: kind });
      showSuccess(t('workspaces.create.created'));
      onClose();
      setName('');
      void navigate(`/workspaces/${made.id}`);
    } catch (failure) {
      showApiError(failure);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('workspaces.create.title')} centered>
      {allowed ? (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          data-testid="workspace-create-form"
        >
          <Stack>
            <TextInput
              label={t('workspaces.create.name')}
              description={t('workspaces.create.nameHint')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              required
              data-autofocus
              data-testid="workspace-create-name"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="workspace-kind-label">
                {t('workspaces.create.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="workspace-kind-label"
                value={kind}
                onChange={(value) => setKind(value as WorkspaceType)}
                data={[
                  { value: 'workspace', label: t('workspaces.create.workspace') },
                  { value: 'group', label: t('workspaces.create.group') },
                ]}
              />
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('workspaces.create.cancel')}
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                data-testid="workspace-create-submit"
              >
                {t('workspaces.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack data-testid="workspace-plan-needed">
          <Text>{t('workspaces.create.planNeeded')}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('workspaces.create.cancel')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
