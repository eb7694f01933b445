import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import classes from './memo-description.module.css';

/**
 * A memo's rich description. The server stores allow-listed HTML; it is cleaned once more
 * here before it enters the page. Mention and hashtag links (/profile/{id}, /?search=tag)
 * navigate inside the app; other links open apart from it.
 */
export function MemoDescription({ html }: { html: string }) {
  const navigate = useNavigate();
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ADD_ATTR: ['target'],
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'iframe'],
      }),
    [html],
  );

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Typography className={classes.description}>
      {/* Links keep their own keyboard behaviour; the click only routes inside the app. */}
      <div
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: clean }}
        data-testid="memo-view-description"
      />
    </Typography>
  );
}
