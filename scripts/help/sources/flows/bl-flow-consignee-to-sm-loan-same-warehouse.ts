import { tx, type FlowDiagramSource } from '../../model';
import { demo, owners, places } from '../demo';
import { loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const amc = { place: 'terminal', owner: 'amc' };
const rsgl = { place: 'terminal', owner: 'rsgl' };

/** A loan to the shipment manager in one warehouse and its return in two parts, all in place. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-consignee-to-sm-loan-same-warehouse',
  summary: tx(
    'The BL consignee’s wheat is received into a warehouse; the consignee lends part of it to its shipment manager there (Consignee To SM), and the shipment manager gives it back in two returns (SM To Consignee). Loan and returns change the owner where the cargo lies: the warehouse’s stock stays the same, only who owns it changes, and the loan balance follows what is still outstanding.',
    'يُستلم قمح المستلم في البوليصة في مستودع؛ يُقرض المستلم جزءًا منه لمدير الشحنة التابع له هناك (من المستلم إلى مدير الشحنة)، ويُرجعه مدير الشحنة على دفعتين (من مدير الشحنة إلى المستلم). يغيّر القرض والإرجاع المالك حيث توجد البضاعة: يبقى مخزون المستودع كما هو، ويتغير مالكه فقط، ويتتبع رصيد القرض ما تبقى.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal },
  owners: { amc: owners.amc, rsgl: owners.rsgl },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'in', from: { place: 'falcon', owner: 'amc' }, to: amc, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'in', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('The consignee lends 20 MT to its shipment manager', 'المستلم يُقرض 20 طنًا لمدير الشحنة'),
      text: tx(
        'Add Consignee to SM, place “In a warehouse”: warehouse Jeddah Grain Terminal, the stock position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412 · Wheat” (the screen shows its on hand, committed and usable), quantity 20, “Deliver by truck” left off. The borrower is Red Sea Grain Logistics, the consignee’s shipment manager. The loan (L) is issued at once: outstanding 20 MT.',
        'إضافة من المستلم إلى مدير الشحنة، المكان «في مستودع»: المستودع Jeddah Grain Terminal، موضع المخزون «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412 · Wheat» (تعرض الشاشة مخزونه والملتزم به والمتاح منه)، الكمية 20، دون تفعيل «التسليم بالشاحنة». المقترض Red Sea Grain Logistics، مدير الشحنة التابع للمستلم. يُسجَّل القرض (L) فورًا: المتبقي 20 طنًا.',
      ),
      moves: [{ from: amc, to: rsgl, quantity: '20', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('12 MT come back', 'إرجاع 12 طنًا'),
      text: tx(
        'Add SM to Consignee: the loan (the list shows each loan with an outstanding quantity: number, warehouse, lender → borrower, LC/PO, outstanding), return from “The loaned cargo”, quantity 12. The wheat goes back to the consignee in Silo A1. Outstanding: 8 MT.',
        'إضافة من مدير الشحنة إلى المستلم: القرض (تعرض القائمة كل قرض له كمية متبقية: الرقم والمستودع والمُقرض والمقترض والاعتماد/أمر الشراء والمتبقي)، الإرجاع من «البضاعة المُقرَضة»، الكمية 12. يعود القمح إلى المستلم في Silo A1. المتبقي: 8 أطنان.',
      ),
      moves: [{ from: rsgl, to: amc, quantity: '12', by: 'inPlace', loan: 'returned' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The last 8 MT come back', 'إرجاع آخر 8 أطنان'),
      text: tx(
        'Add SM to Consignee again on the same loan, quantity 8. A return above the outstanding is refused. Outstanding: 0; the loan no longer appears in the list of loans to return.',
        'إضافة من مدير الشحنة إلى المستلم مرة أخرى على القرض نفسه، الكمية 8. يُرفض الإرجاع الذي يتجاوز المتبقي. المتبقي: صفر، ولم يعد القرض يظهر في قائمة القروض المطلوب إرجاعها.',
      ),
      moves: [{ from: rsgl, to: amc, quantity: '8', by: 'inPlace', loan: 'returned' }],
    },
    loanReportStep({ at: amc, lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '20', returned: '20' }),
  ],
  notes: [loanNotes.borrower, loanNotes.usable, loanNotes.aboveOutstanding, loanNotes.reversal],
};
