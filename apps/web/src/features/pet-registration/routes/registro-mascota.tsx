import { RegistrationForm } from '../components/registration-form';
import { RegistrationPage } from '../components/registration-page';

/** RegistroMascota (/registro-mascota): the public form without a link; such requests are marked as without link. */
function RegistroMascotaScreen() {
  return (
    <RegistrationPage title="Registro de mascota">
      <RegistrationForm />
    </RegistrationPage>
  );
}

export { RegistroMascotaScreen as Component };
