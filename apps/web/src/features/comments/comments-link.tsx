import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { useMemoLive } from './live';

/**
 * On a memo card: the number of comments ("1 comment", "1.5k comments": large numbers in the
 * large-number format), opening the memo at its comments. Without comments it reads
 * "Comments", named "0 comments" for screen readers.
 */
export function CommentsLink({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  useMemoLive(memo.id, 'comment');
  const count = memo.comments_number;
  return (
    <Button
      component={Link}
      to={`/memo/${memo.id}#comments`}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      aria-label={count > 0 ? undefined : t('engagement.comments.count', { count })}
      data-testid="memo-comments-link"
    >
      {count > 0
        ? t('engagement.comments.link', { count, shown: formatCount(count, locale) })
        : t('engagement.comments.open')}
    </Button>
  );
}
