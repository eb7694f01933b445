import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import classes from './memo-description.module.css';
import { hashtagPath } from './memo-text';

/** Points the hashtag links of clean HTML at the public search (see hashtagPath). */
function withPublicHashtags(html: string): string {
  // DOMParser builds an inert document: nothing in it runs or loads.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const anchor of doc.querySelectorAll('a[data-type="hashtag"]')) {
    const tag = anchor.getAttribute('data-label') ?? anchor.textContent?.replace(/^#/, '') ?? '';
    anchor.setAttribute('href', hashtagPath(tag, { isPublic: true }));
  }
  return doc.body.innerHTML;
}

/**
 * A memo's rich description. The server stores allow-listed HTML; it is cleaned once more
 * here before it enters the page. Mention and hashtag links (/profile/{id}, /?search=tag)
 * navigate inside the app; other links open apart from it. On a public page hashtags
 * search the public posts instead.
 */
export function MemoDescription({ html, isPublic = false }: { html: string; isPublic?: boolean }) {
  const navigate = useNavigate();
  const clean = useMemo(() => {
    const safe = DOMPurify.sanitize(html, {
      ADD_ATTR: ['target'],
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'iframe'],
    });
    return isPublic ? withPublicHashtags(safe) : safe;
  }, [html, isPublic]);

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
