import {
  Avatar,
  Badge,
  Button,
  Drawer,
  FileButton,
  Group,
  Menu,
  ActionIcon,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { iri, mayAdministerThread } from '@memoria/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { showApiError } from '../../ui/toasts';
import { ConfirmDialog, type ConfirmRequest } from '../connections/confirm-dialog';
import { useConnectionList } from '../connections/queries';
import { uploadFile } from '../media/upload';
import { meIn } from './display';
import { useLeaveThread, useMuteThread, usePatchThread, useRemoveMember } from './mutations';
import type { Thread, ThreadUser } from './types';

/**
 * Members and settings of a thread (docs/notes/messenger.md, Admins): mute for everyone;
 * for a group's admins also the name, the picture, adding and removing people and the admin
 * flags; leaving.
 */
export function MembersPanel({
  thread,
  myId,
  opened,
  onClose,
}: {
  thread: Thread;
  myId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = meIn(thread, myId);
  const admin = mayAdministerThread(thread.thread_type, me?.isAdmin ?? false);
  const patch = usePatchThread(thread.id);
  const mute = useMuteThread(thread.id);
  const removeMember = useRemoveMember(thread.id);
  const leave = useLeaveThread();
  const [name, setName] = useState(thread.name ?? '');
  const [adding, setAdding] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const connections = useConnectionList('active', admin);
  const present = new Set(thread.users.map((user) => user.user_id));
  const candidates = (connections.data?.pages ?? [])
    .flatMap((page) => page.items)
    .flatMap((c) =>
      c.user && !present.has(c.user.id) ? [{ value: String(c.user.id), label: c.user.name }] : [],
    );

  const setAdmin = (user: ThreadUser, value: boolean) =>
    patch.mutate(
      { admins: [{ user: iri('user', user.user_id), admin: value }] },
      { onError: showApiError },
    );

  const changePicture = async (file: File | null) => {
    if (!file) return;
    try {
      const picture = await uploadFile({
        file,
        kind: 'photo',
        target: 'thread',
        onProgress: () => undefined,
        signal: new AbortController().signal,
      });
      await patch.mutateAsync({ thread_picture: picture.id });
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('messenger.members.title')}
      data-testid="members-panel"
    >
      <Stack gap="md">
        <Switch
          checked={thread.muted}
          onChange={(event) => mute.mutate(event.currentTarget.checked, { onError: showApiError })}
          label={t('messenger.members.mute')}
          data-testid="mute-switch"
        />
        {admin && (
          <Stack gap="xs">
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('messenger.members.rename')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="rename-input"
              />
              <Button
                variant="light"
                disabled={!name.trim() || name === thread.name}
                loading={patch.isPending}
                onClick={() => patch.mutate({ name: name.trim() }, { onError: showApiError })}
                data-testid="rename-save"
              >
                {t('messenger.members.saveName')}
              </Button>
            </Group>
            <FileButton onChange={(file) => void changePicture(file)} accept="image/*">
              {(props) => (
                <Button {...props} variant="default" size="xs">
                  {t('messenger.members.picture')}
                </Button>
              )}
            </FileButton>
          </Stack>
        )}
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="member-list"
        >
          {thread.users.map((user) => (
            <Group
              key={user.user_id}
              component="li"
              wrap="nowrap"
              gap="sm"
              data-testid={`member-${user.user_id}`}
            >
              <Avatar
                src={user.picture}
                alt=""
                radius="xl"
                size={32}
                name={user.name}
                color="initials"
              />
              <Text size="sm" style={{ flex: 1 }} truncate="end">
                {user.user_id === myId ? `${user.name} (${t('messenger.thread.you')})` : user.name}
              </Text>
              {user.isAdmin && thread.thread_type === 'group' && (
                <Badge size="sm" variant="light">
                  {t('messenger.members.admin')}
                </Badge>
              )}
              {admin && user.user_id !== myId && (
                <Menu withinPortal position="bottom-end">
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('messenger.thread.actions')}: ${user.name}`}
                      data-testid={`member-menu-${user.user_id}`}
                    >
                      <IconDots size={16} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() => setAdmin(user, !user.isAdmin)}
                      data-testid="toggle-admin"
                    >
                      {user.isAdmin
                        ? t('messenger.members.revokeAdmin')
                        : t('messenger.members.makeAdmin')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      data-testid="remove-member"
                      onClick={() =>
                        setConfirm({
                          title: t('messenger.members.removeTitle', { name: user.name }),
                          text: '',
                          confirmLabel: t('messenger.members.remove'),
                          onConfirm: () =>
                            removeMember.mutateAsync(user.user_id).catch((error: unknown) => {
                              showApiError(error);
                              throw error;
                            }),
                        })
                      }
                    >
                      {t('messenger.members.remove')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          ))}
        </Stack>
        {admin && (
          <Group align="flex-end" wrap="nowrap">
            <MultiSelect
              label={t('messenger.members.add')}
              data={candidates}
              value={adding}
              onChange={setAdding}
              searchable
              style={{ flex: 1 }}
              data-testid="add-members"
            />
            <Button
              disabled={adding.length === 0}
              loading={patch.isPending}
              onClick={() =>
                patch.mutate(
                  { add_users: adding.map((id) => iri('user', id)) },
                  { onSuccess: () => setAdding([]), onError: showApiError },
                )
              }
              data-testid="add-members-save"
            >
              {t('messenger.members.addButton')}
            </Button>
          </Group>
        )}
        <Button
          color="red"
          variant="light"
          data-testid="leave-thread"
          onClick={() =>
            setConfirm({
              title: t('messenger.members.leaveTitle'),
              text: t('messenger.members.leaveBody'),
              confirmLabel: t('messenger.members.leave'),
              onConfirm: () =>
                leave.mutateAsync(thread.id).then(
                  () => void navigate('/messages'),
                  (error: unknown) => {
                    showApiError(error);
                    throw error;
                  },
                ),
            })
          }
        >
          {t('messenger.members.leave')}
        </Button>
      </Stack>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Drawer>
  );
}
