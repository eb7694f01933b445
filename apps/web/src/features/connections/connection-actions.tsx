import type { Connection, UserSummary } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { showError, showSuccess, showApiError } from '../../ui/toasts';
import { useToggleFavourite } from '../favourites/queries';
import { ReportDialog, type ReportTarget } from '../reports/report-dialog';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import {
  useBlock,
  useDeclineFollower,
  useFollow,
  useRemoveConnection,
  useUnfollow,
  useWatchContent,
} from './queries';

type Person = Pick<UserSummary, 'id' | 'name'>;

/** The public profile link of a person (the "copy public link" action). */
export function publicProfileUrl(userId: number, origin = window.location.origin): string {
  return `${origin}/p/profile/${userId}`;
}

/**
 * The actions of the connection context menu (docs/SCREENS.md, Lists and forms) with the
 * confirmations of docs/DOMAIN.md, States and the toasts of docs/API.md, Errors. Render `dialogs`
 * once; call the handlers from cards.
 */
export function useConnectionActions() {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const remove = useRemoveConnection();
  const block = useBlock();
  const follow = useFollow();
  const unfollow = useUnfollow();
  const decline = useDeclineFollower();
  const watch = useWatchContent();
  const favourite = useToggleFavourite('contact');

  const askRemove = (connection: Connection, person: Person) =>
    setConfirm({
      title: t('connections.confirm.removeTitle'),
      text: t('connections.confirm.removeText', { name: person.name }),
      confirmLabel: t('connections.confirm.remove'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(connection.id);
          showSuccess(t('connections.toast.removed'));
        } catch (error) {
          showError(t('connections.toast.notRemoved'));
          throw error;
        }
      },
    });

  const askBlock = (person: Person, onDone?: () => void) =>
    setConfirm({
      title: t('connections.confirm.blockTitle', { name: person.name }),
      text: t('connections.confirm.blockText', { name: person.name }),
      confirmLabel: t('connections.confirm.block'),
      onConfirm: async () => {
        try {
          await block.mutateAsync(person.id);
          showSuccess(t('connections.toast.blocked', { name: person.name }));
          onDone?.();
        } catch (error) {
          showError(t('connections.toast.notBlocked'));
          throw error;
        }
      },
    });

  const askDeclineFollower = (person: Person) =>
    setConfirm({
      title: t('connections.confirm.declineFollowerTitle'),
      text: t('connections.confirm.declineFollowerText', { name: person.name }),
      confirmLabel: t('connections.confirm.declineFollower'),
      onConfirm: async () => {
        try {
          await decline.mutateAsync(person.id);
          showSuccess(t('connections.toast.followerRemoved'));
        } catch (error) {
          showApiError(error);
          throw error;
        }
      },
    });

  const setFollowing = async (person: Person, on: boolean) => {
    try {
      if (on) {
        await follow.mutateAsync(person.id);
        showSuccess(t('connections.toast.followed', { name: person.name }));
      } else {
        await unfollow.mutateAsync(person.id);
        showSuccess(t('connections.toast.unfollowed', { name: person.name }));
      }
    } catch (error) {
      showApiError(error);
    }
  };

  const setWatching = async (person: Person, on: boolean) => {
    try {
      await watch.mutateAsync({ userId: person.id, watch: on });
      showSuccess(
        t(on ? 'connections.toast.watching' : 'connections.toast.notWatching', {
          name: person.name,
        }),
      );
    } catch (error) {
      showApiError(error);
    }
  };

  const toggleFavourite = async (person: Person, favouriteId: number | null) => {
    try {
      await favourite.mutateAsync({ favouriteId, target: person.id });
      showSuccess(
        t(
          favouriteId === null
            ? 'connections.toast.favouriteAdded'
            : 'connections.toast.favouriteRemoved',
        ),
      );
    } catch (error) {
      showApiError(error);
    }
  };

  const copyLink = async (person: Person) => {
    try {
      await navigator.clipboard.writeText(publicProfileUrl(person.id));
      showSuccess(t('connections.toast.linkCopied'));
    } catch (error) {
      showApiError(error);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </>
  );

  return {
    askRemove,
    askBlock,
    askDeclineFollower,
    setFollowing,
    setWatching,
    toggleFavourite,
    copyLink,
    report: (person: Person) => setReport({ type: 'profile', id: person.id }),
    dialogs,
  };
}

export type ConnectionActions = ReturnType<typeof useConnectionActions>;
