import { Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

/** The logo and name, linking home (or to /auth for visitors). */

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} aria-label="Memoria" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="xs" wrap="nowrap" component="span">
        <ThemeIcon size={32} radius="md" aria-hidden>
          <Text fw={800} c="white" fz="lg">
            M
          </Text>
        </ThemeIcon>
        <Text fw={700} fz="lg" aria-hidden>
          Memoria
        </Text>
      </Group>
    </Link>
  );
}
