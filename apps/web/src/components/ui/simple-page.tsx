import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** Frame of the screens in the simple layout (public forms, registration links): logo on top, centred body. */
export function SimplePage({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-gray-light)" py={{ base: 'lg', sm: 48 }}>
      <Container size="sm">
        <Group justify="space-between" mb="xl">
          <Anchor component={Link} to="/" underline="never" c="inherit">
            <Logo />
          </Anchor>
        </Group>
        {children}
      </Container>
    </Box>
  );
}
