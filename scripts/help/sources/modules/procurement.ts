import { Messages, ProcurementMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** Procurement: sale orders, the consignments (LC or PO) under them, and their documents. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'procurement',
  intro: tx(
    'Procurement records the commercial side before any cargo moves: the sale order between a seller and a buyer, and under it the consignments, each opened by one LC or one PO, with the BL consignee who will receive the cargo and the shipment manager who handles it. Nothing here posts to the stock ledger; the quantities set the limits the shipping and port screens check later.',
    'تسجّل المشتريات الجانب التجاري قبل أن تتحرك أي بضاعة: أمر البيع بين بائع ومشترٍ، وتحته الإرساليات، كلٌّ منها بخطاب اعتماد واحد أو أمر شراء واحد، مع المستلم في البوليصة الذي سيستلم البضاعة ومدير الشحنة الذي يتولاها. لا يُقيَّد شيء هنا في دفتر المخزون؛ وتضع الكميات الحدود التي تتحقق منها شاشتا الشحن والميناء لاحقًا.',
  ),
  screens: [
    {
      menu: 'saleOrder',
      title: label('procurement.saleOrders'),
      purpose: tx(
        'The list of sale orders with their quantity, what the LCs under them take (LC quantity) and what remains; filters by seller, buyer, status and a search on the number. “Add sale order” and the edit action open the form in a drawer; the documents action opens the order’s documents.',
        'قائمة أوامر البيع مع كميتها وما تأخذه الاعتمادات تحتها (كمية الاعتماد) والمتبقي؛ مع تصفية حسب البائع والمشتري والحالة وبحث بالرقم. يفتح «إضافة أمر بيع» وإجراء التعديل النموذج في درج جانبي؛ ويفتح إجراء المستندات مستندات الأمر.',
      ),
      shots: [
        shot('saleOrder', 'sale-orders-page', tx('A sale order of the demo agency open in its drawer.', 'أمر بيع من الوكالة التجريبية مفتوح في درجه الجانبي.'), [{ click: 'sale-order-edit' }, { waitFor: 'sale-order-drawer' }]),
      ],
      howTo: [
        tx('Open the screen from the menu and click “Add sale order”.', 'افتح الشاشة من القائمة وانقر «إضافة أمر بيع».'),
        tx('Enter the number, choose the seller, the buyer and the cargo type, the quantity and the order date; the delivery period and remarks are optional.', 'أدخل الرقم، واختر البائع والمشتري ونوع البضاعة، والكمية وتاريخ الأمر؛ وفترة التسليم والملاحظات اختيارية.'),
        tx('Save: the order is Active and can receive consignments.', 'احفظ: يصبح الأمر نشطًا ويمكن أن تُضاف تحته إرساليات.'),
      ],
      fields: [
        field('procurement.number', 'The sale order’s number, unique in the agency.', 'رقم أمر البيع، فريد في الوكالة.'),
        field('procurement.seller', 'An active seller company (Master Data, Seller).', 'شركة بائعة نشطة (البيانات الرئيسية، البائع).'),
        field('procurement.buyer', 'An active buyer company.', 'شركة مشترية نشطة.'),
        field('procurement.cargoType', 'The commodity; the consignments under the order take this cargo type. It cannot change once the order has consignments.', 'السلعة؛ وتأخذ الإرساليات تحت الأمر نوع البضاعة هذا. ولا يمكن تغييره بعد أن تكون للأمر إرساليات.'),
        field('procurement.quantity', 'The ordered quantity in metric tonnes (up to 3 decimals).', 'الكمية المطلوبة بالطن المتري (حتى 3 منازل عشرية).'),
        field('procurement.orderDate', 'The date of the order.', 'تاريخ الأمر.'),
        field('procurement.deliveryPeriod', 'Optional: the period the cargo is to be delivered in; its end may not be before its start.', 'اختياري: الفترة التي تُسلَّم فيها البضاعة؛ ولا تسبق نهايتها بدايتها.'),
      ],
      checks: [check(ProcurementMessages.saleOrderNumberTaken), check(Messages.saleOrderBelowLcs), check(ProcurementMessages.cargoTypeLocked), check(ProcurementMessages.deliveryPeriod), check(ProcurementMessages.saleOrderHasConsignments)],
      afterwards: [
        tx('A sale order is edited in its drawer; its quantity never goes below the sum of its live consignments.', 'يُعدَّل أمر البيع في درجه؛ ولا تقل كميته أبدًا عن مجموع إرسالياته القائمة.'),
        tx('It is reversed with a reason, and only while no active consignment stands under it.', 'يُعكس مع ذكر السبب، وفقط ما دام لا توجد تحته إرسالية نشطة.'),
      ],
    },
    {
      menu: 'consignments',
      title: label('procurement.consignments'),
      purpose: tx(
        'A consignment is the cargo of one LC or one PO under a sale order: its BL consignee and shipment manager decide who owns the cargo and who sees it. The list shows the LC/PO, the sale order, the consignee, the quantity and what the BLs already ship; totals above it follow the filters.',
        'الإرسالية هي بضاعة اعتماد مستندي واحد أو أمر شراء واحد تحت أمر بيع: يحدد المستلم في البوليصة ومدير الشحنة من يملك البضاعة ومن يراها. تعرض القائمة الاعتماد/أمر الشراء وأمر البيع والمستلم والكمية وما تشحنه البوالص بالفعل، وتتبع الإجماليات أعلاها عوامل التصفية.',
      ),
      shots: [
        shot('consignments', 'consignments-page', tx('The consignments of the demo season, one open in its drawer.', 'إرساليات الموسم التجريبي، وإحداها مفتوحة في درجها.'), [{ click: 'consignment-edit' }, { waitFor: 'consignment-drawer' }]),
      ],
      howTo: [
        tx('Click “Add consignment”, choose LC or PO and enter its number and ref number.', 'انقر «إضافة إرسالية»، واختر اعتمادًا أو أمر شراء وأدخل رقمه والرقم المرجعي.'),
        tx('Choose the sale order (its cargo type is taken over), the BL consignee and, when the consignee works through one, the shipment manager.', 'اختر أمر البيع (يُؤخذ نوع بضاعته)، والمستلم في البوليصة، ومدير الشحنة إن كان المستلم يعمل من خلاله.'),
        tx('Enter the quantity and save; attach the LC copy and other papers on the documents page.', 'أدخل الكمية واحفظ؛ وأرفق نسخة الاعتماد والأوراق الأخرى في صفحة المستندات.'),
      ],
      fields: [
        field('procurement.lcPoType', 'LC or PO: a consignment has exactly one of the two numbers.', 'اعتماد مستندي أو أمر شراء: للإرسالية رقم واحد فقط من الاثنين.'),
        field('procurement.lcPoNumber', 'The LC or PO number, unique in the agency.', 'رقم الاعتماد أو أمر الشراء، فريد في الوكالة.'),
        field('procurement.refNumber', 'The importer’s own reference.', 'المرجع الخاص بالمستورد.'),
        field('procurement.saleOrder', 'The sale order it draws on; the LCs of an order never exceed its quantity.', 'أمر البيع الذي تقوم عليه؛ ولا تتجاوز اعتمادات الأمر كميته.'),
        field('procurement.blConsignee', 'The consignee named on the BLs: the owner of the cargo when it is discharged.', 'المستلم المذكور في البوالص: مالك البضاعة عند تفريغها.'),
        field('procurement.shipmentManager', 'Optional: the shipment manager that handles the consignee’s cargo; its users see this consignment, and the consignee may lend to it.', 'اختياري: مدير الشحنة الذي يتولى بضاعة المستلم؛ يرى مستخدموه هذه الإرسالية، ويجوز للمستلم الإقراض له.'),
        field('procurement.quantity', 'The LC/PO quantity; never below what its BLs ship.', 'كمية الاعتماد/أمر الشراء؛ ولا تقل أبدًا عما تشحنه بوالصها.'),
      ],
      checks: [check(Messages.lcOrPoOnly), check(Messages.lcOrPoRequired), check(ProcurementMessages.lcPoTaken), check(Messages.saleOrderExceeded), check(Messages.lcBelowBl), check(ProcurementMessages.cargoTypeMismatch), check(Messages.consignmentHasPortLoading)],
      afterwards: [
        tx('A consignment is reversed with a reason; the reversal is refused while a shipment (BL) or a port loading stands on it.', 'تُعكس الإرسالية مع ذكر السبب؛ ويُرفض العكس ما دامت عليها شحنة (بوليصة) أو عملية تحميل من الميناء قائمة.'),
      ],
    },
    {
      menu: 'consignments',
      title: label('procurement.documents'),
      purpose: tx(
        'Each sale order and consignment has a documents page: upload a file (PDF, image, Word or Excel, up to the size the product settings allow), give it a title and attach it. Documents are listed with who uploaded them and when, downloaded from the list, and deleted with a reason (the file stays recorded as deleted).',
        'لكل أمر بيع وإرسالية صفحة مستندات: ارفع ملفًا (PDF أو صورة أو Word أو Excel، حتى الحجم الذي تسمح به إعدادات المنتج)، وأعطه عنوانًا وأرفقه. تُعرض المستندات مع من رفعها ومتى، وتُنزَّل من القائمة، وتُحذف مع ذكر السبب (ويبقى الملف مسجلًا محذوفًا).',
      ),
      shots: [shot('consignments', 'consignments-page', tx('The documents page of a consignment.', 'صفحة مستندات إرسالية.'), [{ click: 'consignment-documents' }, { waitFor: 'consignment-documents-page' }])],
      checks: [check(ProcurementMessages.documentAlreadyAttached), check(ProcurementMessages.documentFileUnknown)],
    },
  ],
};
