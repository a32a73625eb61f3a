/** The one idea behind the "Acogida" role and the foster profile, said where both are met (the role's checkbox and the profile's card). */
export const FOSTER_ROLE_EXPLAINED =
  'Una casa de acogida tiene el rol «Acogida» y su ficha de acogida dice qué puede acoger y cuándo: guardar la ficha le da el rol.';
