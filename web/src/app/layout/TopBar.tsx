import { Avatar, Button, Dropdown, Layout, Typography } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { useAgencyData } from '../../features/agencies/agency-api';
import { ApprovalsInbox } from '../../features/vessel-approval/ApprovalsInbox';
import { ExportJobsIndicator } from '../../features/exports/ExportJobsIndicator';
import { fileUrl } from '../files';
import { useSession, useUserContext } from '../session';

/**
 * The user menu (spec 2.5). Each item acts on a click anywhere on its row, its icon and padding included (a link
 * around the text alone did nothing for a click on the row beside the text).
 */
function UserMenu() {
  const { t } = useTranslation();
  const context = useUserContext();
  const { logout } = useSession();
  const navigate = useNavigate();
  const { user } = context;
  const avatar = (
    <Avatar src={fileUrl(context.s3Url, user.profilePic)} icon={<UserOutlined />} alt="" className="user-avatar">
      {user.firstName.slice(0, 1).toUpperCase()}
    </Avatar>
  );
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={(menu) => (
        <div className="user-menu-panel" data-testid="user-menu-panel">
          <div className="user-menu-header">
            {avatar}
            <div className="user-menu-identity">
              <Typography.Text strong data-testid="user-greeting">
                {t('topbar.greeting', { name: user.firstName })}
              </Typography.Text>
              <Typography.Text type="secondary" className="user-menu-email" data-testid="user-email">
                {user.email}
              </Typography.Text>
            </div>
          </div>
          {menu}
        </div>
      )}
      menu={{
        items: [
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: <span data-testid="menu-profile">{t('topbar.profile')}</span>,
            onClick: () => void navigate('/dashboard/my-profile'),
          },
          {
            key: 'help',
            icon: <QuestionCircleOutlined />,
            label: <span data-testid="menu-help">{t('topbar.help')}</span>,
            onClick: () => void navigate('/help'),
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('topbar.logout')}</span>,
            onClick: () => void logout(),
          },
        ],
      }}
    >
      <Button type="text" className="user-menu-trigger" data-testid="user-menu" aria-label={t('topbar.userMenu')}>
        {avatar}
        <span className="hide-on-mobile">{user.firstName}</span>
      </Button>
    </Dropdown>
  );
}

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Spec section 2.5: menu toggle, selected agency's name, language switcher and user menu; 70 px high. */
export function TopBar({ collapsed, onToggle }: TopBarProps) {
  const { t } = useTranslation();
  const { selectedAgencyId, userContext } = useSession();
  const agencyData = useAgencyData(selectedAgencyId);
  const agencyName =
    selectedAgencyId === null
      ? null
      : (agencyData.data?.agency.name ?? (userContext?.agency?.id === selectedAgencyId ? userContext.agency.name : null));
  return (
    <Layout.Header className="topbar">
      <Button
        type="text"
        className="topbar-toggle"
        icon={collapsed ? <MenuUnfoldOutlined className="flip-rtl" /> : <MenuFoldOutlined className="flip-rtl" />}
        onClick={onToggle}
        aria-label={t('topbar.toggleMenu')}
        aria-expanded={!collapsed}
        data-testid="menu-toggle"
      />
      <Typography.Text strong className="topbar-agency" ellipsis data-testid="agency-name">
        {agencyName ?? ''}
      </Typography.Text>
      <div className="topbar-spacer" />
      <ExportJobsIndicator />
      <ApprovalsInbox />
      <LanguageSwitcher />
      <UserMenu />
    </Layout.Header>
  );
}
