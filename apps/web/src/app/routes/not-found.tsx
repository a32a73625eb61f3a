import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { messages } from '@refugio/contracts';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';

/** Unknown addresses (and the empty /auth and /errors groups). */
function NotFoundScreen() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <title>{`${messages.app.notFoundTitle} · Refugio Admin`}</title>
      <Stack align="center" gap="md" maw={440} ta="center">
        <Logo />
        <Text fz={72} fw={800} lh={1} c="cyan" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {messages.app.notFoundTitle}
        </Title>
        <Text c="dimmed">{messages.app.notFoundText}</Text>
        <Button component={Link} to="/" variant="light">
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}

export { NotFoundScreen as Component };
