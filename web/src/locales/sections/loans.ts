import { LoanMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the loans: Consignee to SM (L), SM to Consignee (LR) and the loan balance (`t('loans.…')`). */
export const en = {
  consigneeToSmTitle: 'Consignee to SM',
  smToConsigneeTitle: 'SM to Consignee',
  total: 'Total {{count}}',
  loanAt: 'Loan Time',
  returnAt: 'Return Time',
  loanNumber: 'Loan No.',
  warehouse: 'Warehouse',
  silo: 'Silo',
  lender: 'Lender',
  borrower: 'Borrower',
  lcPo: 'LC / PO',
  cargoType: 'Cargo type',
  issued: 'Issued (MT)',
  returned: 'Returned (MT)',
  outstanding: 'Outstanding (MT)',
  returnedQuantity: 'Quantity (MT)',
  openStates: { open: 'Outstanding', closed: 'Fully returned' },
};

export const ar: SectionShape<typeof en> = {
  consigneeToSmTitle: 'من المستلم إلى مدير الشحنة',
  smToConsigneeTitle: 'من مدير الشحنة إلى المستلم',
  total: 'الإجمالي {{count}}',
  loanAt: 'وقت القرض',
  returnAt: 'وقت الإرجاع',
  loanNumber: 'رقم القرض',
  warehouse: 'المستودع',
  silo: 'الصومعة',
  lender: 'المُقرض',
  borrower: 'المقترض',
  lcPo: 'الاعتماد / أمر الشراء',
  cargoType: 'نوع البضاعة',
  issued: 'المُقرَض (طن متري)',
  returned: 'المُرجَع (طن متري)',
  outstanding: 'المتبقي (طن متري)',
  returnedQuantity: 'الكمية (طن متري)',
  openStates: { open: 'متبقٍ', closed: 'مُرجَع بالكامل' },
};

/** Arabic for the fixed English messages the server sends for the loans, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof LoanMessages>, string>> = {
  [LoanMessages.noShipmentManager]: 'لا يوجد مدير شحنة لهذا المستلم ليُقرضه.',
  [LoanMessages.loanRequired]: 'يرجى اختيار القرض!',
  [LoanMessages.loanNotFound]: 'القرض غير موجود',
  [LoanMessages.loanReversed]: 'تم عكس هذا القرض.',
  [LoanMessages.returnAboveOutstanding]: 'لا يمكن أن تكون كمية الإرجاع أكبر من كمية القرض المتبقية.',
  [LoanMessages.loanReturnNotFound]: 'إرجاع القرض غير موجود',
  [LoanMessages.loanReturnReversed]: 'تم عكس إرجاع القرض هذا.',
  [LoanMessages.loanCreated]: 'تم إنشاء من المستلم إلى مدير الشحنة بنجاح',
  [LoanMessages.loanReversedOk]: 'تم عكس من المستلم إلى مدير الشحنة بنجاح',
  [LoanMessages.loanReturnCreated]: 'تم إنشاء من مدير الشحنة إلى المستلم بنجاح',
  [LoanMessages.loanReturnReversedOk]: 'تم عكس من مدير الشحنة إلى المستلم بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
