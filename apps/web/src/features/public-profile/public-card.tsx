import {
  Anchor,
  Avatar,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBrandLinkedin, IconMail, IconMapPin, IconPhone, IconWorld } from '@tabler/icons-react';
import { isHexColour } from '@memoria/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/** What the public page shows of the public profile settings. */
export interface PublicCardData {
  name: string;
  description: string | null;
  phone: string | null;
  usermail: string | null;
  address: string | null;
  website: string | null;
  linkedin: string | null;
  accent_color: string | null;
  banner: string | null;
  /** the public profile's own picture (docs/RULES.md, Public profile) */
  public_picture: string | null;
  /** the account's picture: the header shows it when the public profile has none of its own */
  picture: string | null;
  cta_button_title: string | null;
  cta_button_url: string | null;
  cta_button_color: string | null;
  cta_button_font_color: string | null;
}

/** A stored link may lack its scheme ("ann.example"): links open it over https. */
export function hrefOf(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

const colourOr = (value: string | null, fallback: string) =>
  value && isHexColour(value) ? value : fallback;

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap">
      <span aria-hidden>{icon}</span>
      <Text size="sm" component="span">
        <VisuallyHidden>{`${label}: `}</VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The public page's banner, accent colour, call-to-action button and contact details; the
 * settings page shows it as a live preview, /p/profile/{id or slug} above the collections.
 */
export function PublicCard({
  data,
  testId = 'public-card',
  besideAccountPicture = false,
}: {
  data: PublicCardData;
  testId?: string;
  /** the page already shows the account picture (the profile header): no second copy of it */
  besideAccountPicture?: boolean;
}) {
  const { t } = useTranslation();
  const picture = data.public_picture ?? (besideAccountPicture ? null : data.picture);
  const accent = colourOr(data.accent_color, 'var(--mantine-primary-color-filled)');
  const showCta = Boolean(data.cta_button_title && data.cta_button_url);
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid={testId}>
      <Box
        h={140}
        data-testid={`${testId}-banner`}
        data-accent={data.accent_color ?? ''}
        style={{
          background: data.banner ? `center / cover no-repeat url("${data.banner}")` : accent,
          borderBottom: `4px solid ${accent}`,
        }}
        role={data.banner ? 'img' : undefined}
        aria-label={data.banner ? t('publicProfile.banner') : undefined}
      />
      <Stack gap="sm" p="md">
        {/* the name takes the person's accent colour; without one the text colour, which reads
            in both themes (the primary colour on the dark background does not) */}
        <Group gap="sm" wrap="nowrap">
          {picture && (
            <Avatar
              src={picture}
              alt={t('publicProfile.picture')}
              size="lg"
              radius="xl"
              data-source={data.public_picture ? 'public' : 'account'}
              data-testid={`${testId}-picture`}
            />
          )}
          <Title
            order={2}
            size="h3"
            style={{ color: colourOr(data.accent_color, 'var(--mantine-color-text)') }}
            data-testid={`${testId}-name`}
          >
            {data.name}
          </Title>
        </Group>
        {data.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {data.description}
          </Text>
        )}
        {showCta && (
          <Group>
            <Button
              component="a"
              href={hrefOf(data.cta_button_url as string)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`${testId}-cta`}
              style={{
                backgroundColor: colourOr(data.cta_button_color, accent),
                color: colourOr(data.cta_button_font_color, '#ffffff'),
              }}
            >
              {data.cta_button_title}
            </Button>
          </Group>
        )}
        <Stack gap={4} aria-label={t('publicProfile.page.contact')} component="section">
          {data.website && (
            <Line icon={<IconWorld size={16} />} label={t('publicProfile.page.website')}>
              <Anchor href={hrefOf(data.website)} target="_blank" rel="noopener noreferrer">
                {data.website}
              </Anchor>
            </Line>
          )}
          {data.linkedin && (
            <Line icon={<IconBrandLinkedin size={16} />} label={t('publicProfile.page.linkedin')}>
              <Anchor href={hrefOf(data.linkedin)} target="_blank" rel="noopener noreferrer">
                {data.linkedin}
              </Anchor>
            </Line>
          )}
          {data.phone && (
            <Line icon={<IconPhone size={16} />} label={t('publicProfile.page.phone')}>
              <Anchor href={`tel:${data.phone}`}>{data.phone}</Anchor>
            </Line>
          )}
          {data.usermail && (
            <Line icon={<IconMail size={16} />} label={t('publicProfile.page.email')}>
              <Anchor href={`mailto:${data.usermail}`}>{data.usermail}</Anchor>
            </Line>
          )}
          {data.address && (
            <Line icon={<IconMapPin size={16} />} label={t('publicProfile.page.address')}>
              {data.address}
            </Line>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Whether a profile has anything for the card (a public page with settings filled in). */
export function hasPublicCard(profile: PublicCardData & { public_profile_enabled: boolean }) {
  return (
    profile.public_profile_enabled &&
    Boolean(
      profile.banner ||
      profile.public_picture ||
      profile.accent_color ||
      (profile.cta_button_title && profile.cta_button_url) ||
      profile.website ||
      profile.linkedin ||
      profile.address,
    )
  );
}
