import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DocumentType } from '@refugio/contracts';
import { useRef, useState } from 'react';
import {
  SignatureFields,
  type SignatureErrors,
  type SignaturePadHandle,
  type SignatureValues,
  validateSignature,
} from '../../../firmar/signature-fields';
import { documentWords } from '../../../firmar/firmar-api';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSignInPerson } from '../api/documents';

interface SignInPersonDialogProps {
  documentoId: number;
  opened: boolean;
  onClose: () => void;
  onSigned: () => void;
  /** The document's type: a return's acta speaks of the acta. */
  tipo?: DocumentType;
}

/**
 * "Firmar aquí": the adopter signs on the staff's tablet, full screen, with the same fields as the public page
 * (full name, drawn signature, acceptance); no code, the signed-in staff member is recorded as present.
 */
export function SignInPersonDialog({ documentoId, opened, onClose, onSigned, tipo }: SignInPersonDialogProps) {
  const words = documentWords(tipo);
  const [values, setValues] = useState<SignatureValues>({ nombreCompleto: '', acepta: false });
  const [signed, setSigned] = useState(false);
  const [errors, setErrors] = useState<SignatureErrors>({});
  const padRef = useRef<SignaturePadHandle>(null);
  const signInPerson = useSignInPerson();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateSignature(values, signed && !(padRef.current?.isEmpty() ?? true));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signInPerson.mutate(
      { id: documentoId, nombreCompleto: values.nombreCompleto.trim(), firma: padRef.current?.toDataURL() ?? '', acepta: true },
      {
        onSuccess: onSigned,
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} fullScreen title="Firma en persona">
      <form onSubmit={submit} noValidate style={{ maxWidth: 720, margin: '0 auto' }}>
        <Stack gap="md">
          <Text>
            {words.firmante} lee {words.el} y firma en esta pantalla.{' '}
            <Anchor href={`/api/documentos/${documentoId}/pdf`} target="_blank" rel="noreferrer">
              {words.abrir}
            </Anchor>
          </Text>
          <SignatureFields
            idPrefix={`presencial-${documentoId}`}
            values={values}
            onChange={setValues}
            errors={errors}
            onErrorsChange={setErrors}
            padRef={padRef}
            onSignedChange={setSigned}
            disabled={signInPerson.isPending}
            acceptLabel={words.acepto}
          />
          {signInPerson.isError ? <Alert color="red">{getErrorMessage(signInPerson.error)}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={signInPerson.isPending}>
              Firmar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
