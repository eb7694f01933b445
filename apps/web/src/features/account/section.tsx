import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({
  title,
  children,
  testId,
  id,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  /** an anchor to link to (#id), e.g. from a mail */
  id?: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid={testId}
      id={id}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
