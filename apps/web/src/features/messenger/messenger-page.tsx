import { Center, Loader, Text } from '@mantine/core';
import { initialsOf } from '@memoria/domain';
import { useMatch } from 'react-router';
import { useTranslation } from '../../i18n';
import { usePageTitle } from '../../ui/use-page-title';
import { useProfile } from '../profile/queries';
import { CreateThread } from './create-thread';
import type { Author } from './send';
import { ThreadList } from './thread-list';
import { ThreadView } from './thread-view';
import classes from './messenger.module.css';
import { useWiderThan } from '../../ui/viewport';

/**
 * The messenger (docs/notes/messenger-screens.md, Screens): `/messages` the list, `/messages/c` a new
 * conversation, `/messages/t/{id}` one conversation. From md (991 px) the list stays beside
 * the open pane; below it one pane shows at a time.
 */
export function MessengerPage() {
  const { t } = useTranslation();
  const wide = useWiderThan('md', 1);
  const user = useProfile().data;
  const creating = useMatch('/messages/c') !== null;
  const threadMatch = useMatch('/messages/t/:id');
  const threadId = Number(threadMatch?.params.id ?? 0) || 0;
  usePageTitle(t('messenger.title'));

  if (!user) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const name = user.user_profile.name ?? '';
  const me: Author = {
    id: user.id,
    '@id': user['@id'],
    name,
    picture: user.user_picture?.content_url ?? null,
    label: initialsOf(name),
  };
  const main = creating ? (
    <CreateThread showBack={!wide} />
  ) : threadId > 0 ? (
    <ThreadView key={threadId} threadId={threadId} me={me} showBack={!wide} />
  ) : (
    <Center p="xl" style={{ flex: 1 }}>
      <Text c="dimmed">{t('messenger.list.choose')}</Text>
    </Center>
  );
  const showList = wide || (!creating && threadId === 0);
  return (
    <div className={classes.panes} data-testid="messenger">
      {showList && (
        <section className={classes.listPane} aria-label={t('messenger.list.heading')}>
          <ThreadList myId={user.id} activeId={threadId || null} />
        </section>
      )}
      {(wide || !showList) && (
        <section className={classes.mainPane} aria-label={t('messenger.thread.messages')}>
          {main}
        </section>
      )}
    </div>
  );
}
