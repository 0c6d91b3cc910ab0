import { LoanSlipHeldMessages } from '@tonnage/contracts';
import { tx, type FlowDiagramSource } from '../../model';
import { message } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const amcTerminal = { place: 'terminal', owner: 'amc' };
const rsglYard = { place: 'yard', owner: 'rsgl' };
const amcYard = { place: 'yard', owner: 'amc' };
const amcMill = { place: 'riyadhMill', owner: 'amc' };
const held = message(LoanSlipHeldMessages.loanInWarehouseIn);

/** A loan delivered by truck to another warehouse, and its returns from the shipment manager's cargo there. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-consignee-to-sm-loan-different-location',
  summary: tx(
    'The consignee lends wheat it holds at one warehouse to its shipment manager, and a truck delivers the loan to another warehouse (Consignee To SM with “Deliver by truck”: a transfer slip). The shipment manager owns the cargo from the moment the truck leaves; the destination receives it like any truck. The loan is paid back from the shipment manager’s cargo at the destination: part delivered by truck to the consignee’s mill, part handed over where it lies.',
    'يُقرض المستلم قمحًا لديه في مستودع لمدير الشحنة التابع له، وتنقل شاحنة القرض إلى مستودع آخر (من المستلم إلى مدير الشحنة مع «التسليم بالشاحنة»: إذن نقل). يملك مدير الشحنة البضاعة منذ مغادرة الشاحنة، وتستلمها الوجهة كأي شاحنة. يُسدَّد القرض من بضاعة مدير الشحنة في الوجهة: جزء يُنقل بالشاحنة إلى مطحنة المستلم، وجزء يُسلَّم حيث هو.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, yard: places.yard, riyadhMill: places.riyadhMill },
  owners: { amc: owners.amc, rsgl: owners.rsgl },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'in', from: { place: 'falcon', owner: 'amc' }, to: amcTerminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'in', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('A 20 MT loan leaves by truck for Yanbu Open Yard', 'قرض 20 طنًا يغادر بالشاحنة إلى Yanbu Open Yard'),
      text: tx(
        'Add Consignee to SM: warehouse Jeddah Grain Terminal, the position in Silo A1 of Arabian Milling Company, quantity 20, and “Deliver by truck to another place (transfer slip)”: deliver to ‹Yanbu Open Yard›, the truck ‹JED 4821›, its driver, the WBT number. The destination must be a warehouse, or a delivery location of the shipment manager or of one of its consignees, and not the place the cargo leaves. The loan counts as issued at dispatch; its record shows “Delivered to Yanbu Open Yard · slip n” with the slip’s print link.',
        'إضافة من المستلم إلى مدير الشحنة: المستودع Jeddah Grain Terminal، موضع Arabian Milling Company في Silo A1، الكمية 20، و«التسليم بالشاحنة إلى مكان آخر (إذن نقل)»: التسليم إلى ‹Yanbu Open Yard›، الشاحنة ‹JED 4821› وسائقها ورقم تذكرة الميزان. يجب أن تكون الوجهة مستودعًا أو موقع تسليم لمدير الشحنة أو لأحد المستلمين التابعين له، وألا تكون المكان الذي تغادره البضاعة. يُحتسب القرض مُقرَضًا عند الإرسال، ويعرض سجله «سُلّم إلى Yanbu Open Yard · الإذن n» مع رابط طباعة الإذن.',
      ),
      moves: [{ id: 'loan', from: amcTerminal, to: rsglYard, quantity: '20', by: 'truck', loan: 'issued' }],
    },
    warehouseReceiptStep({ receives: 'loan', warehouse: 'Yanbu Open Yard', owner: owners.rsgl.name, storage: tx('the open area (slip type “Transfer slip”)', 'المنطقة المفتوحة (نوع الإيصال «إذن نقل»)') }),
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('12 MT go back by truck to the consignee’s mill', '12 طنًا تعود بالشاحنة إلى مطحنة المستلم'),
      text: tx(
        'Add SM to Consignee: the loan, return from “Other cargo of the shipment manager” (the delivered loan is no longer where it was lent, so the loaned cargo cannot be chosen), the cargo returned “Yanbu Open Yard · Open area · LC-NCB-2026-0412”, quantity 12, and “Deliver by truck” to ‹AMC Riyadh Mill›, a delivery location of the lender, with its truck, driver and WBT number. Outstanding: 8 MT.',
        'إضافة من مدير الشحنة إلى المستلم: القرض، الإرجاع من «بضاعة أخرى لمدير الشحنة» (القرض المُسلَّم لم يعد حيث أُقرض، فلا يمكن اختيار البضاعة المُقرَضة)، البضاعة المُرجَعة «Yanbu Open Yard · منطقة مفتوحة · LC-NCB-2026-0412»، الكمية 12، و«التسليم بالشاحنة» إلى ‹AMC Riyadh Mill›، وهو موقع تسليم للمُقرض، مع الشاحنة والسائق ورقم تذكرة الميزان. المتبقي: 8 أطنان.',
      ),
      moves: [{ id: 'return', from: rsglYard, to: amcMill, quantity: '12', by: 'truck', loan: 'returned' }],
    },
    consigneeReceiptStep({ receives: 'return', location: 'AMC Riyadh Mill', owner: owners.amc.name, slip: tx('the transfer slip of the return', 'إذن النقل الخاص بالإرجاع') }),
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The last 8 MT are handed over at the yard', 'آخر 8 أطنان تُسلَّم في الساحة'),
      text: tx(
        'Add SM to Consignee: the same loan, return from the shipment manager’s cargo at Yanbu Open Yard, quantity 8, without a truck. The consignee receives it where it lies, attached to the loan’s vessel. Outstanding: 0.',
        'إضافة من مدير الشحنة إلى المستلم: القرض نفسه، الإرجاع من بضاعة مدير الشحنة في Yanbu Open Yard، الكمية 8، دون شاحنة. يستلمها المستلم حيث هي، مرتبطة بسفينة القرض. المتبقي: صفر.',
      ),
      moves: [{ from: rsglYard, to: amcYard, quantity: '8', by: 'inPlace', loan: 'returned' }],
    },
    loanReportStep({ at: amcMill, lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '20', returned: '20' }),
  ],
  notes: [
    tx(
      `A loan or return delivered by truck has no edit; its reversal reverses the transfer slip and is refused while Warehouse Pre In, Warehouse In or Consignee In holds the truck (“${held.en}”).`,
      `لا يُعدَّل القرض أو الإرجاع المُسلَّم بالشاحنة؛ وعكسه يعكس إذن النقل، ويُرفض ما دام «ما قبل دخول المستودع» أو «دخول المستودع» أو «دخول المستلم» يحتفظ بالشاحنة («${held.ar}»).`,
    ),
    tx('The truck and driver pass the same rules as a loading slip (active, capacity, truck and driver rules); the WBT number is unique among live transfer slips.', 'تخضع الشاحنة والسائق للقواعد نفسها التي تخضع لها إيصالات التحميل (نشطة، السعة، قواعد الشاحنات والسائقين)، ورقم تذكرة الميزان فريد بين أذونات النقل القائمة.'),
    loanNotes.borrower,
    loanNotes.aboveOutstanding,
  ],
};
