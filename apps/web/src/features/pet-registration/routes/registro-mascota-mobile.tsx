import { useSearchParams } from 'react-router';
import { LinkedRegistration } from '../components/linked-registration';
import { RegistrationPage } from '../components/registration-page';
import { RegistrationSteps } from '../components/registration-steps';

/** RegistroMascotaMobile (/registro-mascota-mobile[?enlace={linkId}]): the step-by-step form for phones. */
function RegistroMascotaMobileScreen() {
  const linkId = useSearchParams()[0].get('enlace') ?? undefined;
  return (
    <RegistrationPage title="Registro de mascota desde el teléfono">
      {linkId ? (
        <LinkedRegistration key={linkId} linkId={linkId}>
          {(remaining) => <RegistrationSteps enlaceId={linkId} canRegisterAnother={remaining > 0} />}
        </LinkedRegistration>
      ) : (
        <RegistrationSteps />
      )}
    </RegistrationPage>
  );
}

export { RegistroMascotaMobileScreen as Component };
