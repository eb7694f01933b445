import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { useMemoLive } from './live';

/** On a memo card: the number of comments, opening the memo at its comments. */
export function CommentsLink({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  useMemoLive(memo.id, 'comment');
  return (
    <Button
      component={Link}
      to={`/memo/${memo.id}#comments`}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      aria-label={t('engagement.comments.count', { count: memo.comments_number })}
      data-testid="memo-comments-link"
    >
      {memo.comments_number > 0
        ? formatCount(memo.comments_number, locale)
        : t('engagement.comments.open')}
    </Button>
  );
}
