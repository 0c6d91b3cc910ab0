import { tx, type FlowDiagramSource } from '../../model';
import { menuPath } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, customerReceiptStep, mt, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const board = { place: 'falcon', owner: 'amc' };
const terminal = { place: 'terminal', owner: 'amc' };
const kap = { place: 'kap', owner: 'amc' };
const mill = { place: 'riyadhMill', owner: 'amc' };
const store = { place: 'bakeryStore', owner: 'bakeries' };
const approval = menuPath('vesselQuantityApproval/quantityApproval');

/** One BL's whole life: on board, out-turn, the three kinds of port loading and their receipts, a transfer between warehouses and a handling loss. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'complete-bl-flow',
  summary: tx(
    'Everything one BL can go through. Its out-turn is approved (a shortage), then port loadings take it three ways: into a warehouse (Warehouse Storage), to the BL consignee’s mill (Direct Delivery) and to a customer’s store (Customer Delivery, where the customer becomes the owner). In the warehouse part of it moves on by truck to a second warehouse (Warehouse Transfer), where a small handling loss is written off. Each truck is received where it arrives; what the receipts miss against the slips is transit loss.',
    'كل ما يمكن أن تمر به بوليصة واحدة. تُعتمد كمية تفريغها (نقص)، ثم تأخذها عمليات التحميل من الميناء في ثلاثة اتجاهات: إلى مستودع (تخزين في المستودع)، وإلى مطحنة المستلم في البوليصة (تسليم مباشر)، وإلى مخزن عميل (تسليم العميل، ويصبح العميل هو المالك). في المستودع ينتقل جزء منها بالشاحنة إلى مستودع ثانٍ (النقل بين المستودعات)، حيث يُشطب فاقد مناولة صغير. تُستلم كل شاحنة حيث تصل، وما ينقص في الاستلام عن الإيصالات هو فاقد النقل.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, kap: places.kap, riyadhMill: places.riyadhMill, bakeryStore: places.bakeryStore },
  owners: { amc: owners.amc, bakeries: owners.bakeries },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: board, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    {
      screens: ['vesselQuantityApproval/vessel', 'vesselQuantityApproval/quantityApproval'],
      title: tx(`The out-turn: ${mt('68.75').en} short`, `كمية التفريغ: نقص ${mt('68.75').ar}`),
      text: tx(
        `The voyage’s out-turn is entered on ${menuPath('vesselQuantityApproval/vessel').en}; the BL’s on ${approval.en}: discharged 24,431.250 against a BL of 24,500.000, a shortage of 68.750 MT (0.28 %). On the final approval of the agency’s approval rule the shortage leaves the stock on board.`,
        `تُدخل كمية تفريغ الرحلة في «${menuPath('vesselQuantityApproval/vessel').ar}»، وكمية تفريغ البوليصة في «${approval.ar}»: المُفرَّغ 24,431.250 مقابل بوليصة بـ 24,500.000، أي نقص 68.750 طن متري (0.28 ٪). وعند الاعتماد الأخير وفق قاعدة الاعتماد في الوكالة يخرج النقص من المخزون على متن السفينة.`,
      ),
      adjust: { at: board, quantity: '-68.75', account: 'VESSEL' },
    },
    portLoadingStep({ id: 'terminal', from: board, to: terminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'terminal', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    portLoadingStep({ id: 'mill', from: board, to: mill, quantity: '103', type: 'directDelivery', bl: demo.amcBl, destination: 'AMC Riyadh Mill' }),
    consigneeReceiptStep({ receives: 'mill', location: 'AMC Riyadh Mill', owner: owners.amc.name }),
    portLoadingStep({
      id: 'store',
      from: board,
      to: store,
      quantity: '60',
      type: 'customerDelivery',
      bl: demo.amcBl,
      destination: 'Makkah Central Bakery Store',
      extra: tx('For a customer delivery the owner at the destination is the customer of the delivery location: Makkah Bakeries Cooperative owns the cargo from the truck on.', 'في تسليم العميل يكون المالك في الوجهة هو عميل موقع التسليم: تملك Makkah Bakeries Cooperative البضاعة منذ الشاحنة.'),
    }),
    customerReceiptStep({ receives: 'store', location: 'Makkah Central Bakery Store', owner: owners.bakeries.name, slip: tx('each port loading slip in transit to the store', 'كل إيصال تحميل من الميناء في الطريق إلى المخزن') }),
    {
      screens: ['warehouseTransfer'],
      title: tx('40 MT move by truck to KAP Silo Complex', 'نقل 40 طنًا بالشاحنة إلى KAP Silo Complex'),
      text: tx(
        'Add Warehouse Transfer: from warehouse ‹Jeddah Grain Terminal›, the position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, to warehouse ‹KAP Silo Complex›, the truck, driver, WBT number and quantity 40. The owner does not change; the truck travels on a transfer slip.',
        'إضافة نقل بين المستودعات: من المستودع ‹Jeddah Grain Terminal›، الموضع «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، إلى المستودع ‹KAP Silo Complex›، والشاحنة والسائق ورقم تذكرة الميزان والكمية 40. لا يتغير المالك، وتسير الشاحنة بإذن نقل.',
      ),
      moves: [{ id: 'transfer', from: terminal, to: kap, quantity: '40', by: 'truck' }],
    },
    warehouseReceiptStep({ receives: 'transfer', warehouse: 'KAP Silo Complex', owner: owners.amc.name, storage: tx('Silo 1 (slip type “Transfer slip”)', 'Silo 1 (نوع الإيصال «إذن نقل»)') }),
    {
      screens: ['handlingLoss'],
      title: tx('A handling loss of 0.080 MT at KAP', 'فاقد مناولة 0.080 طن متري في KAP'),
      text: tx(
        'Add Handling Loss: warehouse KAP Silo Complex, the position in Silo 1, quantity 0.080 and the reason. The wheat handling loss rule allows 0.25 % of what the warehouse received for the LC (40 MT: 0.100 MT), so it is posted at once; above the allowance it would wait for approval.',
        'إضافة فاقد مناولة: المستودع KAP Silo Complex، الموضع في Silo 1، الكمية 0.080 والسبب. تسمح قاعدة فاقد المناولة للقمح بـ 0.25 ٪ مما استلمه المستودع للاعتماد (40 طنًا: 0.100 طن متري)، فيُقيَّد فورًا؛ وإن تجاوز المسموح ينتظر الاعتماد.',
      ),
      adjust: { at: kap, quantity: '-0.08', account: 'HANDLING_LOSS' },
    },
  ],
  notes: [
    tx(
      'Every port loading plans no more than the BL has on board, less what its other port loadings still plan to load; the out-turn’s shortage lowers what is on board.',
      'لا تخطط أي عملية تحميل لأكثر مما على متن السفينة من البوليصة، بعد خصم ما تخطط له عمليات التحميل الأخرى؛ ويُنقص النقص في كمية التفريغ ما على متن السفينة.',
    ),
    tx(
      'The dashboard’s vessel tab follows the BL: quantity, loaded, in transit, delivered and remaining, per LC/PO and per port loading.',
      'يتابع تبويب السفن في لوحة المعلومات البوليصة: الكمية والمُحمّل وما في الطريق والمُسلَّم والمتبقي، لكل اعتماد/أمر شراء ولكل عملية تحميل.',
    ),
  ],
};
