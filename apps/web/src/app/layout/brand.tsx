import { Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The logo and name, linking home (or to /auth for visitors). The visible name is the link's
 * name: an aria-label would have to repeat it (WCAG 2.5.3, label in name).
 */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="xs" wrap="nowrap" component="span">
        <ThemeIcon size={32} radius="md" aria-hidden>
          <Text fw={800} c="white" fz="lg">
            M
          </Text>
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Memoria
        </Text>
      </Group>
    </Link>
  );
}
