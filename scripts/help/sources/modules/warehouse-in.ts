import { Messages, OutboundWeighingMessages, ReceivingMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** Warehouse Pre In and Warehouse In: a truck weighed in loaded, then empty, its net put into silos or the open area. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'warehouse-in',
  intro: tx(
    'A truck arriving at a warehouse is received in two weighings on the warehouse’s weighbridge. Warehouse Pre In weighs it loaded against its slip in transit (a port loading slip, a warehouse loading slip of another warehouse, or a transfer slip of a transfer, loan or sale); Warehouse In weighs it empty, computes what was received and puts it into silos or the open area. The weight is always taken from the weighbridge by the server at the moment of saving, never typed (except a manual weight by a user allowed to, with a reason).',
    'تُستلم الشاحنة الواصلة إلى مستودع بوزنتين على ميزان المستودع. يزنها «ما قبل دخول المستودع» محمّلة مقابل إيصالها الذي في الطريق (إيصال تحميل من الميناء، أو إيصال تحميل من مستودع آخر، أو إذن نقل لنقل أو قرض أو بيع)؛ ويزنها «دخول المستودع» فارغة، ويحسب ما استُلم ويضعه في الصوامع أو المنطقة المفتوحة. يأخذ الخادم الوزن دائمًا من الميزان لحظة الحفظ ولا يُكتب يدويًا (إلا الوزن اليدوي لمستخدم مسموح له، مع ذكر السبب).',
  ),
  screens: [
    {
      menu: 'warehouse-pre-in',
      title: label('receiving.preInTitle'),
      purpose: tx(
        'Add: choose the warehouse and the slip in transit to it (type, number, plate and quantity); the truck and driver are taken from the slip and can be corrected; choose the weighbridge. The live weight shows beside the form, and “Capture and save” is enabled only while the weight is stable on the bridge. The Pre In gets a ticket number of the warehouse.',
        'الإضافة: اختر المستودع والإيصال الذي في الطريق إليه (النوع والرقم واللوحة والكمية)؛ تؤخذ الشاحنة والسائق من الإيصال ويمكن تصحيحهما؛ واختر الميزان. يظهر الوزن المباشر بجانب النموذج، ولا يُفعَّل «التقاط وحفظ» إلا ما دام الوزن مستقرًا على الميزان. ويحصل «ما قبل الدخول» على رقم تذكرة من المستودع.',
      ),
      shots: [
        shot('warehouse-pre-in/add', 'pre-in-form', tx('A truck on the road to Jeddah Grain Terminal chosen; the inbound weighbridge’s live weight beside.', 'شاحنة في الطريق إلى Jeddah Grain Terminal مختارة؛ والوزن المباشر لميزان الدخول بجانبها.'), [
          { pick: 'pre-in-warehouse', option: 'Jeddah Grain Terminal' },
          { pick: 'pre-in-slip', option: '·' },
          { pick: 'first-machine', option: 'WB-JGT-01' },
          { waitFor: 'live-kg' },
        ]),
      ],
      fields: [
        field('receiving.warehouse', 'The warehouse the truck arrives at, among your warehouses.', 'المستودع الذي تصل إليه الشاحنة، من مستودعاتك.'),
        field('receiving.slip', 'A slip in transit to this warehouse with no Pre In yet.', 'إيصال في الطريق إلى هذا المستودع وليس له «ما قبل دخول» بعد.'),
        field('receiving.weighbridge', 'A weighbridge of the warehouse; its live weight is shown and captured.', 'ميزان للمستودع؛ ويُعرض وزنه المباشر ويُلتقط.'),
        field('outboundWeighing.manualSwitch', 'Only with the manual weight permission: the weight typed in kg with a reason; marked MANUAL in lists, exports and tickets.', 'فقط بصلاحية الوزن اليدوي: يُكتب الوزن بالكيلوغرام مع السبب؛ ويُوسَم «يدوي» في القوائم والتصدير والتذاكر.'),
      ],
      checks: [check(ReceivingMessages.slipNotForWarehouse), check(ReceivingMessages.slipHasPreIn), check(OutboundWeighingMessages.offline), check(OutboundWeighingMessages.motion), check(OutboundWeighingMessages.noReturnToZero)],
      ledger: tx('Nothing is posted: the Pre In records the loaded weight. It locks the slip, so the slip’s own record can no longer be edited or reversed.', 'لا يُقيَّد شيء: يسجّل «ما قبل الدخول» الوزن المحمّل. ويقفل الإيصال، فلا يمكن بعد ذلك تعديل سجل الإيصال نفسه أو عكسه.'),
    },
    {
      menu: 'warehouse-in',
      title: label('receiving.inTitle'),
      purpose: tx(
        'Add: choose the open Pre In by its ticket (plate, warehouse, slip) and the weighbridge; the loaded weight and the slip are shown. Choose the storage: the open area, or silos with a share for each (the shares must add up to the received quantity, each silo within its capacity). “Capture and save” weighs the empty truck: received = loaded − empty, and the difference to the slip is the transit loss (a small gain is possible).',
        'الإضافة: اختر «ما قبل الدخول» المفتوح بتذكرته (اللوحة والمستودع والإيصال) والميزان؛ ويُعرض الوزن المحمّل والإيصال. اختر التخزين: المنطقة المفتوحة، أو الصوامع مع حصة لكل صومعة (يجب أن تساوي الحصص الكمية المستلمة، وكل صومعة ضمن سعتها). يزن «التقاط وحفظ» الشاحنة فارغة: المستلَم = المحمّل − الفارغ، والفرق عن الإيصال هو فاقد النقل (وقد تكون زيادة صغيرة).',
      ),
      shots: [
        shot('warehouse-in', 'warehouse-in-page', tx('The receipts of the demo season.', 'عمليات الاستلام في الموسم التجريبي.')),
        shot('warehouse-in', 'warehouse-in-page', tx('A Warehouse In: its weighings, what was received and the transit loss; its storage and silo shares can still be corrected.', 'دخول مستودع: وزناته وما استُلم وفاقد النقل؛ ويمكن تصحيح تخزينه وحصص صوامعه.'), [{ click: 'wi-edit' }, { waitFor: 'in-received' }]),
      ],
      fields: [
        field('receiving.ticketNumber', 'The open Pre In of the truck.', '«ما قبل الدخول» المفتوح للشاحنة.'),
        field('receiving.storage', 'Silos or the open area, as the warehouse’s storage type allows.', 'الصوامع أو المنطقة المفتوحة، بحسب نوع تخزين المستودع.'),
        field('receiving.silo', 'Each silo of the warehouse once, with its quantity; the total must equal the received quantity.', 'كل صومعة من صوامع المستودع مرة واحدة مع كميتها؛ ويجب أن يساوي المجموع الكمية المستلمة.'),
        field('receiving.transitLoss', 'Slip quantity − received: posted to transit loss.', 'كمية الإيصال − المستلَم: تُقيَّد في فاقد النقل.'),
      ],
      checks: [check(ReceivingMessages.siloSum), check(ReceivingMessages.siloFull), check(ReceivingMessages.cargoBlockedIn), check(ReceivingMessages.cargoCapExceeded), check(ReceivingMessages.preInReceived), check(Messages.quantityNotAvailable)],
      ledger: tx(
        'One posting: the slip’s truck is emptied (IN_TRANSIT − slip quantity), the received quantity goes on hand in each silo or the open area with the slip’s owner, LC/PO and vessel (ON_HAND +), and the difference goes to transit loss. The slip is marked received, so its dispatch can no longer be reversed.',
        'قيد واحد: تُفرَّغ شاحنة الإيصال (في الطريق − كمية الإيصال)، وتدخل الكمية المستلمة المخزون في كل صومعة أو المنطقة المفتوحة بمالك الإيصال واعتماده/أمر شرائه وسفينته (في المخزون +)، ويذهب الفرق إلى فاقد النقل. ويُعلَّم الإيصال مُستلَمًا، فلا يمكن بعد ذلك عكس إرساله.',
      ),
      afterwards: [
        tx('The weights never change. A Warehouse In’s storage, silos and remarks can be edited (the posting is reversed and posted again); its reversal, with a reason, is refused once the received cargo has moved on. A past In is corrected on its correction page (typed empty weight and silos, with a reason).', 'لا تتغير الأوزان أبدًا. يمكن تعديل تخزين «دخول المستودع» وصوامعه وملاحظاته (يُعكس القيد ويُقيَّد من جديد)؛ ويُرفض عكسه مع ذكر السبب إذا تحركت البضاعة المستلمة. ويُصحَّح الدخول السابق في صفحة التصحيح الخاصة به (وزن فارغ مكتوب وصوامع، مع ذكر السبب).'),
        tx('A Pre In is reversed with a reason while no Warehouse In took it; only its driver and remarks can be edited.', 'يُعكس «ما قبل الدخول» مع ذكر السبب ما دام لم يأخذه «دخول مستودع»؛ ولا يمكن تعديل إلا سائقه وملاحظاته.'),
      ],
    },
  ],
};
