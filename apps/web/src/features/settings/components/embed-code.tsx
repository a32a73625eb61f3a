import { Button, CopyButton, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The two ways to show the catalogue on the organisation's website (docs/screens.md, "Embedding the catalogue"), for `origin`. */
export function embedSnippets(origin: string) {
  return {
    script: `<div data-refugio-catalogo data-cantidad="12"></div>\n<script src="${origin}/embed.js" async></script>`,
    iframe: `<iframe src="${origin}/adopta?embed=1" title="Mascotas en adopción" style="width: 100%; height: 900px; border: 0"></iframe>`,
  };
}

function Snippet({ id, label, description, code }: { id: string; label: string; description: string; code: string }) {
  return (
    <Stack gap={6}>
      <Textarea
        id={id}
        label={label}
        description={description}
        value={code}
        readOnly
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
            onClick={copy}
            aria-describedby={id}
          >
            {copied ? 'Código copiado' : `Copiar el código (${label.toLowerCase()})`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * "El catálogo en vuestra web": the embed code of the public catalogue, a script or an iframe, with this server's
 * address already in it and a button to copy each, so nobody has to look for it in docs/screens.md.
 */
export function EmbedCode({ origin = window.location.origin }: { origin?: string }) {
  const { script, iframe } = embedSnippets(origin);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="embed-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="embed-title">
          El catálogo en vuestra web
        </Title>
        <Text size="sm" c="dimmed">
          Pega uno de estos códigos en la página de vuestra web donde queráis mostrar las mascotas en adopción. Cada mascota enlaza con su ficha en el
          catálogo público.
        </Text>
        <Snippet
          id="embed-script"
          label="Script"
          description="Recomendado: se adapta al estilo de la página. data-tipo (Perro, Gato o Conejo) filtra; data-cantidad, de 1 a 48."
          code={script}
        />
        <Snippet id="embed-iframe" label="Iframe" description="Para webs que no admiten scripts: el catálogo completo en un marco." code={iframe} />
      </Stack>
    </Paper>
  );
}
