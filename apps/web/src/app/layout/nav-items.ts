import {
  IconBook,
  IconBrush,
  IconClipboardList,
  IconFirstAidKit,
  IconCalendarEvent,
  IconFileImport,
  IconCalendarTime,
  IconChartBar,
  IconFileDescription,
  IconHistory,
  IconHomeHeart,
  IconHomeMove,
  IconLayoutGrid,
  IconLink,
  IconMapSearch,
  IconMail,
  IconMessageCircle,
  IconHeartHandshake,
  IconPigMoney,
  IconReportAnalytics,
  IconReport,
  IconSettings,
  IconShieldCheck,
  IconTemplate,
  IconPackage,
  IconPaw,
  IconSend,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that belong to this entry (e.g. a pet's detail belongs to 'Mascotas'). */
  activeSubPaths?: readonly string[];
  /** Shown only when the role lookup says Administrador. */
  adminOnly?: boolean;
}

export interface NavGroupItem {
  label: string;
  icon: Icon;
  /** The group opens by itself when the current path starts with one of these. */
  activeSubPaths: readonly string[];
  links: readonly NavLinkItem[];
}

/** The sidebar entries of SPEC section 2, with their labels word for word. */
export const mainNavItems: readonly NavLinkItem[] = [
  { label: 'Mascotas', to: '/', icon: IconPaw, activeSubPaths: ['/agregar', '/mascota/', '/editar/', '/imagenes/'] },
  { label: 'Formularios de Solicitud', to: '/formularios', icon: IconFileDescription, activeSubPaths: ['/formulario/'] },
  // Everyone outside the team (DESIGN section 10): staff open it daily to answer applicants, so it sits in the main group.
  { label: 'Personas', to: '/personas', icon: IconUsersGroup, activeSubPaths: ['/personas/'] },
  { label: 'Publicaciones Programadas', to: '/borradores', icon: IconCalendarTime },
  // Not in the specification: the day's care round, used on a phone every day, so it sits beside them.
  { label: 'Cuidados', to: '/cuidados', icon: IconFirstAidKit },
  // Not in the specification: foster homes, their places and their news (DESIGN section 12).
  { label: 'Acogidas', to: '/acogidas', icon: IconHomeHeart },
  // Not in the specification: volunteers' shifts, who is coming and the gaps (DESIGN section 17).
  { label: 'Voluntariado', to: '/turnos', icon: IconCalendarEvent },
  // Not in the specification: owners' surrender requests and the waiting list (DESIGN section 19).
  { label: 'Cesiones', to: '/cesiones', icon: IconHomeMove, activeSubPaths: ['/cesiones/'] },
  // Not in the specification: the public's reports of animals lost or found and their candidates (DESIGN section 19).
  { label: 'Perdidos y encontrados', to: '/perdidos-encontrados', icon: IconMapSearch, activeSubPaths: ['/perdidos-encontrados/'] },
  // Not in the specification: members' fees, sponsorships, gifts and the modelo 182 (DESIGN section 15).
  { label: 'Socios y donativos', to: '/donativos', icon: IconPigMoney, activeSubPaths: ['/donativos/'], adminOnly: true },
  { label: 'Lista de Usuarios', to: '/lista', icon: IconUsers, activeSubPaths: ['/usuarionuevo'], adminOnly: true },
];

/**
 * Screens the specification lists but gives no sidebar entry. They sit in a separate, collapsed group
 * so the main entries stay exactly as specified while the screens remain reachable.
 */
export const moreNavGroup: NavGroupItem = {
  label: 'Más secciones',
  icon: IconLayoutGrid,
  activeSubPaths: [
    '/dashboard',
    '/memoria',
    '/informes',
    '/paquetes',
    '/solicitud-publicacion',
    '/auditoria',
    '/libro-registro',
    '/protocolos',
    '/mensajes',
    '/novedades-acogida',
    '/seguimientos',
    '/plantillas',
    '/configuracion',
    '/inspecciones',
    '/importar',
    '/blocks/',
  ],
  links: [
    { label: 'Panel de control', to: '/dashboard', icon: IconChartBar },
    { label: 'Memoria anual', to: '/memoria', icon: IconReport },
    { label: 'Informes', to: '/informes', icon: IconReportAnalytics },
    { label: 'Paquetes', to: '/paquetes', icon: IconPackage },
    { label: 'Solicitudes de Publicación', to: '/solicitud-publicacion', icon: IconSend },
    { label: 'Enlaces de Registro', to: '/enlaces-admin', icon: IconLink },
    { label: 'Mensajes', to: '/mensajes', icon: IconMail },
    { label: 'Novedades de acogida', to: '/novedades-acogida', icon: IconMessageCircle },
    { label: 'Seguimientos', to: '/seguimientos', icon: IconHeartHandshake },
    { label: 'Libro de registro', to: '/libro-registro', icon: IconBook },
    { label: 'Auditoría', to: '/auditoria', icon: IconHistory, adminOnly: true },
    { label: 'Protocolos', to: '/protocolos', icon: IconClipboardList, adminOnly: true },
    { label: 'Plantillas', to: '/plantillas', icon: IconTemplate, adminOnly: true },
    { label: 'Configuración', to: '/configuracion', icon: IconSettings, adminOnly: true },
    // Not in the specification: read-only links to the register book for an inspector (DESIGN section 16).
    { label: 'Inspecciones', to: '/inspecciones', icon: IconShieldCheck, adminOnly: true },
    { label: 'Importar', to: '/importar', icon: IconFileImport, adminOnly: true },
    { label: 'Guía de estilos', to: '/blocks/styles', icon: IconBrush },
  ],
};
