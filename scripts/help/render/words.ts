import { tx, type OwnerRole, type PlaceKind, type Text } from '../model';
import { label } from '../product';

/** The documents' own words (headings, legends); the product's labels come from its message sets. */
export const words = {
  product: tx('Tonnage', 'Tonnage'),
  flowLegendTitle: tx('How to read the diagram', 'كيف تقرأ المخطط'),
  legendTruck: tx('Truck trip (loading slip or transfer slip): the cargo leaves one place and is received at the other', 'رحلة شاحنة (إذن تحميل أو إذن نقل): تغادر البضاعة مكانًا وتُستلم في المكان الآخر'),
  legendInPlace: tx('Change of owner where the cargo lies: nothing moves', 'تغيير المالك حيث توجد البضاعة: لا يتحرك شيء'),
  legendReserve: tx('Loan of cargo still on board: reserved for the borrower, posted when trucks load it', 'قرض من بضاعة ما زالت على متن السفينة: محجوزة للمقترض، وتُقيَّد عند تحميل الشاحنات لها'),
  legendBadge: tx('Numbered circle on a box: a step recorded at that stock (a document, a weighing, a receipt)', 'دائرة مرقمة على مربع: خطوة تُسجَّل عند ذلك المخزون (مستند أو وزن أو استلام)'),
  legendStep: tx('Numbered label on an arrow: the step that moves the cargo and the quantity', 'رقم على السهم: الخطوة التي تنقل البضاعة والكمية'),
  steps: tx('The steps, in order', 'الخطوات بالترتيب'),
  stepNumber: tx('#', 'م'),
  screens: tx('Screens', 'الشاشات'),
  whatHappens: tx('What happens', 'ما يحدث'),
  movement: tx('Movement and ledger', 'الحركة والقيود'),
  noMovement: tx('No cargo moves.', 'لا تتحرك بضاعة.'),
  atEnd: tx('Where the cargo is at the end', 'أين البضاعة في النهاية'),
  atEndHint: tx('Computed from the movements above: every stock of the case that still holds cargo.', 'محسوبة من الحركات أعلاه: كل مخزون في الحالة ما زال يحتوي على بضاعة.'),
  place: tx('Place', 'المكان'),
  owner: tx('Owner', 'المالك'),
  quantity: tx('Quantity', 'الكمية'),
  inTransit: tx('on trucks, not yet received', 'على الشاحنات، لم تُستلم بعد'),
  loanBalance: tx('Loan balance of the case', 'رصيد القرض في الحالة'),
  notes: tx('Good to know', 'معلومات مفيدة'),
  received: tx('received', 'استُلمت'),
  adjustIn: tx('added to the stock', 'تُضاف إلى المخزون'),
  adjustOut: tx('taken off the stock', 'تُخصم من المخزون'),
  ledger: tx('Ledger', 'القيود'),
  by: {
    truck: tx('by truck', 'بالشاحنة'),
    inPlace: tx('in place', 'في المكان'),
    reserve: tx('reserved on board', 'محجوزة على متن السفينة'),
    bl: tx('on board', 'على متن السفينة'),
  },
  // guides
  contents: tx('Contents', 'المحتويات'),
  menuPath: tx('Menu', 'القائمة'),
  howTo: tx('How to use it', 'طريقة الاستخدام'),
  fields: tx('Fields', 'الحقول'),
  field: tx('Field', 'الحقل'),
  meaning: tx('What it means', 'المعنى'),
  checks: tx('What the server checks', 'ما يتحقق منه الخادم'),
  checksHint: tx('A refusal is shown with these words; nothing is saved.', 'يُعرض الرفض بهذه العبارات، ولا يُحفظ شيء.'),
  inLedger: tx('In the stock ledger', 'في دفتر المخزون'),
  afterwards: tx('Editing and reversing', 'التعديل والعكس'),
  figure: tx('Figure', 'شكل'),
  page: tx('Page', 'صفحة'),
  of: tx('of', 'من'),
  footerNote: tx('Built from the product’s sources by npm run help:build', 'أُنشئ من مصادر المنتج بالأمر npm run help:build'),
} as const;

/** The kind of a place as a heading of its box. */
export function placeKindLabel(kind: PlaceKind): Text {
  switch (kind) {
    case 'vessel':
      return tx('Vessel at the port', 'السفينة في الميناء');
    case 'warehouse':
      return label('portLoading.destination.warehouse');
    case 'consigneeLocation':
      return label('portLoading.destination.consigneeLocation');
    case 'customerLocation':
      return label('portLoading.destination.customerLocation');
  }
}

/** The role of an owner, as the product's screens name it. */
export function ownerRoleLabel(role: OwnerRole): Text {
  switch (role) {
    case 'consignee':
      return label('menu.consignee');
    case 'shipmentManager':
      return label('menu.shipmentManager');
    case 'customer':
      return label('menu.customer');
  }
}

/** Names of the ledger's accounts in the documents. */
export const accountWords = {
  VESSEL: tx('Vessel', 'السفينة'),
  ON_BOARD: tx('On board', 'على متن السفينة'),
  IN_TRANSIT: tx('In transit', 'في الطريق'),
  ON_HAND: tx('On hand', 'في المخزون'),
  TRANSIT_LOSS: tx('Transit loss', 'فاقد النقل'),
  HANDLING_LOSS: tx('Handling loss', 'فاقد المناولة'),
  HANDLING_EXCESS: tx('Handling excess', 'زيادة المناولة'),
} as const;
