import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useLinkCheck } from '../api/check-link';
import { InvalidLink, LinkChecking, ValidLink } from './link-notice';

/** Checks a link first: an invalid one is explained instead of showing the form (`children`). */
export function LinkedRegistration({ linkId, children }: { linkId: string; children: (remaining: number) => ReactNode }) {
  const check = useLinkCheck(linkId);
  if (check.isPending) return <LinkChecking />;
  if (check.isError) {
    return (
      <Alert color="red" role="alert" title="No se pudo comprobar el enlace">
        {getErrorMessage(check.error)}
      </Alert>
    );
  }
  if (!check.data.valido) return <InvalidLink mensaje={check.data.mensaje} contacto={check.data.contacto} />;
  return (
    <>
      <ValidLink check={check.data} />
      {children(check.data.restantes)}
    </>
  );
}
