import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { commentParts } from './mention-text';

/** A comment's text: line breaks kept, mentions as links to /profile/{id}. */
export function CommentText({ text, id }: { text: string; id?: string }) {
  return (
    <Text
      id={id}
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="comment-text"
    >
      {commentParts(text).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <Anchor
            key={index}
            component={Link}
            to={`/profile/${part.userId}`}
            fw={600}
            data-testid="comment-mention"
          >
            @{part.label}
          </Anchor>
        ),
      )}
    </Text>
  );
}
