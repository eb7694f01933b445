import { Anchor, Avatar, Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconBrandLinkedin,
  IconBriefcase,
  IconBuilding,
  IconHome,
  IconMail,
  IconMapPin,
  IconPhone,
  IconWorld,
} from '@tabler/icons-react';
import {
  isGroupWorkspace,
  isWorkspace,
  type ContactCounts,
  type PublicProfile,
} from '@memoria/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { VerifiedBadge } from '../connections/verified-badge';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <span aria-hidden style={{ display: 'inline-flex', color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <Text size="sm" truncate>
        {children}
      </Text>
    </Group>
  );
}

/** Links only to http(s) addresses the person gave. */
function webHref(value: string): string | undefined {
  const href = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const STAT_LINKS: Record<keyof ContactCounts, string> = {
  connections: '/connections',
  followers: '/connections/followers',
  followings: '/connections/following',
  delegations: '/connections/delegations',
};

const STAT_LABELS = {
  connections: 'profile.stats.connections',
  followers: 'profile.stats.followers',
  followings: 'profile.stats.following',
  delegations: 'profile.stats.delegations',
} as const;

/** Contact stats (docs/DOMAIN.md, Entities): own ones link to the lists. */
export function ProfileStats({ counts, own }: { counts: ContactCounts; own: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const keys: (keyof ContactCounts)[] = own
    ? ['connections', 'followers', 'followings', 'delegations']
    : ['connections', 'followers', 'followings'];
  return (
    <Group gap="lg" data-testid="profile-stats">
      {keys.map((key) => {
        const body = (
          <Stack gap={0} align="center">
            <Text fw={700} data-testid={`stat-${key}`}>
              {formatCount(counts[key], locale)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(STAT_LABELS[key])}
            </Text>
          </Stack>
        );
        return own ? (
          <UnstyledButton key={key} component={Link} to={STAT_LINKS[key]}>
            {body}
          </UnstyledButton>
        ) : (
          <div key={key}>{body}</div>
        );
      })}
    </Group>
  );
}

/** The top of a profile (docs/DOMAIN.md, Entities: public profile fields). */
export function ProfileHeader({
  profile,
  stats,
  actions,
}: {
  profile: PublicProfile;
  stats?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const website = profile.website ? webHref(profile.website) : undefined;
  const linkedin = profile.linkedin ? webHref(profile.linkedin) : undefined;
  return (
    <Stack gap="md" data-testid="profile-header">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Avatar
          src={profile.picture}
          alt=""
          name={profile.name}
          color="initials"
          radius={120}
          size={96}
        >
          {profile.label || undefined}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs" wrap="nowrap">
            <Title
              order={1}
              size="h2"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="profile-name"
            >
              {profile.name}
            </Title>
            {profile.user_identified && <VerifiedBadge size={22} />}
          </Group>
          {profile.user_identified && profile.name_official && (
            <Text size="sm" c="dimmed">
              {t('connections.card.officialName', { name: profile.name_official })}
            </Text>
          )}
          <Group gap="xs">
            {isWorkspace(profile) && (
              <Badge variant="light">
                {t(isGroupWorkspace(profile) ? 'profile.group' : 'profile.workspace')}
              </Badge>
            )}
            {profile.follows_you && !profile.isOwner && (
              <Badge variant="light" color="gray" data-testid="follows-you">
                {t('profile.followsYou')}
              </Badge>
            )}
          </Group>
          {profile.function && <Line icon={<IconBriefcase size={16} />}>{profile.function}</Line>}
          {profile.organization_name && (
            <Line icon={<IconBuilding size={16} />}>{profile.organization_name}</Line>
          )}
          {profile.location && <Line icon={<IconMapPin size={16} />}>{profile.location}</Line>}
          {profile.usermail && (
            <Line icon={<IconMail size={16} />}>
              <Anchor href={`mailto:${profile.usermail}`} inherit>
                {profile.usermail}
              </Anchor>
            </Line>
          )}
          {profile.phone && (
            <Line icon={<IconPhone size={16} />}>
              <Anchor href={`tel:${profile.phone}`} inherit>
                {profile.phone}
              </Anchor>
            </Line>
          )}
          {profile.address && <Line icon={<IconHome size={16} />}>{profile.address}</Line>}
          {website && (
            <Line icon={<IconWorld size={16} />}>
              <Anchor href={website} target="_blank" rel="noopener noreferrer nofollow" inherit>
                {profile.website}
              </Anchor>
            </Line>
          )}
          {linkedin && (
            <Line icon={<IconBrandLinkedin size={16} />}>
              <Anchor href={linkedin} target="_blank" rel="noopener noreferrer nofollow" inherit>
                {t('profile.contact.linkedin')}
              </Anchor>
            </Line>
          )}
        </Stack>
      </Group>
      {profile.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="profile-description">
          {profile.description}
        </Text>
      )}
      {stats}
      {actions}
    </Stack>
  );
}
