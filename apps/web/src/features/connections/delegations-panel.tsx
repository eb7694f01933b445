import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { canManageDelegation, type DelegationListItem } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { switchUser } from '../../session/session-actions';
import { RelativeTimeLabel } from '../../ui/relative-time-label';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useProfile } from '../profile/queries';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { DelegationDialog, type DelegationDialogRequest } from './delegation-dialog';
import { useDelegationAudit, useDelegations, useRevokeDelegation } from './delegation-queries';
import { EmptyState } from './list-state';
import { useConnectionList } from './queries';

const idOf = (ref: string) => Number(ref.split('/').pop());

/** The rights a delegation grants, as badges (docs/RULES.md, Roles). */
function RightBadges({ delegation }: { delegation: DelegationListItem }) {
  const { t } = useTranslation();
  const granted = (
    [
      'admin',
      'profile',
      'public_profile',
      'settings',
      'connections',
      'collections',
      'memos',
      'workspaces',
    ] as const
  ).filter((right) => delegation[right]);
  return (
    <Group gap={4}>
      {granted.map((right) => (
        <Badge key={right} size="sm" variant="light">
          {t(`connections.delegations.rights.${right}`)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * /connections/delegations (docs/SCREENS.md, Connections): the access the account gave
 * (create, edit the rights, revoke with confirmation), the accounts the person may act for
 * (switching reloads the page), and what delegates did for the account. A session acting for
 * an account manages its delegations only with the admin right.
 */
export function DelegationsPanel() {
  const { t } = useTranslation();
  const user = useProfile().data;
  const acting = user?.root_user != null;
  const canManage = user !== undefined && (!acting || canManageDelegation(user));
  const list = useDelegations(canManage);
  const audit = useDelegationAudit(canManage);
  const active = useConnectionList('active', canManage);
  const revoke = useRevokeDelegation();
  const [dialog, setDialog] = useState<DelegationDialogRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  if (user && !canManage) {
    return (
      <EmptyState
        icon={<IconKey size={32} />}
        title={t('connections.empty.delegationsTitle')}
        text={t('connections.delegations.notAllowed')}
        data-testid="delegations-not-allowed"
      />
    );
  }

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const given = items.filter((d) => d.direction === 'given');
  const held = items.filter((d) => d.direction === 'held');
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const people = (active.data?.pages.flatMap((page) => page.items) ?? [])
    .map((c) => c.user)
    .filter((p): p is NonNullable<typeof p> => p != null)
    .map((p) => ({ id: p.id, name: p.name }));
  const mainAccount = user?.user_type === 'main';

  const askRevoke = (delegation: DelegationListItem) =>
    setConfirm({
      title: t('connections.delegations.revokeTitle', { name: delegation.delegate_name }),
      text: t('connections.delegations.revokeText', { name: delegation.delegate_name }),
      confirmLabel: t('connections.delegations.revoke'),
      onConfirm: async () => {
        try {
          await revoke.mutateAsync(delegation.id);
          showSuccess(t('connections.delegations.revoked'));
        } catch (error) {
          showApiError(error);
          throw error;
        }
      },
    });

  return (
    <Stack gap="lg" data-testid="delegations-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('connections.delegations.givenTitle')}
          </Title>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ people, mainAccount })}
            data-testid="delegation-create"
          >
            {t('connections.delegations.create')}
          </Button>
        </Group>
        {list.isSuccess && given.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="delegations-given-empty">
            {t('connections.delegations.noneGiven')}
          </Text>
        )}
        {given.map((delegation) => (
          <Card key={delegation.id} withBorder padding="sm" data-testid="delegation-given">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Text fw={500} data-testid="delegation-name">
                  {delegation.delegate_name}
                </Text>
                <RightBadges delegation={delegation} />
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setDialog({ editing: delegation, people, mainAccount })}
                  data-testid="delegation-edit"
                >
                  {t('connections.delegations.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  onClick={() => askRevoke(delegation)}
                  data-testid="delegation-revoke"
                >
                  {t('connections.delegations.revoke')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('connections.delegations.heldTitle')}
        </Title>
        {list.isSuccess && held.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="delegations-held-empty">
            {t('connections.delegations.noneHeld')}
          </Text>
        )}
        {held.map((delegation) => (
          <Card key={delegation.id} withBorder padding="sm" data-testid="delegation-held">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Text fw={500}>{delegation.account_name}</Text>
                <RightBadges delegation={delegation} />
              </Stack>
              {delegation.secure_token && (
                <Button
                  size="xs"
                  onClick={() => {
                    switchUser(idOf(delegation.account_user), delegation.secure_token ?? '').catch(
                      showApiError,
                    );
                  }}
                  data-testid="delegation-switch"
                >
                  {t('connections.delegations.switch', { name: delegation.account_name })}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('connections.delegations.auditTitle')}
        </Title>
        {audit.isSuccess && entries.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="delegation-audit-empty">
            {t('connections.delegations.noAudit')}
          </Text>
        )}
        {entries.length > 0 && (
          <Stack gap={4} data-testid="delegation-audit">
            {entries.map((entry) => (
              <Group key={entry.id} gap="xs" data-testid="delegation-audit-entry">
                <Text size="sm">
                  {t('connections.delegations.auditEntry', {
                    name: entry.delegate_name,
                    method: entry.method,
                    route: entry.route,
                  })}
                </Text>
                <RelativeTimeLabel value={entry.created_at} size="xs" c="dimmed" />
              </Group>
            ))}
            {audit.hasNextPage && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void audit.fetchNextPage()}
                loading={audit.isFetchingNextPage}
              >
                {t('connections.loadMore')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      {/* the people as they are now: the list may still be loading when the dialog opens */}
      <DelegationDialog request={dialog && { ...dialog, people }} onClose={() => setDialog(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
