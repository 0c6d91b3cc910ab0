import { ZUserExportQuery, type TUserListItem, type UserKind } from '@tonnage/contracts';
import type { z } from 'zod';
import type { ExportDataset } from '../../kit/export';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn } from '../../platform/record-export';
import { userExportSource } from './users.service';

/* The users list as an export (issue 16): the screen's columns and filters, a company admin's reach. */

const KIND_LABELS: Record<UserKind, Record<ExcelLang, string>> = {
  superAdmin: { en: 'Super Admin', ar: 'مدير النظام' },
  agencyAdmin: { en: 'Agency Admin', ar: 'مدير الوكالة' },
  agencyUser: { en: 'Agency User', ar: 'مستخدم الوكالة' },
  companyAdmin: { en: 'Company Admin', ar: 'مدير الشركة' },
};

const STATUS_LABELS = { active: { en: 'Active', ar: 'نشط' }, inactive: { en: 'In-Active', ar: 'غير نشط' } } as const;

function userColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TUserListItem>[] {
  return [
    textColumn<TUserListItem>('name', { en: 'Name', ar: 'الاسم' }, lang, (u) => [u.firstName, u.lastName].filter(Boolean).join(' ')),
    textColumn<TUserListItem>('username', { en: 'Username', ar: 'اسم المستخدم' }, lang, (u) => u.username),
    textColumn<TUserListItem>('email', { en: 'Email', ar: 'البريد الإلكتروني' }, lang, (u) => u.email),
    textColumn<TUserListItem>('kind', { en: 'Type', ar: 'النوع' }, lang, (u) => KIND_LABELS[u.kind][lang]),
    textColumn<TUserListItem>('role', { en: 'Role', ar: 'الدور' }, lang, (u) => u.roleName),
    dateTimeColumn<TUserListItem>('createdAt', { en: 'Created at', ar: 'تاريخ الإنشاء' }, lang, timeZone, (u) => u.createdAt),
    textColumn<TUserListItem>('status', { en: 'Status', ar: 'الحالة' }, lang, (u) => STATUS_LABELS[u.isActive ? 'active' : 'inactive'][lang]),
  ];
}

type UserExportQuery = Omit<z.output<typeof ZUserExportQuery>, 'lang'>;

/** The users list's export: with the list's view flag, every user it matches that the viewer may see. */
export const userExportDataset: ExportDataset<TUserListItem, UserExportQuery> = {
  key: 'list:users',
  fileName: 'users.xlsx',
  sheetName: { en: 'Users', ar: 'المستخدمون' },
  permission: { anyOf: [{ module: 'UserStaffManagement', action: 'view' }] },
  query: ZUserExportQuery,
  columns: userColumns,
  source: (tx, actor, query) => userExportSource(tx, { userId: actor.userId, userKind: actor.userKind, userCompanyId: actor.userCompanyId, query }),
};
