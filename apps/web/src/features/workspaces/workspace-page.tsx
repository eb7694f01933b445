import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import {
  WORKSPACE_REQUIREMENT_FLAGS,
  WORKSPACE_SHARE_FLAGS,
  type WorkspaceDetail,
  type WorkspaceFlag,
  type WorkspaceMember,
} from '@memoria/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { pageWidth } from '../../ui/page-width';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError, showSuccess } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { ConfirmDialog, type ConfirmRequest } from '../connections/confirm-dialog';
import {
  useInviteMember,
  useRemoveMember,
  useUpdateWorkspace,
  useWorkspace,
  useWorkspaceMembers,
} from './queries';

/** A member card: only the contact fields the share flags let the viewer see arrive. */
export function MemberCard({
  member,
  onRemove,
}: {
  member: WorkspaceMember;
  onRemove?: (member: WorkspaceMember) => void;
}) {
  const { t } = useTranslation();
  const details = [member.function, member.organization_name, member.location].filter(Boolean);
  return (
    <Card withBorder padding="sm" data-testid="workspace-member">
      <Group wrap="nowrap" justify="space-between">
        <Group wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={member.picture} alt="" radius="xl">
            {member.label}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} truncate>
                {member.name}
              </Text>
              {member.is_admin && (
                <Badge size="xs" variant="light">
                  {t('workspaces.detail.adminBadge')}
                </Badge>
              )}
            </Group>
            {member.usermail && (
              <Anchor href={`mailto:${member.usermail}`} size="sm" data-testid="member-email">
                {member.usermail}
              </Anchor>
            )}
            {member.phone_number && (
              <Anchor href={`tel:${member.phone_number}`} size="sm" data-testid="member-phone">
                {member.phone_number}
              </Anchor>
            )}
            {details.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="member-info">
                {details.join(' · ')}
              </Text>
            )}
          </Stack>
        </Group>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('workspaces.remove.action', { name: member.name })}
            onClick={() => onRemove(member)}
            data-testid="member-remove"
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}

/** The requirement and share flags (admins): saved together. */
export function WorkspaceSettingsForm({ workspace }: { workspace: WorkspaceDetail }) {
  const { t } = useTranslation();
  const update = useUpdateWorkspace(workspace.id);
  const [flags, setFlags] = useState<Record<WorkspaceFlag, boolean>>(workspace);
  useEffect(() => setFlags(workspace), [workspace]);

  const box = (flag: WorkspaceFlag) => (
    <Checkbox
      key={flag}
      label={t(`workspaces.settings.flags.${flag}`)}
      checked={flags[flag]}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setFlags((current) => ({ ...current, [flag]: checked }));
      }}
      data-testid={`workspace-flag-${flag}`}
    />
  );
  const save = async () => {
    const changes = Object.fromEntries(
      [...WORKSPACE_REQUIREMENT_FLAGS, ...WORKSPACE_SHARE_FLAGS].map((f) => [f, flags[f]]),
    );
    try {
      await update.mutateAsync(changes);
      showSuccess(t('workspaces.settings.saved'));
    } catch (failure) {
      showApiError(failure);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="workspace-settings">
      <Stack gap="sm">
        <Title order={2} size="h4" id="workspace-settings">
          {t('workspaces.settings.heading')}
        </Title>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={500}>{t('workspaces.settings.sharing')}</Text>
          </legend>
          <Stack gap="xs" mt="xs">
            {WORKSPACE_SHARE_FLAGS.map(box)}
          </Stack>
        </fieldset>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={500}>{t('workspaces.settings.requirements')}</Text>
          </legend>
          <Text size="sm" c="dimmed">
            {t('workspaces.settings.requirementsHint')}
          </Text>
          <Stack gap="xs" mt="xs">
            {WORKSPACE_REQUIREMENT_FLAGS.map(box)}
          </Stack>
        </fieldset>
        <Group justify="flex-end">
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            data-testid="workspace-settings-save"
          >
            {t('workspaces.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Inviting a member by e-mail (admins): a connection request from the workspace. */
export function InviteForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const invite = useInviteMember(workspaceId);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await invite.mutateAsync({ user_to_email: email.trim(), personal_message: message || null });
      showSuccess(t('workspaces.invite.sent'));
      setEmail('');
      setMessage('');
    } catch (failure) {
      showApiError(failure);
    }
  };
  return (
    <Card withBorder component="section" aria-labelledby="workspace-invite">
      <form onSubmit={(event) => void send(event)} data-testid="workspace-invite-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="workspace-invite">
            {t('workspaces.invite.heading')}
          </Title>
          <TextInput
            type="email"
            label={t('workspaces.invite.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            data-testid="workspace-invite-email"
          />
          <Textarea
            label={t('workspaces.invite.message')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
              {t('workspaces.invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Members({ workspace }: { workspace: WorkspaceDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const members = useWorkspaceMembers(workspace.id, search.trim());
  const remove = useRemoveMember(workspace.id);
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  const admin = workspace.role === 'admin';

  const askRemove = (member: WorkspaceMember) =>
    setConfirm({
      title: t('workspaces.remove.title'),
      text: t('workspaces.remove.text', { name: member.name }),
      confirmLabel: t('workspaces.remove.confirm'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(member.id);
          await members.refetch();
          showSuccess(t('workspaces.remove.removed'));
        } catch (failure) {
          showApiError(failure);
          throw failure;
        }
      },
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="workspace-members">
      <Title order={2} size="h4" id="workspace-members">
        {t('workspaces.detail.members')} ({workspace.members_count})
      </Title>
      <TextInput
        aria-label={t('workspaces.detail.search')}
        placeholder={t('workspaces.detail.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-testid="workspace-member-search"
      />
      {members.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {members.isSuccess && items.length === 0 && (
        <Text c="dimmed" data-testid="workspace-members-empty">
          {search.trim() ? t('workspaces.detail.noResults') : t('workspaces.detail.noMembers')}
        </Text>
      )}
      {items.map((member) => (
        <MemberCard key={member.id} member={member} onRemove={admin ? askRemove : undefined} />
      ))}
      {members.hasNextPage && (
        <Button variant="subtle" onClick={() => void members.fetchNextPage()}>
          {t('workspaces.detail.more')}
        </Button>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** /workspaces/{id}: members, admins and, for admins, settings and invitations. */
export function WorkspacePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useWorkspace(id);
  const workspace = query.data;
  usePageTitle(workspace?.name ?? t('workspaces.title'));

  return (
    <Stack gap="md" {...pageWidth('content')} p="md" data-testid="workspace-page">
      <Anchor component={Link} to="/workspaces" size="sm">
        {t('workspaces.detail.back')}
      </Anchor>
      {query.isPending && <Loader aria-label={t('app.loading')} />}
      {query.isError && (
        <Text data-testid="workspace-not-found">{t('workspaces.detail.notFound')}</Text>
      )}
      {workspace && (
        <>
          <Stack gap={4}>
            <Title order={1} size="h2">
              {workspace.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{t(`workspaces.list.${workspace.workspace_type}`)}</Badge>
              <Badge variant="light" color={workspace.role === 'admin' ? 'blue' : 'gray'}>
                {t(`workspaces.list.${workspace.role}`)}
              </Badge>
              <Text size="sm" c="dimmed" data-testid="workspace-limit">
                {workspace.maximum_users === null
                  ? t('workspaces.detail.unlimited')
                  : t('workspaces.detail.limit', { count: workspace.maximum_users })}
              </Text>
            </Group>
          </Stack>
          <Stack gap={4} component="section" aria-labelledby="workspace-admins">
            <Title order={2} size="h4" id="workspace-admins">
              {t('workspaces.detail.admins')}
            </Title>
            <Text size="sm" data-testid="workspace-admins">
              {workspace.admins.map((a) => a.name).join(', ')}
            </Text>
            {workspace.role === 'admin' && (
              <Anchor component={Link} to="/connections/delegations" size="sm">
                {t('workspaces.detail.audit')}
              </Anchor>
            )}
          </Stack>
          <Members workspace={workspace} />
          {workspace.role === 'admin' && (
            <>
              <InviteForm workspaceId={workspace.id} />
              <WorkspaceSettingsForm workspace={workspace} />
            </>
          )}
        </>
      )}
      {query.isError && !workspace && <QueryErrorView error={query.error} />}
    </Stack>
  );
}
