import type { ThemeConfig } from 'antd';

export const palette = {
  navy: '#0b2540',
  navyDeep: '#071a2e',
  teal: '#0e6e78',
  tealLight: '#2bb3a3',
  surface: '#f3f6f9',
} as const;

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Naskh Arabic', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

/** Theme sets by name; spec section 9 applies 'theme8' by default: a calm navy and teal look. */
export const themes = {
  theme8: {
    token: {
      colorPrimary: palette.teal,
      colorInfo: palette.teal,
      colorLink: palette.teal,
      colorBgLayout: palette.surface,
      borderRadius: 6,
      fontFamily,
    },
    components: {
      Layout: {
        headerHeight: 70,
        headerBg: '#ffffff',
        headerPadding: '0 16px',
        siderBg: palette.navy,
        triggerBg: palette.navyDeep,
      },
      Menu: {
        darkItemBg: palette.navy,
        darkSubMenuItemBg: palette.navyDeep,
        darkPopupBg: palette.navy,
        darkItemSelectedBg: palette.teal,
      },
    },
  },
} satisfies Record<string, ThemeConfig>;

export type ThemeName = keyof typeof themes;
export const DEFAULT_THEME: ThemeName = 'theme8';
