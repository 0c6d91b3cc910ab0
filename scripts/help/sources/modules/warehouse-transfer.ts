import { Messages, PortLoadingMessages, TransferSlipLinkMessages, WarehouseTransferMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label, menuPath } from '../../product';
import { check, field, shot } from '../guide';

const preIn = menuPath('warehouse-pre-in');
const warehouseIn = menuPath('warehouse-in');

/** Warehouse Transfer: one truck from a warehouse's stock to another warehouse, the same owner. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'warehouse-transfer',
  intro: tx(
    `A Warehouse Transfer is one truck trip that carries cargo from a stock position at one warehouse to another warehouse of the agency; the owner, LC/PO and vessel stay the same. The transfer is its own transfer slip, numbered and printed for the driver. The destination receives the truck like any other: ${preIn.en} weighs it in, ${warehouseIn.en} weighs it out and puts the net into silos or the open area.`,
    `النقل بين المستودعات رحلة شاحنة واحدة تحمل بضاعة من موضع مخزون في مستودع إلى مستودع آخر في الوكالة؛ ويبقى المالك والاعتماد/أمر الشراء والسفينة كما هي. والنقل هو إذن النقل الخاص به، برقم تسلسلي ويُطبع للسائق. وتستلم الوجهة الشاحنة كأي شاحنة أخرى: يزنها «${preIn.ar}» عند الدخول، ويزنها «${warehouseIn.ar}» عند الخروج ويضع الصافي في الصوامع أو المنطقة المفتوحة.`,
  ),
  screens: [
    {
      menu: 'warehouseTransfer',
      title: label('warehouseTransfer.title'),
      purpose: tx(
        'The list shows each transfer’s slip number, time, from and to warehouse, owner, LC/PO, truck, WBT number, quantity, and whether it is in transit or received, with filters by dates, warehouses, consignment, owner, truck, delivery and status, and the Excel export. Each row prints its transfer slip; edit and reverse follow the rules below.',
        'تعرض القائمة لكل نقل رقم الإذن والوقت والمستودع المُرسِل والمستقبِل والمالك والاعتماد/أمر الشراء والشاحنة ورقم تذكرة الميزان والكمية، وهل هو في الطريق أم مُستلَم، مع تصفية حسب التواريخ والمستودعات والإرسالية والمالك والشاحنة والتسليم والحالة، والتصدير إلى Excel. يطبع كل سطر إذن النقل الخاص به، ويخضع التعديل والعكس للقواعد أدناه.',
      ),
      shots: [
        shot('warehouseTransfer/add', 'warehouse-transfer-form', tx('A transfer from Jeddah Grain Terminal to KAP Silo Complex: the position, the destination and the truck.', 'نقل من Jeddah Grain Terminal إلى KAP Silo Complex: الموضع والوجهة والشاحنة.'), [
          { pick: 'wtr-from', option: 'Jeddah Grain Terminal' },
          { pick: 'wtr-position', option: 'Arabian Milling Company' },
          { pick: 'wtr-to', option: 'KAP Silo Complex' },
          { pick: 'wtr-truck', option: 'JED 4821' },
          { pick: 'wtr-driver', option: 'Mohammed Al-Sulami' },
          { fill: 'wtr-wbt', value: 'JGT-OUT-5521' },
          { fill: 'wtr-quantity', value: '36.5' },
        ]),
        shot('warehouseTransfer', 'warehouse-transfer-page', tx('A transfer slip as the driver carries it, English and Arabic side by side.', 'إذن نقل كما يحمله السائق، بالإنجليزية والعربية جنبًا إلى جنب.'), [{ click: 'wtr-print' }, { waitFor: 'tslip-sheet' }]),
      ],
      howTo: [
        tx('Click Add, choose the warehouse the cargo leaves and the stock position (silo or open area, owner, LC/PO, usable).', 'انقر «إضافة»، واختر المستودع الذي تغادره البضاعة وموضع المخزون (الصومعة أو المنطقة المفتوحة، المالك، الاعتماد/أمر الشراء، المتاح).'),
        tx('Choose the destination warehouse, the truck, the driver, the WBT number and the quantity; save. Print the transfer slip from the list.', 'اختر المستودع المستقبِل والشاحنة والسائق ورقم تذكرة الميزان والكمية؛ واحفظ. واطبع إذن النقل من القائمة.'),
        tx(`At the destination, receive the truck on ${preIn.en} and ${warehouseIn.en} (slip type “Transfer slip”).`, `في الوجهة، استلم الشاحنة في «${preIn.ar}» و«${warehouseIn.ar}» (نوع الإيصال «إذن نقل»).`),
      ],
      fields: [
        field('warehouseTransfer.fromWarehouse', 'One of your warehouses.', 'أحد مستودعاتك.'),
        field('warehouseDispatch.position', 'The stock the truck takes: silo or open area, owner, LC/PO, cargo type, with its usable quantity.', 'المخزون الذي تأخذه الشاحنة: الصومعة أو المنطقة المفتوحة، والمالك، والاعتماد/أمر الشراء، ونوع البضاعة، مع الكمية المتاحة.'),
        field('warehouseTransfer.toWarehouse', 'Another warehouse of the agency in your scope (not a consignee’s or customer’s site).', 'مستودع آخر في الوكالة ضمن نطاقك (ليس موقع مستلم أو عميل).'),
        field('warehouseDispatch.truck', 'Any active truck allowed by the truck rules; the quantity may not exceed its capacity.', 'أي شاحنة نشطة تسمح بها قواعد الشاحنات؛ ولا تتجاوز الكمية سعتها.'),
        field('warehouseDispatch.driver', 'An active driver allowed by the driver rules.', 'سائق نشط تسمح به قواعد السائقين.'),
        field('warehouseTransfer.wbtNumber', 'The weighbridge ticket of the loaded truck, unique among live transfer slips.', 'تذكرة ميزان الشاحنة المحمّلة، فريدة بين أذونات النقل القائمة.'),
        field('cargo.quantityMt', 'The quantity on the truck; never above the position’s usable quantity.', 'الكمية على الشاحنة؛ ولا تتجاوز المتاح في الموضع.'),
      ],
      checks: [check(WarehouseTransferMessages.sameWarehouse), check(WarehouseTransferMessages.cargoBlockedOut), check(PortLoadingMessages.wbtTaken), check(Messages.quantityNotAvailable), check(WarehouseTransferMessages.inPreIn), check(TransferSlipLinkMessages.inWarehouseIn)],
      ledger: tx(
        'Saving takes the quantity off the position into the truck (ON_HAND of the source warehouse → IN_TRANSIT of the trip, same owner, LC/PO and vessel). The destination’s Warehouse In puts what it received on hand there (IN_TRANSIT → ON_HAND), the rest being transit loss. An edit of the quantity reverses and reposts on the same trip.',
        'يأخذ الحفظ الكمية من الموضع إلى الشاحنة (في المخزون للمستودع المُرسِل ← في الطريق للرحلة، بالمالك والاعتماد/أمر الشراء والسفينة نفسها). ويضع «دخول المستودع» في الوجهة ما استلمه في مخزونها (في الطريق ← في المخزون)، والباقي فاقد نقل. ويعكس تعديل الكمية القيد ويعيده على الرحلة نفسها.',
      ),
      afterwards: [
        tx('The truck, driver, WBT number, quantity and remarks can be edited, and the transfer reversed with a reason, until the destination weighs the truck in: then reverse the Warehouse Pre In (and Warehouse In) first.', 'يمكن تعديل الشاحنة والسائق ورقم التذكرة والكمية والملاحظات، وعكس النقل مع ذكر السبب، حتى تزن الوجهة الشاحنة عند الدخول: وعندها اعكس «ما قبل دخول المستودع» (و«دخول المستودع») أولًا.'),
      ],
    },
  ],
};
