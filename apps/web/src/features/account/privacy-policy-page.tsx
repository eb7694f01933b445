import { Alert, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { usePageTitle } from '../../ui/use-page-title';
import { usePrivacyPolicy } from './data-queries';

/**
 * The policy's text as blocks: '# ' and '## ' lines are headings, other lines are joined into
 * paragraphs at blank lines. Shown as text (never as HTML), so the operator's file cannot
 * put markup or scripts in the page.
 */
export function policyBlocks(text: string): { kind: 'h1' | 'h2' | 'p'; text: string }[] {
  const blocks: { kind: 'h1' | 'h2' | 'p'; text: string }[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1] === '#' ? 'h1' : 'h2', text: heading[2] ?? '' });
    } else if (!line) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** /privacy-policy: the operator's policy (or the shipped one) in the chosen language. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const policy = usePrivacyPolicy(currentLocale());
  usePageTitle(t('accountData.privacy.title'));
  if (policy.isError && !policy.data) {
    return <QueryErrorView error={policy.error} onRetry={() => void policy.refetch()} />;
  }
  if (!policy.data) return <PageLoader />;
  const blocks = policyBlocks(policy.data.text);
  const titled = blocks[0]?.kind === 'h1';
  return (
    <Stack gap="sm" maw={720} mx="auto" py="md" data-testid="privacy-policy">
      {!titled && (
        <Title order={1} size="h2">
          {t('accountData.privacy.title')}
        </Title>
      )}
      {policy.data.default && (
        <Alert color="gray" role="note">
          {t('accountData.privacy.shipped')}
        </Alert>
      )}
      {blocks.map((block, index) => (
        <Fragment key={index}>
          {block.kind === 'p' ? (
            <Text>{block.text}</Text>
          ) : (
            <Title
              order={block.kind === 'h1' ? 1 : 2}
              size={block.kind === 'h1' ? 'h2' : 'h4'}
              mt="sm"
            >
              {block.text}
            </Title>
          )}
        </Fragment>
      ))}
    </Stack>
  );
}
