import { SiloTransferMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the silo transfer (`t('siloTransfer.…')`). */
export const en = {
  title: 'Silo Transfer',
  add: 'Add Silo Transfer',
  total: 'Total {{count}}',
  transferAt: 'Transfer Time',
  warehouse: 'Warehouse',
  from: 'From',
  to: 'To',
  storages: { silo: 'Silos', openArea: 'Open Area' },
  owner: 'Owner',
  lcPo: 'LC / PO',
  search: 'LC / PO or owner',
  position: 'Stock to move (silo or open area)',
  noPositions: 'No stock on hand at this warehouse.',
};

export const ar: SectionShape<typeof en> = {
  title: 'النقل بين الصوامع',
  add: 'إضافة نقل بين الصوامع',
  total: 'الإجمالي {{count}}',
  transferAt: 'وقت النقل',
  warehouse: 'المستودع',
  from: 'من',
  to: 'إلى',
  storages: { silo: 'الصوامع', openArea: 'الساحة المفتوحة' },
  owner: 'المالك',
  lcPo: 'الاعتماد / أمر الشراء',
  search: 'الاعتماد / أمر الشراء أو المالك',
  position: 'المخزون المراد نقله (صومعة أو ساحة مفتوحة)',
  noPositions: 'لا يوجد مخزون في هذا المستودع.',
};

/** Arabic for the fixed English messages the server sends for the silo transfer, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof SiloTransferMessages>, string>> = {
  [SiloTransferMessages.openAreaToOpenArea]: 'لا يمكن النقل من الساحة المفتوحة إلى الساحة المفتوحة',
  [SiloTransferMessages.sameSilo]: 'لا يمكن نقل صومعة إلى نفسها.',
  [SiloTransferMessages.positionRequired]: 'يرجى اختيار موضع المخزون!',
  [SiloTransferMessages.notFound]: 'النقل بين الصوامع غير موجود',
  [SiloTransferMessages.alreadyReversed]: 'تم عكس النقل بين الصوامع هذا.',
  [SiloTransferMessages.created]: 'تم إنشاء النقل بين الصوامع بنجاح',
  [SiloTransferMessages.reversed]: 'تم عكس النقل بين الصوامع بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
