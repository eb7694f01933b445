import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import type { User } from '@memoria/domain';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '../../i18n';

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'style'>;

/**
 * The user's card at the foot of the side menu, the account menu's trigger. Extra props (the
 * menu's ref, handlers and aria attributes) go to the button. Its name is what it shows (name
 * and address) after a hidden "Account menu:", so speech input finds it by the visible words.
 */
export function AccountButton({ user, ...props }: { user: User } & ButtonProps) {
  const { t } = useTranslation();
  const name = user.user_profile.name || user.usermail;
  return (
    <UnstyledButton
      data-testid="account-menu"
      p="xs"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      {...props}
    >
      <Group wrap="nowrap" gap="sm">
        <Avatar
          src={user.user_picture?.content_url}
          alt=""
          color="initials"
          name={name}
          radius="xl"
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <VisuallyHidden>{`${t('nav.accountMenu')}: `}</VisuallyHidden>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.usermail}
          </Text>
        </div>
        <IconChevronUp size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
