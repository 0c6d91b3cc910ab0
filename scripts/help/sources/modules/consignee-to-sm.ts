import { LinkMessages, LoanMessages, Messages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label, menuPath } from '../../product';
import { check, field, shot } from '../guide';

const returns = menuPath('warehouse/sm-to-consignee');
const balance = menuPath('loan-report');

/** Consignee To SM: a consignee lends cargo to its shipment manager, in a warehouse, on board or at its own site. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'consignee-to-sm',
  intro: tx(
    `A consignee lends cargo to its own shipment manager (the shipment manager set on the consignee): the shipment manager owns the lent quantity and may use it (sell it, dispatch it, load it), and owes it back. The loan (L) is made where the cargo is: in a warehouse or on board at the port (Warehouse › Consignee To SM), or at the consignee’s own delivery location (Consignees › Consignee To SM). It is paid back on ${returns.en}; ${balance.en} keeps the balance.`,
    `يُقرض المستلم بضاعة لمدير الشحنة التابع له (مدير الشحنة المحدد في المستلم): يملك مدير الشحنة الكمية المُقرَضة ويجوز له استخدامها (بيعها أو إرسالها أو تحميلها)، ويبقى مدينًا بها. يُجرى القرض (L) حيث توجد البضاعة: في مستودع أو على متن السفينة في الميناء، أو في موقع التسليم الخاص بالمستلم. ويُسدَّد من «${returns.ar}»، ويحفظ «${balance.ar}» الرصيد.`,
  ),
  screens: [
    {
      menu: 'warehouse/consignee-to-sm',
      title: label('loans.consigneeToSmTitle'),
      purpose: tx(
        'The list of loans: time, place and silo, lender, borrower, LC/PO, cargo type, issued, returned and outstanding, where a truck delivered it, and the status; filters by lender, borrower, voyage, LC/PO, warehouse, outstanding or fully returned, status and dates; the Excel export follows the filters. Each row opens its record page, which lists the loan’s returns.',
        'قائمة القروض: الوقت والمكان والصومعة، والمُقرض والمقترض، والاعتماد/أمر الشراء، ونوع البضاعة، والمُقرَض والمُرجَع والمتبقي، وأين سلّمته شاحنة، والحالة؛ مع تصفية حسب المُقرض والمقترض والرحلة والاعتماد/أمر الشراء والمستودع والمتبقي أو المُرجَع بالكامل والحالة والتواريخ؛ ويتبع التصدير إلى Excel عوامل التصفية. يفتح كل سطر صفحة سجله التي تعرض إرجاعات القرض.',
      ),
      shots: [
        shot('warehouse/consignee-to-sm', 'warehouseConsigneeToSm-page', tx('The loans of the demo agency.', 'قروض الوكالة التجريبية.')),
        shot(
          'warehouse/consignee-to-sm/add',
          'loan-form',
          tx('A loan in a warehouse: the position chosen, its balance shown, delivery by truck switched on.', 'قرض في مستودع: الموضع مختار ورصيده معروض، والتسليم بالشاحنة مُفعَّل.'),
          [{ pick: 'loan-warehouse', option: 'Jeddah Grain Terminal' }, { pick: 'loan-position', option: 'Arabian Milling Company' }, { fill: 'loan-quantity', value: '20' }, { click: 'loan-deliver' }, { waitFor: 'loan-deliver-to' }],
        ),
      ],
      howTo: [
        tx('Click Add. Leave the place on “In a warehouse”, choose the warehouse, then the stock position (silo or open area, owner, LC/PO, cargo type, usable): only consignees with a shipment manager can lend.', 'انقر «إضافة». اترك المكان «في مستودع»، واختر المستودع، ثم موضع المخزون (الصومعة أو المنطقة المفتوحة، المالك، الاعتماد/أمر الشراء، نوع البضاعة، المتاح): لا يُقرض إلا مستلم له مدير شحنة.'),
        tx('Enter the quantity. To lend in place, save. To send the loan elsewhere, tick “Deliver by truck to another place (transfer slip)” and choose the place, truck, driver and WBT number.', 'أدخل الكمية. للإقراض في المكان احفظ. ولإرسال القرض إلى مكان آخر، فعّل «التسليم بالشاحنة إلى مكان آخر (إذن نقل)» واختر المكان والشاحنة والسائق ورقم تذكرة الميزان.'),
        tx('The list shows the new loan with its outstanding quantity; its record page prints the transfer slip of a delivered loan.', 'تعرض القائمة القرض الجديد مع كميته المتبقية، وتطبع صفحة سجله إذن النقل للقرض المُسلَّم.'),
      ],
      fields: [
        field('loans.placeKind', '“In a warehouse”: cargo on hand. “On board (at the port)”: part of a BL still on the vessel (below).', '«في مستودع»: بضاعة في المخزون. «على متن السفينة (في الميناء)»: جزء من بوليصة ما زال على السفينة (أدناه).'),
        field('loans.warehouse', 'The warehouse the cargo is in, among your warehouses.', 'المستودع الذي توجد فيه البضاعة، من مستودعاتك.'),
        field('warehouseDispatch.position', 'The lender’s stock: silo or open area, owner, LC/PO and cargo type, with what is usable (on hand less what Pre Outs committed).', 'مخزون المُقرض: الصومعة أو المنطقة المفتوحة، والمالك، والاعتماد/أمر الشراء ونوع البضاعة، مع المتاح (المخزون ناقص ما التزمت به عمليات ما قبل الخروج).'),
        field('cargo.quantityMt', 'The quantity lent; never above the position’s usable quantity.', 'الكمية المُقرَضة؛ ولا تتجاوز المتاح في الموضع.'),
        field('loans.deliverByTruck', 'Off: the shipment manager owns the cargo where it lies. On: a truck takes it to another place on a transfer slip, received there by Warehouse Pre In / In or Consignee In.', 'غير مُفعَّل: يملك مدير الشحنة البضاعة حيث هي. مُفعَّل: تنقلها شاحنة إلى مكان آخر بإذن نقل، وتُستلم هناك في ما قبل دخول المستودع / دخول المستودع أو دخول المستلم.'),
        field('loans.deliverTo', 'A warehouse, or a delivery location of the shipment manager or of one of its consignees; not the place the cargo leaves.', 'مستودع، أو موقع تسليم لمدير الشحنة أو لأحد المستلمين التابعين له؛ وليس المكان الذي تغادره البضاعة.'),
        field('warehouseTransfer.wbtNumber', 'The weighbridge ticket of the truck, unique among live transfer slips.', 'تذكرة ميزان الشاحنة، فريدة بين أذونات النقل القائمة.'),
      ],
      checks: [check(LoanMessages.noShipmentManager), check(Messages.quantityNotAvailable), check(LoanMessages.deliveryDestinationNotAllowed), check(LoanMessages.deliverySamePlace), check(LinkMessages.loanHasReturn), check(LinkMessages.loanHasPortLoading)],
      ledger: tx(
        'In place: the quantity moves from the consignee’s stock to the shipment manager’s at the same place, silo, LC/PO and vessel (ON_HAND consignee → ON_HAND shipment manager). By truck: a transfer slip takes it off the consignee’s stock into the truck, owned by the shipment manager (ON_HAND → IN_TRANSIT); the receipt puts it on hand at the destination. The loan counts as issued when it is saved (at dispatch).',
        'في المكان: تنتقل الكمية من مخزون المستلم إلى مخزون مدير الشحنة في المكان والصومعة والاعتماد/أمر الشراء والسفينة نفسها (في المخزون للمستلم ← في المخزون لمدير الشحنة). بالشاحنة: يأخذها إذن نقل من مخزون المستلم إلى الشاحنة ملكًا لمدير الشحنة (في المخزون ← في الطريق)، ويضعها الاستلام في مخزون الوجهة. ويُحتسب القرض مُقرَضًا عند الحفظ (عند الإرسال).',
      ),
      afterwards: [
        tx('A loan is not edited. It is reversed with a reason, refused while a return or a Loan port loading stands on it; a delivered loan also while a receipt holds its truck.', 'لا يُعدَّل القرض. يُعكس مع ذكر السبب، ويُرفض ما دام عليه إرجاع أو عملية تحميل بنوع «قرض» قائمة؛ والقرض المُسلَّم أيضًا ما دام استلام يحتفظ بشاحنته.'),
      ],
    },
    {
      menu: 'warehouse/consignee-to-sm',
      title: label('loans.placeKinds.onBoard'),
      purpose: tx(
        'With the place “On board (at the port)”, the BL consignee lends part of a BL that is still on the vessel: choose the voyage and the BL (each offered with its lender, borrower, LC/PO and what is available) and the quantity. Nothing moves: the loan reserves that cargo for the shipment manager, and port loadings of quantity type Loan carry it to a warehouse or a site of the shipment manager or its consignees, owned by the shipment manager.',
        'بالمكان «على متن السفينة (في الميناء)» يُقرض المستلم في البوليصة جزءًا من بوليصة ما زالت على السفينة: اختر الرحلة والبوليصة (تُعرض كلٌّ مع المُقرض والمقترض والاعتماد/أمر الشراء والمتاح) والكمية. لا يتحرك شيء: يحجز القرض تلك البضاعة لمدير الشحنة، وتنقلها عمليات التحميل بنوع الكمية «قرض» إلى مستودع أو موقع لمدير الشحنة أو للمستلمين التابعين له، ملكًا لمدير الشحنة.',
      ),
      shots: [
        shot('warehouse/consignee-to-sm/add', 'loan-form', tx('A loan on board: the voyage and the BL chosen.', 'قرض على متن السفينة: الرحلة والبوليصة مختارتان.'), [
          { click: 'loan-place-on-board' },
          { pick: 'loan-voyage', option: 'MV Desert Falcon', typed: '2611' },
          { pick: 'loan-bl', option: 'MEDU4417286' },
          { fill: 'loan-quantity', value: '40' },
        ]),
      ],
      fields: [
        field('loans.voyage', 'The voyage the BL is on.', 'الرحلة التي عليها البوليصة.'),
        field('loans.bl', 'A BL whose consignee has a shipment manager in your scope; “available” is what is on board less what port loadings and other loans still plan to load.', 'بوليصة لمستلمها مدير شحنة ضمن نطاقك؛ و«المتاح» هو ما على متن السفينة بعد خصم ما تخطط عمليات التحميل والقروض الأخرى لتحميله.'),
        field('cargo.quantityMt', 'The quantity lent, never above what is available.', 'الكمية المُقرَضة، ولا تتجاوز المتاح.'),
      ],
      checks: [check(LoanMessages.blRequired), check(LoanMessages.onBoardNotAvailable)],
      ledger: tx('Nothing is posted: cargo on board has no owner in the ledger. The Loan port loadings’ slips post it from on board to their trucks, owned by the shipment manager.', 'لا يُقيَّد شيء: البضاعة على متن السفينة بلا مالك في الدفتر. وتقيّدها إيصالات عمليات التحميل بنوع «قرض» من على متن السفينة إلى شاحناتها، ملكًا لمدير الشحنة.'),
      afterwards: [tx('A loan on board is returned from other cargo of the shipment manager only (it has no cargo on hand of its own).', 'يُرجَع القرض على متن السفينة من بضاعة أخرى لمدير الشحنة فقط (فليست له بضاعة في المخزون).')],
    },
    {
      menu: 'consignee/consignee-to-sm',
      title: label('loans.consigneeLocationToSmTitle'),
      purpose: tx(
        'The same loan at a consignee’s own delivery location: choose the consignee location, the position in its open area and the quantity, in place or delivered by truck. These loans are listed here, counted on the same loan balance and returned on SM To Consignee like the others.',
        'القرض نفسه في موقع التسليم الخاص بالمستلم: اختر موقع المستلم، والموضع في منطقته المفتوحة، والكمية، في المكان أو بالتسليم بالشاحنة. تُعرض هذه القروض هنا، وتُحتسب في رصيد القرض نفسه، وتُرجَع من «من مدير الشحنة إلى المستلم» كغيرها.',
      ),
      shots: [shot('consignee/consignee-to-sm', 'consignee-loan-page', tx('Loans made at consignee locations.', 'القروض المُجراة في مواقع المستلمين.'))],
      fields: [field('loans.consigneeLocation', 'A delivery location of a consignee, among your locations.', 'موقع تسليم لمستلم، من مواقعك.')],
    },
  ],
};
