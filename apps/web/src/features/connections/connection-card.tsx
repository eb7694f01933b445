import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconMail,
  IconMapPin,
  IconPhone,
  IconStarFilled,
} from '@tabler/icons-react';
import type { ContactCard } from '@memoria/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Highlight } from './highlight';
import { VerifiedBadge } from './verified-badge';

export interface ConnectionCardProps {
  /** the person; null for an invitation to an address without account */
  person: ContactCard | null;
  /** shown instead of a name for an invitation (the address) */
  fallbackName?: string;
  /** the search text, whose matches show in bold */
  query?: string;
  /** the verified list shows the official name */
  showOfficialName?: boolean;
  favourite?: boolean;
  /**
   * a workspace both belong to shares contact fields of the person with the viewer: the card
   * says so under the fields the server sent (docs/notes/workspaces.md)
   */
  workspaceContact?: boolean;
  /** one line under the contact fields (dates, the personal message) */
  note?: ReactNode;
  /** buttons shown beside the card (accept, decline) */
  actions?: ReactNode;
  /** the context menu */
  menu?: ReactNode;
  'data-testid'?: string;
}

function Field({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <span aria-hidden style={{ display: 'inline-flex', color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <Text
        size="sm"
        c="dimmed"
        truncate
        title={typeof children === 'string' ? children : undefined}
      >
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/**
 * A connection card (docs/SCREENS.md, Routes): name with the search match in bold, email, phone,
 * function, organisation and location where the person shares them with the viewer. A
 * workspace or group account carries its kind; fields a shared workspace gives the viewer
 * (its share flags, applied by the server) are marked as such.
 */
export function ConnectionCard({
  person,
  fallbackName = '',
  query = '',
  showOfficialName = false,
  favourite = false,
  workspaceContact = false,
  note,
  actions,
  menu,
  'data-testid': testId,
}: ConnectionCardProps) {
  const { t } = useTranslation();
  const name = person?.name || fallbackName;
  const official = showOfficialName ? person?.name_official : null;
  const fields: { key: string; icon: ReactNode; label: string; value: ReactNode }[] = [];
  if (person?.function) {
    fields.push({
      key: 'function',
      icon: <IconBriefcase size={14} />,
      label: t('connections.card.function'),
      value: person.function,
    });
  }
  if (person?.organization_name) {
    fields.push({
      key: 'organisation',
      icon: <IconBuilding size={14} />,
      label: t('connections.card.organisation'),
      value: person.organization_name,
    });
  }
  if (person?.location) {
    fields.push({
      key: 'location',
      icon: <IconMapPin size={14} />,
      label: t('connections.card.location'),
      value: person.location,
    });
  }
  if (person?.usermail) {
    fields.push({
      key: 'email',
      icon: <IconMail size={14} />,
      label: t('connections.card.email'),
      value: (
        <Anchor href={`mailto:${person.usermail}`} inherit c="dimmed">
          {person.usermail}
        </Anchor>
      ),
    });
  }
  if (person?.phone_number) {
    fields.push({
      key: 'phone',
      icon: <IconPhone size={14} />,
      label: t('connections.card.phone'),
      value: (
        <Anchor href={`tel:${person.phone_number}`} inherit c="dimmed">
          {person.phone_number}
        </Anchor>
      ),
    });
  }

  const title = (
    <Text fw={500} truncate data-testid="card-name">
      <Highlight text={name} query={query} />
    </Text>
  );

  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group
        wrap="nowrap"
        align={fields.length > 0 || official || note || actions ? 'flex-start' : 'center'}
        gap="sm"
      >
        <Avatar
          src={person?.picture ?? null}
          alt=""
          name={name}
          color="initials"
          radius="xl"
          size="md"
          renderRoot={
            person
              ? (props: Record<string, unknown>) => (
                  <Link to={`/profile/${person.id}`} {...props} tabIndex={-1} aria-hidden />
                )
              : undefined
          }
        >
          {person ? person.label || undefined : <IconMail size={22} aria-hidden />}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            {person ? (
              <Anchor component={Link} to={`/profile/${person.id}`} c="inherit" miw={0}>
                {title}
              </Anchor>
            ) : (
              title
            )}
            {person?.user_identified && <VerifiedBadge size={16} />}
            {person?.user_type === 'workspace' && (
              <Badge size="xs" variant="light" style={{ flex: 'none' }} data-testid="account-kind">
                {person.workspace_type === 'group'
                  ? t('connections.card.groupAccount')
                  : t('connections.card.workspaceAccount')}
              </Badge>
            )}
            {favourite && (
              <IconStarFilled
                size={14}
                aria-label={t('connections.favourites')}
                role="img"
                style={{ color: 'var(--mantine-color-yellow-filled)', flex: 'none' }}
              />
            )}
          </Group>
          {official && (
            <Text size="sm" data-testid="official-name">
              {t('connections.card.officialName', { name: official })}
            </Text>
          )}
          {fields.length > 0 && (
            <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
              {fields.map((field) => (
                <Field key={field.key} icon={field.icon} label={field.label}>
                  {field.value}
                </Field>
              ))}
            </Group>
          )}
          {workspaceContact && fields.length > 0 && (
            <Group gap={6} wrap="nowrap" miw={0} data-testid="workspace-contact">
              <IconBuildingCommunity
                size={14}
                aria-hidden
                style={{ color: 'var(--mantine-color-dimmed)', flex: 'none' }}
              />
              <Text size="xs" c="dimmed" truncate>
                {t('connections.card.workspaceShared')}
              </Text>
            </Group>
          )}
          {note}
          {actions && (
            <Group gap="xs" mt={6}>
              {actions}
            </Group>
          )}
        </Stack>
        {menu}
      </Group>
    </Paper>
  );
}
