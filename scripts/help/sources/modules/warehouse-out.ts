import { Messages, OutboundWeighingMessages, WarehouseDispatchMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** Warehouse Pre Out, the outbound weighings and Warehouse Out: a truck loaded at a warehouse and dispatched. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'warehouse-out',
  intro: tx(
    'A truck leaves a warehouse in four screens: Warehouse Pre Out commits a quantity of a stock position for the truck; Outbound First Weight weighs it empty and Outbound Second Weight loaded on the warehouse’s weighbridge; Warehouse Out dispatches it with the net of its second weight to another warehouse, a consignee location or a customer location. The Out is the truck’s warehouse loading slip; the destination receives it on Warehouse Pre In / In, Consignee In or Customer In.',
    'تغادر الشاحنة المستودع عبر أربع شاشات: يلتزم «ما قبل خروج المستودع» بكمية من موضع مخزون للشاحنة؛ ويزنها «الوزن الأول للخروج» فارغة و«الوزن الثاني للخروج» محمّلة على ميزان المستودع؛ ويرسلها «خروج المستودع» بصافي وزنها الثاني إلى مستودع آخر أو موقع مستلم أو موقع عميل. والخروج هو إيصال تحميل المستودع للشاحنة؛ وتستلمه الوجهة في «ما قبل دخول المستودع» / «دخول المستودع» أو «دخول المستلم» أو «دخول العميل».',
  ),
  screens: [
    {
      menu: 'warehouse-pre-out',
      title: label('warehouseDispatch.preOutTitle'),
      purpose: tx(
        'Add: the warehouse, the stock position (silo or open area, owner, LC/PO, cargo type and usable, with its on hand and committed shown), the truck, the driver and the quantity. The list shows the open and delivered Pre Outs.',
        'الإضافة: المستودع، وموضع المخزون (الصومعة أو المنطقة المفتوحة، المالك، الاعتماد/أمر الشراء، نوع البضاعة والمتاح، مع عرض المخزون والملتزم به)، والشاحنة والسائق والكمية. وتعرض القائمة عمليات ما قبل الخروج المفتوحة والمُسلَّمة.',
      ),
      shots: [
        shot('warehouse-pre-out/add', 'pre-out-form', tx('A Pre Out of 18 MT for truck JED 7310 at Jeddah Grain Terminal.', 'ما قبل خروج بـ 18 طنًا للشاحنة JED 7310 في Jeddah Grain Terminal.'), [
          { pick: 'po-warehouse', option: 'Jeddah Grain Terminal' },
          { pick: 'po-position', option: 'Wheat' },
          { pick: 'po-truck', option: 'JED 7310', typed: 'JED 7310' },
          { pick: 'po-driver', option: 'Imran Khan', typed: 'Imran' },
          { fill: 'po-quantity', value: '18' },
        ]),
      ],
      fields: [
        field('warehouseDispatch.position', 'The stock the truck will take; the quantity is committed on it.', 'المخزون الذي ستأخذه الشاحنة؛ وتُلتزم الكمية عليه.'),
        field('warehouseDispatch.truck', 'An active truck allowed by the truck rules, within its capacity.', 'شاحنة نشطة تسمح بها قواعد الشاحنات، ضمن سعتها.'),
        field('warehouseDispatch.driver', 'An active driver allowed by the driver rules.', 'سائق نشط تسمح به قواعد السائقين.'),
        field('cargo.quantityMt', 'The quantity to load; never above the position’s usable quantity.', 'الكمية المراد تحميلها؛ ولا تتجاوز المتاح في الموضع.'),
      ],
      checks: [check(Messages.quantityNotAvailable), check(WarehouseDispatchMessages.cargoBlockedOut), check(WarehouseDispatchMessages.preOutDelivered)],
      ledger: tx('The quantity is committed on the position: it stays on hand, but usable (= on hand − committed) falls, so no other screen can take it.', 'تُلتزم الكمية على الموضع: تبقى في المخزون، لكن المتاح (= المخزون − الملتزم به) ينقص، فلا تأخذها شاشة أخرى.'),
      afterwards: [tx('A Pre Out can be edited (an edit re-commits) or reversed with a reason while no Warehouse Out delivered it.', 'يمكن تعديل «ما قبل الخروج» (يعيد التعديل الالتزام) أو عكسه مع ذكر السبب ما دام لم يُسلِّمه «خروج مستودع».')],
    },
    {
      menu: 'outbound-second-weight',
      title: tx(`${label('outboundWeighing.firstTitle').en} / ${label('outboundWeighing.secondTitle').en}`, `${label('outboundWeighing.firstTitle').ar} / ${label('outboundWeighing.secondTitle').ar}`),
      purpose: tx(
        'The truck is weighed on the warehouse’s outbound weighbridge, empty (First Weight: truck, driver, warehouse, weighbridge) and then loaded (Second Weight: the open first weight of the truck). Each weight is captured by the server from the bridge when it is stable; the second gives the net, printed on the weighbridge ticket with the cameras’ pictures.',
        'تُوزن الشاحنة على ميزان خروج المستودع، فارغة (الوزن الأول: الشاحنة والسائق والمستودع والميزان) ثم محمّلة (الوزن الثاني: الوزن الأول المفتوح للشاحنة). يلتقط الخادم كل وزن من الميزان عند استقراره؛ ويعطي الوزن الثاني الصافي، ويُطبع على تذكرة الميزان مع صور الكاميرات.',
      ),
      shots: [shot('outbound-second-weight/add', 'second-weight-form', tx('The second weight of the truck queued at Gate 3: its first weight and the bridge’s live weight.', 'الوزن الثاني للشاحنة المنتظرة عند البوابة 3: وزنها الأول والوزن المباشر للميزان.'), [{ pick: 'second-first-weight', option: 'JED 4821' }, { waitFor: 'live-kg' }])],
      checks: [check(OutboundWeighingMessages.sameTruck), check(OutboundWeighingMessages.minDifference), check(OutboundWeighingMessages.firstWeightClosed), check(OutboundWeighingMessages.aboveMaxGross)],
      ledger: tx('Nothing is posted: the weighings feed the Warehouse Out.', 'لا يُقيَّد شيء: تغذّي الوزنات «خروج المستودع».'),
    },
    {
      menu: 'warehouse-out',
      title: label('warehouseDispatch.outTitle'),
      purpose: tx(
        'Add: the open Pre Out (its quantity shown), the truck’s second weight (its net, the WBQ), the destination type (another warehouse, a consignee location or a customer location) and the destination. Saving dispatches the truck and numbers its warehouse loading slip; the list prints it.',
        'الإضافة: «ما قبل الخروج» المفتوح (وتُعرض كميته)، والوزن الثاني للشاحنة (صافيه، كمية الميزان)، ونوع الوجهة (مستودع آخر أو موقع مستلم أو موقع عميل) والوجهة. يرسل الحفظ الشاحنة ويرقّم إيصال تحميل المستودع الخاص بها، وتطبعه القائمة.',
      ),
      shots: [
        shot('warehouse-out/add', 'warehouse-out-form', tx('The Out of the queued truck: its Pre Out chosen, a consignee’s mill as destination; the second weight follows once the truck is loaded.', 'خروج الشاحنة المنتظرة: «ما قبل الخروج» الخاص بها مختار، ومطحنة مستلم وجهةً؛ ويأتي الوزن الثاني عند تحميل الشاحنة.'), [
          { pick: 'wo-pre-out', option: 'JED 4821' },
          { click: 'wo-destination-consignee' },
          { pick: 'wo-to-consignee', option: 'AMC Riyadh Mill' },
        ]),
        shot('warehouse-out', 'warehouse-out-page', tx('A warehouse loading slip, English and Arabic side by side.', 'إيصال تحميل مستودع، بالإنجليزية والعربية جنبًا إلى جنب.'), [{ click: 'wo-print' }, { waitFor: 'wslip-sheet' }]),
      ],
      fields: [
        field('warehouseDispatch.preOut', 'An open Pre Out of your warehouses.', '«ما قبل خروج» مفتوح في مستودعاتك.'),
        field('warehouseDispatch.secondWeight', 'The second weight of the Pre Out’s truck at the Pre Out’s warehouse, not used by another Out.', 'الوزن الثاني لشاحنة «ما قبل الخروج» في مستودعه، غير المستخدم في خروج آخر.'),
        field('warehouseDispatch.net', 'The quantity dispatched: the second weight’s net; not below the Pre Out’s quantity.', 'الكمية المُرسَلة: صافي الوزن الثاني؛ ولا تقل عن كمية «ما قبل الخروج».'),
        field('warehouseDispatch.destinationType', 'Another warehouse (not the one it leaves), a consignee location or a customer location.', 'مستودع آخر (غير الذي تغادره)، أو موقع مستلم، أو موقع عميل.'),
      ],
      checks: [check(WarehouseDispatchMessages.wbqBelowPreOut), check(WarehouseDispatchMessages.preOutTruckMismatch), check(WarehouseDispatchMessages.preOutWarehouseMismatch), check(WarehouseDispatchMessages.secondWeightUsed), check(WarehouseDispatchMessages.destinationSameWarehouse), check(WarehouseDispatchMessages.cargoBlockedOut)],
      ledger: tx(
        'One posting: the net leaves the position and its commitment is released (ON_HAND − net, committed − Pre Out quantity) into the truck (IN_TRANSIT of the new trip, same owner, LC/PO and vessel). The destination’s receipt puts it on hand there.',
        'قيد واحد: يغادر الصافي الموضع ويُحرَّر التزامه (في المخزون − الصافي، والملتزم به − كمية ما قبل الخروج) إلى الشاحنة (في الطريق للرحلة الجديدة، بالمالك والاعتماد/أمر الشراء والسفينة نفسها). ويضعه الاستلام في الوجهة في مخزونها.',
      ),
      afterwards: [
        tx('An Out’s remarks can be edited; it is reversed with a reason until the destination receives it; a past Out is corrected on its correction page (its net and destination, with a reason) while not received. Warehouse Out Grouped sends many trucks of one position to one destination with the same screens’ checks.', 'يمكن تعديل ملاحظات الخروج؛ ويُعكس مع ذكر السبب حتى تستلمه الوجهة؛ ويُصحَّح الخروج السابق في صفحة التصحيح الخاصة به (صافيه ووجهته، مع ذكر السبب) ما دام لم يُستلم. ويرسل «خروج المستودع المجمّع» شاحنات كثيرة من موضع واحد إلى وجهة واحدة بالتحققات نفسها.'),
      ],
    },
  ],
};
