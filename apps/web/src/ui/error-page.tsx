import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { useSession } from '../session/use-session';
import { usePageTitle } from './use-page-title';
import { useHelpLink } from './help-links';

export type NotFoundResource = 'collection' | 'user' | 'memo';

export interface ErrorPageProps {
  status: 401 | 403 | 404 | 500;
  resource?: NotFoundResource;
  /** A failed public link (secure_token / smt) shows the invalid-public-link text. */
  publicLink?: boolean;
  message?: string;
}

/** Help pages: the operator's links per locale (ui/help-links.ts). */
export { fallbackHelpUrl as helpUrl } from './help-links';

const NOT_FOUND_TEXT = {
  collection: 'errors.page.notFoundCollection',
  user: 'errors.page.notFoundUser',
  memo: 'errors.page.notFoundMemo',
} as const;

/** Error pages of docs/SCREENS.md, Error pages. */
export function ErrorPage({ status, resource, publicLink, message }: ErrorPageProps) {
  const { t } = useTranslation();
  const signedIn = useSession()?.kind === 'full';
  const help = useHelpLink('questions-and-answers');

  let title: string | undefined;
  let text: string;
  if (publicLink) {
    text = t('errors.page.invalidPublicLink');
  } else if (status === 401) {
    text = t('errors.page.unauthorized');
  } else if (status === 403) {
    title = t('errors.page.forbiddenTitle');
    text = message ?? '';
  } else if (status === 404) {
    title = t('errors.page.notFoundTitle');
    text = resource ? t(NOT_FOUND_TEXT[resource]) : t('errors.page.notFound');
  } else {
    title = t('errors.page.serverTitle');
    text = message ?? t('errors.page.server');
  }

  usePageTitle(title ?? String(status));
  return (
    <Stack align="center" ta="center" py="xl" px="md" gap="md" data-testid={`error-page-${status}`}>
      <Text fz={56} fw={800} c="dimmed" aria-hidden>
        {status}
      </Text>
      {title && (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      {text && <Text maw={460}>{text}</Text>}
      {status === 403 || status === 401 ? (
        signedIn ? (
          <Group>
            <Anchor component={Link} to="/privacy-policy">
              {t('errors.page.privacy')}
            </Anchor>
            <Anchor href={help} target="_blank" rel="noreferrer">
              {t('errors.page.help')}
            </Anchor>
          </Group>
        ) : (
          <Group>
            <Button component={Link} to="/auth">
              {t('errors.page.login')}
            </Button>
            <Button component={Link} to="/auth/signup" variant="light">
              {t('errors.page.signup')}
            </Button>
          </Group>
        )
      ) : (
        <Button component={Link} to="/" variant="light">
          {t('errors.page.home')}
        </Button>
      )}
    </Stack>
  );
}
