import { useEffect, useMemo, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ColumnHeightOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FlagOutlined,
  IdcardOutlined,
  SendOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session';
import { activeMenuKeys, menuPath, visibleMenu } from './menu-model';

const icons: Record<string, ReactNode> = {
  'agencies/list': <BankOutlined />,
  dashboard: <DashboardOutlined />,
  procurement: <FileDoneOutlined />,
  shipping: <SendOutlined />,
  ports: <FlagOutlined />,
  wareHouse: <DatabaseOutlined />,
  consignees: <TeamOutlined />,
  customer: <UserOutlined />,
  reports: <BarChartOutlined />,
  vesselQuantityApproval: <AuditOutlined />,
  outboundWeight: <ColumnHeightOutlined />,
  staff: <IdcardOutlined />,
  masterData: <AppstoreOutlined />,
};

type MenuItems = NonNullable<MenuProps['items']>;

interface SideMenuProps {
  collapsed: boolean;
  /**
   * The open sub-menus, kept by the layout: the sidebar and the mobile drawer are two menus, and a resize that swaps
   * one for the other (or a full-page screenshot that resizes the window for a moment) keeps what the user opened.
   */
  openKeys: string[];
  onOpenKeysChange: Dispatch<SetStateAction<string[]>>;
  /** Called after an entry is clicked (the mobile sidebar closes itself). */
  onNavigate?: () => void;
}

/** The sidebar menu, built only from the contracts' menu catalogue and the user's permissions. */
export function SideMenu({ collapsed, openKeys, onOpenKeysChange, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { userContext, selectedAgencyId } = useSession();

  const visible = useMemo(
    () =>
      userContext
        ? visibleMenu(userContext, { production: import.meta.env.PROD, agencyId: selectedAgencyId })
        : [],
    [userContext, selectedAgencyId],
  );

  const items = useMemo<MenuItems>(
    () =>
      visible.map((item) => {
        if (item.type === 'entry') {
          const path = menuPath(item, selectedAgencyId);
          return {
            key: path,
            icon: icons[item.key],
            label: (
              <Link to={path} data-testid={`menu-${item.key}`}>
                {t(`menu.${item.labelKey}`)}
              </Link>
            ),
          };
        }
        return {
          key: item.key,
          icon: icons[item.key],
          label: <span data-testid={`menu-group-${item.key}`}>{t(`menu.${item.labelKey}`)}</span>,
          children: item.entries.map((entry) => {
            const path = menuPath(entry, selectedAgencyId);
            return {
              key: path,
              label: (
                <Link to={path} data-testid={`menu-${entry.key}`}>
                  {t(`menu.${entry.labelKey}`)}
                </Link>
              ),
            };
          }),
        };
      }),
    [visible, selectedAgencyId, t],
  );

  const active = activeMenuKeys(visible, pathname, selectedAgencyId);

  // The sub-menu of the current route opens (spec section 2.4).
  const activeGroup = active.group;
  useEffect(() => {
    if (activeGroup) onOpenKeysChange((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]));
  }, [activeGroup, onOpenKeysChange]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={active.selected ? [active.selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: onOpenKeysChange })}
      onClick={() => onNavigate?.()}
    />
  );
}
