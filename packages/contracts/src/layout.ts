import { z } from 'zod';

/** Layout settings of SPEC section 3, kept in the browser across reloads. */
export const layoutSettingsSchema = z.object({
  sidebarVisibleMobile: z.boolean(),
  sidebarVisibleDesktop: z.boolean(),
  sidebarMini: z.boolean(),
  headerFixed: z.boolean(),
  mainContent: z.enum(['full', 'boxed', 'narrow']),
  pageLoader: z.boolean(),
});
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;

export const defaultLayoutSettings: LayoutSettings = {
  sidebarVisibleMobile: false,
  sidebarVisibleDesktop: true,
  sidebarMini: false,
  headerFixed: true,
  mainContent: 'full',
  pageLoader: false,
};

/** Below this width a click on a sidebar link closes the sidebar (SPEC section 9). */
export const SIDEBAR_CLOSE_BREAKPOINT = 992;
/** Mobile breakpoint of SPEC section 9. */
export const MOBILE_BREAKPOINT = 769;
