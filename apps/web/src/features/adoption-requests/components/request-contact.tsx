import { Alert, Anchor, Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PERSON_EMAIL_MAX, PERSON_PHONE_MAX, personDuplicateReasonLabels } from '@refugio/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useConfirmApplicationContact } from '../api/confirm-contact';
import type { AdoptionRequestView } from '../api/request-view';
import { PhoneText } from '../../../components/ui/phone-text';

/** "Confirmar otro contacto": the e-mail and phone staff confirm for everything about the request. */
function ConfirmContactModal({ request, onClose }: { request: AdoptionRequestView; onClose: () => void }) {
  const [email, setEmail] = useState(request.contacto.email ?? '');
  const [telefono, setTelefono] = useState(request.contacto.telefono ?? '');
  const confirm = useConfirmApplicationContact();
  const fieldErrors = confirm.error instanceof ApiError ? confirm.error.fieldErrors : undefined;
  return (
    <Modal opened onClose={onClose} title="Confirmar otro contacto" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(
            { id: request.id, email: email.trim() || null, telefono: telefono.trim() || null },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: 'Contacto confirmado: lo que se envíe de esta solicitud irá ahí.' });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            El contrato, los códigos para firmar, los seguimientos y los recordatorios de esta solicitud irán a este contacto en lugar del que dio
            quien la envió. Confírmalo solo si has comprobado que es suyo.
          </Text>
          <TextInput
            label="Correo electrónico"
            type="email"
            maxLength={PERSON_EMAIL_MAX}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldErrors?.email}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            maxLength={PERSON_PHONE_MAX}
            value={telefono}
            onChange={(event) => setTelefono(event.currentTarget.value)}
            error={fieldErrors?.telefono}
          />
          {confirm.isError && !fieldErrors ? <Alert color="red">{getErrorMessage(confirm.error)}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Confirmar contacto
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Where everything about the request goes (its own contact, or the one staff confirmed), the action to confirm
 * another, and the persons who share its e-mail or phone but were not trusted as the applicant.
 */
export function RequestContact({ request }: { request: AdoptionRequestView }) {
  const [confirming, setConfirming] = useState(false);
  const { contacto, posiblesDuplicados } = request;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`contacto-${request.id}`}>
      <Stack gap="xs">
        <Title order={2} fz="h4" id={`contacto-${request.id}`}>
          Contacto de la solicitud
        </Title>
        {posiblesDuplicados.length > 0 ? (
          <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden="true" />} title="Posible duplicado">
            <Text size="sm">
              Otra persona comparte datos de contacto con quien envió esta solicitud y no se ha dado por la misma. Nada de esta solicitud se le envía;
              compruébalo antes de fusionarlas.
            </Text>
            <List size="sm" mt={4}>
              {posiblesDuplicados.map((d) => (
                <List.Item key={d.persona.id}>
                  {/* The alert's own text colour, underlined: the link colour lacks contrast on the alert's background. */}
                  <Anchor component={Link} to={`/personas/${d.persona.id}`} size="sm" c="inherit" underline="always" fw={600}>
                    {d.persona.nombre}
                  </Anchor>{' '}
                  ({d.persona.email}
                  {d.persona.email && d.persona.telefono ? ' · ' : null}
                  {d.persona.telefono ? <PhoneText value={d.persona.telefono} /> : null}):{' '}
                  {d.motivos.map((m) => personDuplicateReasonLabels[m]).join(', ')}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Text size="sm">
          El contrato, los códigos, los seguimientos y los recordatorios van a{' '}
          <strong>
            {contacto.email}
            {contacto.email && contacto.telefono ? ' · ' : null}
            {contacto.telefono ? <PhoneText value={contacto.telefono} /> : null}
            {!contacto.email && !contacto.telefono ? 'ningún contacto' : null}
          </strong>
          {contacto.confirmado
            ? ` (confirmado por el equipo${contacto.confirmadoEn ? ` el ${formatDateTime(contacto.confirmadoEn)}` : ''}).`
            : ' (el que dio quien la envió).'}
        </Text>
        <Group>
          <Button size="xs" variant="light" onClick={() => setConfirming(true)}>
            Confirmar otro contacto
          </Button>
        </Group>
      </Stack>
      {confirming ? <ConfirmContactModal request={request} onClose={() => setConfirming(false)} /> : null}
    </Paper>
  );
}
