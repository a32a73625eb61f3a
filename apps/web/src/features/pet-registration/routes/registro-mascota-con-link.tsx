import { useParams } from 'react-router';
import { LinkedRegistration } from '../components/linked-registration';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationPage } from '../components/registration-page';

/** RegistroMascotaConLink (/registro-mascota/{linkId}): the same form, once the link proves valid. */
function RegistroMascotaConLinkScreen() {
  const linkId = useParams().linkId ?? '';
  return (
    <RegistrationPage title="Registro de mascota con enlace">
      <LinkedRegistration key={linkId} linkId={linkId}>
        {(remaining) => <RegistrationForm enlaceId={linkId} canRegisterAnother={remaining > 0} />}
      </LinkedRegistration>
    </RegistrationPage>
  );
}

export { RegistroMascotaConLinkScreen as Component };
