import { tx, type FlowDiagramSource } from '../../model';
import { demo, owners, places } from '../demo';
import { loanNotes } from '../steps';

const terminal = 'terminal';
const at = (owner: 'amc' | 'rsgl' | 'hfm' | 'bakeries') => ({ place: terminal, owner });

/** The case of e2e/specs/loan-flow-diagram.spec.ts: a loan in one warehouse, paid back with help of a transfer and a swap. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-consignee-to-sm-loan-ownership-transfer-swap-cargo-same-warehouse',
  summary: tx(
    'A consignee lends wheat to its shipment manager inside one warehouse. The shipment manager sells part of it to a customer, then pays the loan back: another consignee of the same manager hands it cargo (Ownership Transfer), it swaps that cargo for the lender’s own wheat in another silo (Swap Cargo), and returns the rest of the loaned cargo in place and the swapped cargo from its other stock. Nothing leaves the warehouse after it was received: every step after the receipts changes owners only.',
    'يُقرض مستلمٌ القمحَ لمدير الشحنة التابع له داخل مستودع واحد. يبيع مدير الشحنة جزءًا منه لعميل، ثم يسدّد القرض: يسلّمه مستلمٌ آخر تابع للمدير نفسه بضاعة (نقل الملكية)، فيبادل تلك البضاعة بقمح المُقرض نفسه في صومعة أخرى (مبادلة البضائع)، ثم يُرجع ما تبقى من البضاعة المُقرَضة في مكانها والبضاعة المُبادَلة من مخزونه الآخر. لا يغادر شيء المستودع بعد استلامه: كل خطوة بعد الاستلام تغيّر المالك فقط.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal },
  owners: { amc: owners.amc, rsgl: owners.rsgl, hfm: owners.hfm, bakeries: owners.bakeries },
  steps: [
    {
      screens: ['shipping'],
      title: tx('Two BLs on the vessel', 'بوليصتا شحن على السفينة'),
      text: tx(
        `The BLs ‹${demo.amcBl}› (LC ‹${demo.amcLc}›, consignee Arabian Milling Company) and ‹${demo.hfmBl}› (LC ‹${demo.hfmLc}›, consignee Hejaz Flour Mills) are entered on MV Desert Falcon, voyage 2611W. Both consignees have the same shipment manager, Red Sea Grain Logistics (set on the consignee and on the consignment).`,
        `تُسجَّل البوليصتان ‹${demo.amcBl}› (الاعتماد ‹${demo.amcLc}›، المستلم Arabian Milling Company) و‹${demo.hfmBl}› (الاعتماد ‹${demo.hfmLc}›، المستلم Hejaz Flour Mills) على السفينة MV Desert Falcon، الرحلة 2611W. للمستلمَين مدير الشحنة نفسه، Red Sea Grain Logistics (محدد في المستلم وفي الإرسالية).`,
      ),
      moves: [
        { from: 'bl', to: { place: 'falcon', owner: 'amc' }, quantity: '24500', by: 'bl' },
        { from: 'bl', to: { place: 'falcon', owner: 'hfm' }, quantity: '20000', by: 'bl' },
      ],
    },
    {
      screens: ['portLoading', 'loadingSlips'],
      title: tx('Trucks load both BLs for the terminal', 'الشاحنات تحمّل البوليصتين إلى المحطة'),
      text: tx(
        'Two port loadings of quantity type BL with the destination Jeddah Grain Terminal (transportation type Warehouse Storage), one per BL; each truck is a loading slip added on the port loading’s page (truck, driver, WBT number, quantity). Here 300 MT of the mill’s wheat and 100 MT of the other mill’s.',
        'عمليتا تحميل من الميناء بنوع الكمية «بوليصة» إلى Jeddah Grain Terminal (نوع النقل: تخزين في المستودع)، واحدة لكل بوليصة؛ كل شاحنة إيصال تحميل يُضاف في صفحة عملية التحميل (الشاحنة والسائق ورقم تذكرة الميزان والكمية). هنا 300 طن متري من قمح المطحنة الأولى و100 طن متري من قمح المطحنة الأخرى.',
      ),
      moves: [
        { id: 'amcIn', from: { place: 'falcon', owner: 'amc' }, to: at('amc'), quantity: '300', by: 'truck' },
        { id: 'hfmIn', from: { place: 'falcon', owner: 'hfm' }, to: at('hfm'), quantity: '100', by: 'truck' },
      ],
    },
    {
      screens: ['warehouse-pre-in', 'warehouse-in'],
      title: tx('The terminal receives the mill’s trucks into its silos', 'المحطة تستلم شاحنات المطحنة في صوامعها'),
      text: tx(
        'Each truck is weighed in loaded on Warehouse Pre In and weighed out empty on Warehouse In, which splits the net into Silo A1 and Silo A2. The cargo is on hand there, owned by Arabian Milling Company.',
        'تُوزن كل شاحنة محمّلة في «ما قبل دخول المستودع» ثم فارغة في «دخول المستودع»، الذي يوزّع الصافي على Silo A1 وSilo A2. تصبح البضاعة في مخزون المحطة، ملكًا لـ Arabian Milling Company.',
      ),
      receives: 'amcIn',
    },
    {
      screens: ['warehouse-pre-in', 'warehouse-in'],
      title: tx('… and the other mill’s into the open area', '… وشاحنات المطحنة الأخرى في المنطقة المفتوحة'),
      text: tx('The same two weighings; Warehouse In puts this wheat in the open area, owned by Hejaz Flour Mills.', 'الوزنتان نفسهما؛ يضع «دخول المستودع» هذا القمح في المنطقة المفتوحة، ملكًا لـ Hejaz Flour Mills.'),
      receives: 'hfmIn',
    },
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('The mill lends 9 MT to its shipment manager', 'المطحنة تُقرض 9 أطنان لمدير الشحنة'),
      text: tx(
        'Consignee to SM, place “In a warehouse”: warehouse Jeddah Grain Terminal, the stock position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, quantity 9. The borrower is the consignee’s own shipment manager. The loan (L) is issued at once: outstanding 9 MT.',
        'من المستلم إلى مدير الشحنة، المكان «في مستودع»: المستودع Jeddah Grain Terminal، موضع المخزون «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، الكمية 9. المقترض هو مدير الشحنة التابع للمستلم نفسه. يُسجَّل القرض (L) فورًا: المتبقي 9 أطنان.',
      ),
      moves: [{ from: at('amc'), to: at('rsgl'), quantity: '9', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['warehouse/consignee-to-customer'],
      title: tx('The shipment manager sells 3 MT to a customer', 'مدير الشحنة يبيع 3 أطنان لعميل'),
      text: tx(
        'Consignee to Customer: the seller is Red Sea Grain Logistics (a shipment manager may sell what it holds), its position in Silo A1, the customer Makkah Bakeries Cooperative, quantity 3, delivery “In place”. The customer owns the 3 MT where they lie. A sale is not a loan: nothing comes back.',
        'من المستلم إلى العميل: البائع Red Sea Grain Logistics (يجوز لمدير الشحنة بيع ما لديه)، مخزونه في Silo A1، العميل Makkah Bakeries Cooperative، الكمية 3، التسليم «في مكانها». يملك العميل الأطنان الثلاثة حيث هي. البيع ليس قرضًا: لا يُرجَع شيء.',
      ),
      moves: [{ from: at('rsgl'), to: at('bakeries'), quantity: '3', by: 'inPlace' }],
    },
    {
      screens: ['ownershipTransfer'],
      title: tx('The other mill hands 3 MT to the shipment manager', 'المطحنة الأخرى تسلّم 3 أطنان لمدير الشحنة'),
      text: tx(
        'Ownership Transfer, place type Warehouse: Jeddah Grain Terminal, the position “open area · Hejaz Flour Mills · LC-SNB-2026-0377”, new owner Red Sea Grain Logistics, quantity 3. The cargo stays in the open area, with its LC and vessel.',
        'نقل الملكية، نوع المكان «مستودع»: Jeddah Grain Terminal، الموضع «منطقة مفتوحة · Hejaz Flour Mills · LC-SNB-2026-0377»، المالك الجديد Red Sea Grain Logistics، الكمية 3. تبقى البضاعة في المنطقة المفتوحة، بالاعتماد والسفينة نفسيهما.',
      ),
      moves: [{ from: at('hfm'), to: at('rsgl'), quantity: '3', by: 'inPlace' }],
    },
    {
      screens: ['swapCargo'],
      title: tx('Swap: the manager’s 3 MT for the lender’s 3 MT in Silo A2', 'مبادلة: 3 أطنان لدى المدير مقابل 3 أطنان للمُقرض في Silo A2'),
      text: tx(
        'Swap Cargo: first owner’s stock “open area · Red Sea Grain Logistics · LC-SNB-2026-0377”, second owner’s stock “Silo A2 · Arabian Milling Company · LC-NCB-2026-0412”, quantity each side gives 3. One posting of four lines: each owner takes the other’s cargo where it lies, same quantity, same cargo type.',
        'مبادلة البضائع: مخزون المالك الأول «منطقة مفتوحة · Red Sea Grain Logistics · LC-SNB-2026-0377»، مخزون المالك الثاني «Silo A2 · Arabian Milling Company · LC-NCB-2026-0412»، الكمية التي يعطيها كل طرف 3. قيد واحد من أربعة أسطر: يأخذ كل مالك بضاعة الآخر حيث هي، بالكمية نفسها ونوع البضاعة نفسه.',
      ),
      moves: [
        { from: at('rsgl'), to: at('amc'), quantity: '3', by: 'inPlace' },
        { from: at('amc'), to: at('rsgl'), quantity: '3', by: 'inPlace' },
      ],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('6 MT back from the loaned cargo', 'إرجاع 6 أطنان من البضاعة المُقرَضة'),
      text: tx(
        'SM to Consignee: the loan (outstanding 9 MT), return from “The loaned cargo”, quantity 6. The wheat goes back to the mill in Silo A1, where it was lent. Outstanding: 3 MT.',
        'من مدير الشحنة إلى المستلم: القرض (المتبقي 9 أطنان)، الإرجاع من «البضاعة المُقرَضة»، الكمية 6. يعود القمح إلى المطحنة في Silo A1 حيث أُقرض. المتبقي: 3 أطنان.',
      ),
      moves: [{ from: at('rsgl'), to: at('amc'), quantity: '6', by: 'inPlace', loan: 'returned' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('3 MT back from the manager’s other cargo', 'إرجاع 3 أطنان من بضاعة المدير الأخرى'),
      text: tx(
        'SM to Consignee: the same loan, return from “Other cargo of the shipment manager”, the cargo returned “Jeddah Grain Terminal · Silo A2 · LC-NCB-2026-0412” (what the swap gave it), quantity 3. The mill receives it where it lies, attached to the loan’s vessel. Outstanding: 0.',
        'من مدير الشحنة إلى المستلم: القرض نفسه، الإرجاع من «بضاعة أخرى لمدير الشحنة»، البضاعة المُرجَعة «Jeddah Grain Terminal · Silo A2 · LC-NCB-2026-0412» (ما أعطته المبادلة)، الكمية 3. تستلمها المطحنة حيث هي، مرتبطة بسفينة القرض. المتبقي: صفر.',
      ),
      moves: [{ from: at('rsgl'), to: at('amc'), quantity: '3', by: 'inPlace', loan: 'returned' }],
    },
    {
      screens: ['loan-report'],
      title: tx('The loan balance shows the line closed', 'رصيد القروض يُظهر السطر مغلقًا'),
      text: tx(
        'The line Arabian Milling Company → Red Sea Grain Logistics, LC-NCB-2026-0412, Wheat: issued 9, returned 9, outstanding 0 (choose “All” to see lines fully returned). Its movements list the loan (L) and both returns (LR), each opening its record.',
        'سطر القرض من Arabian Milling Company إلى Red Sea Grain Logistics، LC-NCB-2026-0412، القمح: المُقرَض 9، المُرجَع 9، المتبقي صفر (اختر «الكل» لرؤية الأسطر المُرجَعة بالكامل). تعرض حركاته القرض (L) والإرجاعين (LR)، وكلٌّ منها يفتح سجله.',
      ),
      at: at('amc'),
      ledger: tx('nothing is posted: the report reads the loans and their returns.', 'لا يُقيَّد شيء: يقرأ التقرير القروض وإرجاعاتها.'),
    },
  ],
  notes: [
    tx(
      'A loan and a return change the owner where the cargo lies; the warehouse’s stock does not change. The loan cannot be reversed while a return stands on it: reverse the returns first.',
      'القرض والإرجاع يغيّران المالك حيث توجد البضاعة، ولا يتغير مخزون المستودع. لا يمكن عكس القرض ما دام عليه إرجاع قائم: اعكس الإرجاعات أولًا.',
    ),
    loanNotes.usable,
    tx(
      'A swap needs two different owners of the same cargo type; the two positions must differ in place, silo, consignment or voyage.',
      'تتطلب المبادلة مالكَين مختلفين لنوع البضاعة نفسه، ويجب أن يختلف الموضعان في المكان أو الصومعة أو الإرسالية أو الرحلة.',
    ),
  ],
};
