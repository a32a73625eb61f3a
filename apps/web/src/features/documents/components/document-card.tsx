import { Alert, Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DocumentDto, DocumentVerification } from '@refugio/contracts';
import { IconCertificate, IconFileText, IconSend, IconShieldCheck, IconSignature, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListLoadError } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { type DocumentsFilter, useAnnulDocument, useDocuments, useVerifyDocument } from '../api/documents';
import { DocumentStateBadge, describeDocumentState } from './document-state';
import { SendForSigningDialog } from './send-for-signing-dialog';
import { SignInPersonDialog } from './sign-in-person-dialog';

/** The current document of a request or a return: the newest one that is not annulled, else the newest. */
export function currentDocument(items: DocumentDto[]): DocumentDto | undefined {
  const sorted = [...items].sort((a, b) => b.creadoEn.localeCompare(a.creadoEn) || b.id - a.id);
  return sorted.find((d) => d.estado !== 'anulado') ?? sorted[0];
}

/** How a card speaks of its kind of document (the contract is masculine, the acta feminine). */
export interface DocumentWords {
  /** "Contrato de adopción" */
  titulo: string;
  /** "contrato" */
  nombre: string;
  /** "contratos" */
  plural: string;
  /** "el contrato" */
  el: string;
  /** "Todavía no hay contrato. …" */
  vacio: string;
  /** "Contrato anulado." */
  anulado: string;
  /** "Contrato firmado." */
  firmado: string;
  /** "anterior" / "anteriores" agree with the noun; "anulados" / "anuladas" too. */
  anteriores: (n: number) => string;
}

/**
 * A document's card: its state, Ver PDF, Enviar para firmar, Firmar aquí, Anular, Verificar integridad, and the
 * earlier annulled ones; what prepares it (`onPrepare`) and anything below (`children`) are the caller's.
 */
export function DocumentCard({
  filter,
  headingId,
  words,
  canPrepare,
  preparing = false,
  prepareLabel,
  onPrepare,
  children,
}: {
  filter: DocumentsFilter;
  headingId: string;
  words: DocumentWords;
  canPrepare: boolean;
  preparing?: boolean;
  /** The prepare button's label when there is no live document ("Preparar contrato"). */
  prepareLabel: string;
  onPrepare: (replaces: boolean) => void;
  children?: (current: DocumentDto | undefined) => ReactNode;
}) {
  const documents = useDocuments(filter);
  const annul = useAnnulDocument();
  const verify = useVerifyDocument();
  const [dialog, setDialog] = useState<'enviar' | 'firmar' | null>(null);
  const [verified, setVerified] = useState<{ id: number; answer: DocumentVerification } | null>(null);
  const items = documents.data ?? [];
  const current = currentDocument(items);
  const open = current && current.estado !== 'anulado' && current.estado !== 'firmado';

  const confirmAnnul = (document: DocumentDto) =>
    modals.openConfirmModal({
      title: `¿Anular ${words.el}?`,
      children: (
        <Text size="sm">
          El enlace para firmar deja de funcionar y {words.el} no se podrá firmar. Podrás preparar{' '}
          {words.nombre === 'acta' ? 'una nueva' : 'uno nuevo'}.
        </Text>
      ),
      labels: { confirm: `Anular ${words.nombre}`, cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        annul.mutate(document.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: words.anulado }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo anular', message: getErrorMessage(error) }),
        }),
    });

  const runVerify = (document: DocumentDto) =>
    verify.mutate(document.id, {
      onSuccess: (answer) => setVerified({ id: document.id, answer }),
      onError: (error) => notifications.show({ color: 'red', title: 'No se pudo verificar', message: getErrorMessage(error) }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id={headingId}>
            {words.titulo}
          </Title>
          {current ? <DocumentStateBadge estado={current.estado} /> : null}
        </Group>
        {documents.isError ? (
          <ListLoadError title={`No se pudo cargar ${words.el}`} onRetry={() => void documents.refetch()}>
            <Text size="sm">{getErrorMessage(documents.error)}</Text>
          </ListLoadError>
        ) : documents.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            Cargando {words.el}...
          </Text>
        ) : (
          <>
            {current ? (
              <Text size="sm" data-testid={`estado-${words.nombre}`}>
                {describeDocumentState(current)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {words.vacio}
              </Text>
            )}
            <Group gap="xs">
              {current ? (
                <Button
                  component="a"
                  href={`/api/documentos/${current.id}/pdf`}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  variant="default"
                  leftSection={<IconFileText size={16} aria-hidden="true" />}
                >
                  Ver PDF
                </Button>
              ) : null}
              {open ? (
                <>
                  <Button size="xs" leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => setDialog('enviar')}>
                    Enviar para firmar
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconSignature size={16} aria-hidden="true" />} onClick={() => setDialog('firmar')}>
                    Firmar aquí
                  </Button>
                </>
              ) : null}
              {canPrepare && (!current || current.estado !== 'firmado') ? (
                <Button
                  size="xs"
                  variant={current ? 'default' : 'filled'}
                  leftSection={<IconCertificate size={16} aria-hidden="true" />}
                  loading={preparing}
                  onClick={() => {
                    setVerified(null);
                    onPrepare(Boolean(open));
                  }}
                >
                  {current && current.estado !== 'anulado' ? 'Preparar de nuevo' : prepareLabel}
                </Button>
              ) : null}
              {current && current.estado !== 'anulado' ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
                  loading={verify.isPending}
                  onClick={() => runVerify(current)}
                >
                  Verificar integridad
                </Button>
              ) : null}
              {open ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden="true" />}
                  onClick={() => confirmAnnul(current)}
                >
                  Anular
                </Button>
              ) : null}
            </Group>
            {verified && current && verified.id === current.id ? (
              <Alert color={verified.answer.integro ? 'teal' : 'red'} title={verified.answer.integro ? 'Íntegro' : 'Alterado'} role="status">
                <Text size="sm">
                  {verified.answer.integro
                    ? 'El archivo guardado coincide con su huella SHA-256.'
                    : 'El archivo guardado no coincide con su huella: se ha modificado.'}
                </Text>
                <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  SHA-256: <Code>{verified.answer.sha256}</Code>
                </Text>
                {!verified.answer.integro ? (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    Calculado: <Code>{verified.answer.calculado}</Code>
                  </Text>
                ) : null}
              </Alert>
            ) : null}
            {items.length > 1 ? (
              <Text size="xs" c="dimmed">
                {words.anteriores(items.length - 1)}:{' '}
                {items
                  .filter((d) => d.id !== current?.id)
                  .map((d, i) => (
                    <span key={d.id}>
                      {i > 0 ? ', ' : ''}
                      <Anchor href={`/api/documentos/${d.id}/pdf`} target="_blank" rel="noreferrer" size="xs">
                        PDF nº {d.id}
                      </Anchor>
                    </span>
                  ))}
              </Text>
            ) : null}
          </>
        )}
        {children?.(current)}
      </Stack>
      {dialog === 'enviar' && current ? <SendForSigningDialog documentoId={current.id} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'firmar' && current ? (
        <SignInPersonDialog
          documentoId={current.id}
          tipo={current.tipo}
          opened
          onClose={() => setDialog(null)}
          onSigned={() => {
            setDialog(null);
            notifications.show({ color: 'teal', message: words.firmado });
          }}
        />
      ) : null}
    </Paper>
  );
}
