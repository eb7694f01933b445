import {
  Alert,
  Avatar,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Attachment } from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { showApiError } from '../../ui/toasts';
import { matchesSearch } from '../connections/grouping';
import { useConnectionList } from '../connections/queries';
import { uploadFile } from '../media/upload';
import { ThreadExistsError, useCreateThread } from './mutations';
import type { ThreadType } from './types';

/**
 * A new conversation (docs/notes/messenger.md, Who may talk to whom): direct with one
 * connection, or a group with a name and an optional picture. An existing one is offered
 * instead of a second.
 */
export function CreateThread({ showBack }: { showBack: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateThread();
  const connections = useConnectionList('active');
  const [type, setType] = useState<ThreadType>('direct');
  const [chosen, setChosen] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [picture, setPicture] = useState<Attachment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [existing, setExisting] = useState<number | null>(null);
  const people = (connections.data?.pages ?? [])
    .flatMap((page) => page.items)
    .flatMap((c) => (c.user ? [c.user] : []))
    .filter((person) => matchesSearch(person.name, search));

  const toggle = (id: number) => {
    setExisting(null);
    setChosen((list) =>
      type === 'direct'
        ? list[0] === id
          ? []
          : [id]
        : list.includes(id)
          ? list.filter((x) => x !== id)
          : [...list, id],
    );
  };

  const submit = (event: FormEvent, createAnyway = false) => {
    event.preventDefault();
    setProblem(null);
    if (chosen.length === 0)
      return setProblem(
        type === 'direct' ? t('messenger.create.pickOne') : t('messenger.create.pickSome'),
      );
    if (type === 'group' && !name.trim()) return setProblem(t('messenger.create.nameRequired'));
    create.mutate(
      {
        thread_type: type,
        userIds: chosen,
        name: type === 'group' ? name.trim() : undefined,
        thread_picture: picture?.['@id'] ?? null,
        create_anyway: createAnyway,
      },
      {
        onSuccess: (thread) => void navigate(`/messages/t/${thread.id}`),
        onError: (error) => {
          if (error instanceof ThreadExistsError) setExisting(error.threadId);
          else showApiError(error);
        },
      },
    );
  };

  const choosePicture = (file: File | null) => {
    if (!file) return;
    uploadFile({
      file,
      kind: 'photo',
      target: 'thread',
      onProgress: () => undefined,
      signal: new AbortController().signal,
    }).then(setPicture, showApiError);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="create-thread"
      style={{ display: 'flex', flex: 1, minHeight: 0 }}
    >
      <Stack gap="sm" p="sm" style={{ flex: 1, minHeight: 0 }}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('messenger.create.title')}
          </Title>
          {showBack && (
            <Button component={Link} to="/messages" variant="subtle" size="xs">
              {t('common.back')}
            </Button>
          )}
        </Group>
        <SegmentedControl
          value={type}
          onChange={(value) => {
            setType(value as ThreadType);
            setChosen((list) => (value === 'direct' ? list.slice(0, 1) : list));
            setExisting(null);
          }}
          data={[
            { value: 'direct', label: t('messenger.create.direct') },
            { value: 'group', label: t('messenger.create.group') },
          ]}
          aria-label={t('messenger.create.kind')}
          data-testid="thread-type"
        />
        {type === 'group' && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('messenger.create.groupName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              style={{ flex: 1 }}
              data-testid="group-name"
            />
            {picture ? (
              <Group gap={4}>
                <Avatar
                  src={picture.secure_url ?? picture.content_url}
                  alt={t('messenger.create.groupPicture')}
                  radius="xl"
                />
                <CloseButton
                  aria-label={t('messenger.create.removePicture')}
                  onClick={() => setPicture(null)}
                />
              </Group>
            ) : (
              <FileButton onChange={choosePicture} accept="image/*">
                {(props) => (
                  <Button {...props} variant="default">
                    {t('messenger.create.groupPicture')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        )}
        <TextInput
          type="search"
          label={t('messenger.create.people')}
          placeholder={t('messenger.create.searchPeople')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="people-search"
        />
        <ScrollArea style={{ flex: 1, minHeight: 120 }}>
          {people.length === 0 && !connections.isPending ? (
            <Text c="dimmed" size="sm">
              {t('messenger.create.noConnections')}
            </Text>
          ) : (
            <Stack gap={4} role="group" aria-label={t('messenger.create.people')}>
              {people.map((person) => (
                <Checkbox
                  key={person.id}
                  checked={chosen.includes(person.id)}
                  onChange={() => toggle(person.id)}
                  label={
                    <Group gap="xs" wrap="nowrap">
                      <Avatar
                        src={person.picture}
                        size={28}
                        radius="xl"
                        alt=""
                        name={person.name}
                        color="initials"
                      />
                      {person.name}
                    </Group>
                  }
                  data-testid={`pick-${person.id}`}
                />
              ))}
            </Stack>
          )}
        </ScrollArea>
        {problem && (
          <Text c="red" size="sm" role="alert" data-testid="create-problem">
            {problem}
          </Text>
        )}
        {existing !== null && (
          <Alert color="blue" data-testid="thread-exists">
            <Stack gap="xs">
              <Text size="sm">{t('messenger.create.exists')}</Text>
              <Group gap="xs">
                <Button size="xs" component={Link} to={`/messages/t/${existing}`}>
                  {t('messenger.create.openExisting')}
                </Button>
                {type === 'group' && (
                  <Button size="xs" variant="default" onClick={(event) => submit(event, true)}>
                    {t('messenger.create.createAnyway')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} data-testid="create-submit">
          {t('messenger.create.start')}
        </Button>
      </Stack>
    </form>
  );
}
