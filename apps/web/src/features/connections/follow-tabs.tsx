import { Badge, Button } from '@mantine/core';
import { IconUserHeart, IconUserStar } from '@tabler/icons-react';
import type { FollowEntry } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { ConnectionCard } from './connection-card';
import { ConnectionMenu } from './connection-menu';
import { EmptyState, ListState, NoResults } from './list-state';
import { PeopleList } from './people-list';
import { useFollowList } from './queries';
import { personMatches, type TabProps } from './tab-props';

function FollowList({ kind, props }: { kind: 'followers' | 'followings'; props: TabProps }) {
  const { t } = useTranslation();
  const list = useFollowList(kind);
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = all.filter((entry) => personMatches(entry.user, props.query));
  const followers = kind === 'followers';

  const render = (entry: FollowEntry) => {
    const person = entry.user;
    const following = entry.following_status === 'active';
    return (
      <ConnectionCard
        person={person}
        query={props.query}
        data-testid={`${kind}-${person.id}`}
        note={
          !followers && entry.follows_you ? (
            <Badge variant="light" size="sm">
              {t('connections.card.followsYou')}
            </Badge>
          ) : undefined
        }
        actions={
          followers ? (
            <>
              {!following && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void props.actions.setFollowing(person, true)}
                  data-testid="follow-back"
                >
                  {t('connections.card.follow')}
                </Button>
              )}
              <Button
                size="xs"
                variant="default"
                onClick={() => props.actions.askDeclineFollower(person)}
                data-testid="remove-follower"
              >
                {t('connections.card.removeFollower')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => void props.actions.setFollowing(person, false)}
              data-testid="unfollow"
            >
              {t('connections.menu.unfollow')}
            </Button>
          )
        }
        menu={<ConnectionMenu person={person} actions={props.actions} following={following} />}
      />
    );
  };

  return (
    <ListState query={list}>
      {all.length === 0 ? (
        <EmptyState
          icon={followers ? <IconUserHeart size={32} /> : <IconUserStar size={32} />}
          text={t(followers ? 'connections.empty.followers' : 'connections.empty.following')}
        />
      ) : items.length === 0 ? (
        <NoResults />
      ) : (
        <PeopleList
          items={items}
          itemKey={(entry) => entry.user.id}
          name={(entry) => entry.user.name}
          renderItem={render}
          data-testid={`${kind}-list`}
        />
      )}
    </ListState>
  );
}

export const FollowersTab = (props: TabProps) => <FollowList kind="followers" props={props} />;
export const FollowingTab = (props: TabProps) => <FollowList kind="followings" props={props} />;
