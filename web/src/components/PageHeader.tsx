import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';

interface PageHeaderProps {
  title: ReactNode;
  /** A back link shown before the title. */
  back?: ReactNode;
  /** Search boxes and buttons at the end of the row. */
  actions?: ReactNode;
  titleTestId?: string;
}

/** A page's title row: the title at the start, its actions (search, add, save) at the end. */
export function PageHeader({ title, back, actions, titleTestId }: PageHeaderProps) {
  const heading = (
    <Typography.Title level={3} className="page-title" data-testid={titleTestId}>
      {title}
    </Typography.Title>
  );
  return (
    <div className="page-header">
      {back ? (
        <Space align="center" wrap>
          {back}
          {heading}
        </Space>
      ) : (
        heading
      )}
      {actions && <div className="page-header-actions">{actions}</div>}
    </div>
  );
}
