import { Avatar } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { threadInitials, threadName, threadPicture } from './display';
import type { Thread } from './types';

/** A group's picture, or the other person's avatar, else initials (a group icon for none). */
export function ThreadAvatar({
  thread,
  myId,
  size = 44,
}: {
  thread: Thread;
  myId: number;
  size?: number;
}) {
  const picture = threadPicture(thread, myId);
  const initials = threadInitials(thread, myId);
  return (
    <Avatar
      src={picture}
      size={size}
      radius="xl"
      alt=""
      color="initials"
      name={threadName(thread, myId)}
    >
      {initials || (thread.thread_type === 'group' ? <IconUsers size={20} aria-hidden /> : null)}
    </Avatar>
  );
}
