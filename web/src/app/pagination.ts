import { PAGE_SIZES } from '@tonnage/contracts';
import type { TablePaginationConfig } from 'antd';

/** The pagination of a list paged on the server (spec section 9: sizes 20-100, first page 1). */
export function serverPagination(params: { page: number; limit: number; total: number; totalText: (total: number) => string }): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.limit,
    total: params.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: params.totalText,
  };
}
