import { tx, type FlowDiagramSource } from '../../model';
import { label, menuPath } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, customerReceiptStep, mt, portLoadingStep, preOutStep, shippingStep, warehouseOutStep, warehouseReceiptStep, weighingStep } from '../steps';

const board = { place: 'falcon', owner: 'amc' };
const terminal = { place: 'terminal', owner: 'amc' };
const mill = { place: 'riyadhMill', owner: 'amc' };
const store = { place: 'bakeryStore', owner: 'bakeries' };

/** The whole product in one case: from the sale order to the customer's store. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'cms-complete-flow',
  summary: tx(
    'The cargo management system end to end, on the demo agency: a sale order and the LC under it, the BL on the vessel and its approved out-turn, trucks from the port into a warehouse and their receipt on the weighbridge, a weighed dispatch from the warehouse to the consignee’s mill, and a sale to a customer delivered by truck to the customer’s store. Every screen that moves cargo posts to the stock ledger, so the dashboards and reports always show where each tonne is and who owns it.',
    'نظام إدارة البضائع من البداية إلى النهاية، على الوكالة التجريبية: أمر بيع والاعتماد المستندي تحته، والبوليصة على السفينة وكمية تفريغها المعتمدة، والشاحنات من الميناء إلى مستودع واستلامها على الميزان، وإرسال موزون من المستودع إلى مطحنة المستلم، وبيع لعميل يُسلَّم بالشاحنة إلى مخزنه. كل شاشة تنقل البضاعة تقيّد في دفتر المخزون، فتعرض لوحات المعلومات والتقارير دائمًا أين كل طن ومن يملكه.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, riyadhMill: places.riyadhMill, bakeryStore: places.bakeryStore },
  owners: { amc: owners.amc, bakeries: owners.bakeries },
  steps: [
    {
      screens: ['saleOrder'],
      title: tx('The sale order', 'أمر البيع'),
      text: tx(
        'Add sale order: number ‹SO-2026-0118›, seller Euxine Grain Export LLC, buyer Hijaz Grain Trading Co., cargo type Wheat, quantity 50,000, order date and delivery period. Documents (the contract, invoices) are attached on its documents page.',
        'إضافة أمر بيع: الرقم ‹SO-2026-0118›، البائع Euxine Grain Export LLC، المشتري Hijaz Grain Trading Co.، نوع البضاعة القمح، الكمية 50,000، تاريخ الأمر وفترة التسليم. تُرفق المستندات (العقد، الفواتير) في صفحة مستنداته.',
      ),
      at: board,
      ledger: tx('nothing is posted: a commercial document.', 'لا يُقيَّد شيء: مستند تجاري.'),
    },
    {
      screens: ['consignments'],
      title: tx('The consignment under an LC', 'الإرسالية باعتماد مستندي'),
      text: tx(
        `Add consignment, type LC: LC number ‹${demo.amcLc}›, ref number, the sale order, BL consignee Arabian Milling Company, shipment manager Red Sea Grain Logistics, quantity 25,000 (its cargo type is the sale order’s). The LCs of a sale order never exceed it.`,
        `إضافة إرسالية من نوع اعتماد مستندي: رقم الاعتماد ‹${demo.amcLc}›، الرقم المرجعي، أمر البيع، المستلم في البوليصة Arabian Milling Company، مدير الشحنة Red Sea Grain Logistics، الكمية 25,000 (نوع بضاعتها نوع أمر البيع). ولا تتجاوز اعتمادات أمر البيع كميته.`,
      ),
      at: board,
      ledger: tx('nothing is posted.', 'لا يُقيَّد شيء.'),
    },
    shippingStep('MV Desert Falcon 2611W', [{ node: board, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    {
      screens: ['vesselQuantityApproval/quantityApproval'],
      title: tx(`The approved out-turn: ${mt('68.75').en} short`, `كمية التفريغ المعتمدة: نقص ${mt('68.75').ar}`),
      text: tx(
        'The BL’s out-turn from the draft survey (discharged 24,431.250) goes through the agency’s approval rule; the final approval posts the shortage.',
        'تمر كمية تفريغ البوليصة من مسح الغاطس (المُفرَّغ 24,431.250) بقاعدة الاعتماد في الوكالة، ويقيّد الاعتماد الأخير النقص.',
      ),
      adjust: { at: board, quantity: '-68.75', account: 'VESSEL' },
    },
    portLoadingStep({ id: 'terminal', from: board, to: terminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'terminal', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1 and Silo A2', 'Silo A1 وSilo A2') }),
    preOutStep({ at: terminal, warehouse: 'Jeddah Grain Terminal', quantity: '18', truck: 'JED 7310' }),
    weighingStep({ at: terminal, truck: 'JED 7310' }),
    warehouseOutStep({ id: 'out', from: terminal, to: mill, quantity: '18.32', destinationType: label('warehouseDispatch.destinations.consignee'), destination: 'AMC Riyadh Mill' }),
    consigneeReceiptStep({ receives: 'out', location: 'AMC Riyadh Mill', owner: owners.amc.name, slip: tx('the warehouse loading slip', 'إيصال تحميل المستودع') }),
    {
      screens: ['warehouse/consignee-to-customer'],
      title: tx('A sale to a customer, delivered by truck', 'بيع لعميل يُسلَّم بالشاحنة'),
      text: tx(
        'Add Consignee to Customer: Jeddah Grain Terminal, the seller Arabian Milling Company and its position, the customer Makkah Bakeries Cooperative, quantity 30, delivery “By truck to the customer”: the customer’s delivery location ‹Makkah Central Bakery Store›, truck, driver and WBT number. The customer owns the cargo from the dispatch on.',
        'إضافة من المستلم إلى العميل: Jeddah Grain Terminal، البائع Arabian Milling Company وموضعه، العميل Makkah Bakeries Cooperative، الكمية 30، التسليم «بالشاحنة إلى العميل»: موقع تسليم العميل ‹Makkah Central Bakery Store›، والشاحنة والسائق ورقم تذكرة الميزان. يملك العميل البضاعة منذ الإرسال.',
      ),
      moves: [{ id: 'sale', from: terminal, to: store, quantity: '30', by: 'truck' }],
    },
    customerReceiptStep({ receives: 'sale', location: 'Makkah Central Bakery Store', owner: owners.bakeries.name, slip: tx('the sale’s transfer slip', 'إذن النقل الخاص بالبيع') }),
  ],
  notes: [
    tx(
      `What the dashboards show comes from these postings: ${menuPath('dashboard').en} has the vessel, warehouse, consignee, customer, in/out and map tabs, each within the user’s data scope.`,
      `ما تعرضه لوحات المعلومات مصدره هذه القيود: تضم «${menuPath('dashboard').ar}» تبويبات السفن والمستودعات والمستلمين والعملاء والدخول والخروج والخريطة، كلٌّ ضمن نطاق بيانات المستخدم.`,
    ),
    tx(
      'A record is never deleted: each screen reverses with a reason, and a record another one stands on (a consignment with a port loading, a received slip) refuses its reversal until the later one is reversed.',
      'لا يُحذف أي سجل: تعكس كل شاشة مع ذكر السبب، والسجل الذي يقوم عليه سجل آخر (إرسالية لها عملية تحميل، إيصال مستلَم) يرفض العكس حتى يُعكس السجل اللاحق.',
    ),
  ],
};
