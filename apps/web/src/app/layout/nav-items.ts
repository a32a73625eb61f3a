import {
  IconUserShield,
  IconBook,
  IconBrush,
  IconClipboardList,
  IconFirstAidKit,
  IconForms,
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
  IconShieldLock,
  IconTemplate,
  IconPackage,
  IconPaw,
  IconSend,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { Capability } from '@refugio/contracts';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that belong to this entry (e.g. a pet's detail belongs to 'Mascotas'). */
  activeSubPaths?: readonly string[];
  /** Shown only to the roles with this capability (the permission table of the contracts, DESIGN section 20). */
  capability: Capability;
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
  { label: 'Mascotas', to: '/', icon: IconPaw, activeSubPaths: ['/agregar', '/mascota/', '/editar/', '/imagenes/'], capability: 'mascotas.ver' },
  { label: 'Formularios de Solicitud', to: '/formularios', icon: IconFileDescription, activeSubPaths: ['/formulario/'], capability: 'adopciones' },
  // Everyone outside the team (DESIGN section 10): staff open it daily to answer applicants, so it sits in the main group.
  { label: 'Personas', to: '/personas', icon: IconUsersGroup, activeSubPaths: ['/personas/'], capability: 'personas.ver' },
  { label: 'Publicaciones Programadas', to: '/borradores', icon: IconCalendarTime, capability: 'publicacion' },
  // Not in the specification: the day's care round, used on a phone every day, so it sits beside them.
  { label: 'Cuidados', to: '/cuidados', icon: IconFirstAidKit, capability: 'cuidados.ver' },
  // Not in the specification: foster homes, their places and their news (DESIGN section 12).
  { label: 'Acogidas', to: '/acogidas', icon: IconHomeHeart, capability: 'movimientos' },
  // Not in the specification: volunteers' shifts, who is coming and the gaps (DESIGN section 17).
  { label: 'Voluntariado', to: '/turnos', icon: IconCalendarEvent, capability: 'voluntariado' },
  // Not in the specification: owners' surrender requests and the waiting list (DESIGN section 19).
  { label: 'Cesiones', to: '/cesiones', icon: IconHomeMove, activeSubPaths: ['/cesiones/'], capability: 'cesiones' },
  // Not in the specification: the public's reports of animals lost or found and their candidates (DESIGN section 19).
  {
    label: 'Perdidos y encontrados',
    to: '/perdidos-encontrados',
    icon: IconMapSearch,
    activeSubPaths: ['/perdidos-encontrados/'],
    capability: 'cesiones',
  },
  // Not in the specification: members' fees, sponsorships, gifts and the modelo 182 (DESIGN section 15).
  { label: 'Socios y donativos', to: '/donativos', icon: IconPigMoney, activeSubPaths: ['/donativos/'], capability: 'dinero' },
  { label: 'Lista de Usuarios', to: '/lista', icon: IconUsers, activeSubPaths: ['/usuarionuevo'], capability: 'usuarios' },
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
    '/roles',
    '/campos',
    '/inspecciones',
    '/importar',
    '/blocks/',
    '/cuenta/',
  ],
  links: [
    { label: 'Panel de control', to: '/dashboard', icon: IconChartBar, capability: 'cuenta' },
    { label: 'Memoria anual', to: '/memoria', icon: IconReport, capability: 'informes' },
    { label: 'Informes', to: '/informes', icon: IconReportAnalytics, capability: 'informes' },
    { label: 'Paquetes', to: '/paquetes', icon: IconPackage, capability: 'publicacion' },
    { label: 'Solicitudes de Publicación', to: '/solicitud-publicacion', icon: IconSend, capability: 'publicacion' },
    { label: 'Enlaces de Registro', to: '/enlaces-admin', icon: IconLink, capability: 'publicacion' },
    { label: 'Mensajes', to: '/mensajes', icon: IconMail, capability: 'mensajes' },
    { label: 'Novedades de acogida', to: '/novedades-acogida', icon: IconMessageCircle, capability: 'adopciones' },
    { label: 'Seguimientos', to: '/seguimientos', icon: IconHeartHandshake, capability: 'adopciones' },
    { label: 'Libro de registro', to: '/libro-registro', icon: IconBook, capability: 'libro' },
    { label: 'Auditoría', to: '/auditoria', icon: IconHistory, capability: 'ajustes' },
    { label: 'Protocolos', to: '/protocolos', icon: IconClipboardList, capability: 'cuidados.protocolos' },
    { label: 'Plantillas', to: '/plantillas', icon: IconTemplate, capability: 'ajustes' },
    { label: 'Configuración', to: '/configuracion', icon: IconSettings, capability: 'ajustes' },
    // The organisation's own roles (DESIGN section 21): with the users, Administrador's.
    { label: 'Roles de la organización', to: '/roles', icon: IconUserShield, capability: 'usuarios' },
    // The organisation's own fields on pets and persons (DESIGN section 21): Administrador and Coordinación.
    { label: 'Campos propios', to: '/campos', icon: IconForms, capability: 'campos' },
    // Not in the specification: read-only links to the register book for an inspector (DESIGN section 16).
    { label: 'Inspecciones', to: '/inspecciones', icon: IconShieldCheck, capability: 'inspecciones' },
    { label: 'Importar', to: '/importar', icon: IconFileImport, capability: 'importar' },
    { label: 'Guía de estilos', to: '/blocks/styles', icon: IconBrush, capability: 'cuenta' },
    // Each person's own account (DESIGN 20): here, since the header's dropdown holds 'Cerrar Sesión' alone (SPEC 2).
    { label: 'Verificación en dos pasos', to: '/cuenta/dos-pasos', icon: IconShieldLock, capability: 'cuenta' },
  ],
};
