import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDownloadDonationCertificate } from '../api/certificates';
import { fiscalYears } from '../lib/money';

/**
 * "Certificado de donaciones" of one person for a chosen year (last year unless changed): the PDF is fetched first and
 * saved only when it came, so a refusal (no NIF, no gifts that year, the entity not under Ley 49/2002) shows the
 * server's Spanish message here.
 */
export function CertificateDownload({ personId }: { personId: number }) {
  const currentYear = new Date().getFullYear();
  const [anio, setAnio] = useState(currentYear - 1);
  const download = useDownloadDonationCertificate();

  return (
    <Stack gap="xs" component="section" aria-labelledby={`certificado-${personId}-title`}>
      <Title order={3} fz="h5" id={`certificado-${personId}-title`}>
        Certificado de donaciones
      </Title>
      <Text size="sm" c="dimmed">
        Para desgravar en la renta: los donativos registrados del año, con su total.
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Año del certificado"
          data={fiscalYears(currentYear).map(String)}
          value={String(anio)}
          onChange={(v) => {
            download.reset();
            if (v) setAnio(Number(v));
          }}
          allowDeselect={false}
          w={140}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate({ personId, anio })}
        >
          Descargar certificado
        </Button>
      </Group>
      {download.error ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={20} aria-hidden="true" />}
          title={`No se pudo descargar el certificado de ${anio}`}
          role="alert"
        >
          {getErrorMessage(download.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
