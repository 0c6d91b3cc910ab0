import { tx, type FlowDiagramSource } from '../../model';
import { demo, owners, places } from '../demo';
import { loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const amcBoard = { place: 'falcon', owner: 'amc' };
const rsglBoard = { place: 'falcon', owner: 'rsgl' };
const amcTerminal = { place: 'terminal', owner: 'amc' };
const rsglTerminal = { place: 'terminal', owner: 'rsgl' };

/** A loan of cargo on board, loaded by the port to the shipment manager's warehouse stock, returned there in kind. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-sm-to-consignee-loan-same-warehouse',
  summary: tx(
    'The shipment manager takes part of the BL straight from the vessel: the consignee lends it on board (Consignee To SM, place “On board”), a port loading of quantity type Loan carries it to the warehouse, where it is received as the shipment manager’s. The shipment manager then gives the loan back in the same warehouse (SM To Consignee, from its cargo there): the consignee owns the wheat in the warehouse, attached to the loan’s vessel.',
    'يأخذ مدير الشحنة جزءًا من البوليصة من السفينة مباشرة: يُقرضه المستلم وهو على متن السفينة (من المستلم إلى مدير الشحنة، المكان «على متن السفينة»)، وتنقله عملية تحميل من الميناء بنوع الكمية «قرض» إلى المستودع، حيث يُستلم ملكًا لمدير الشحنة. ثم يُرجع مدير الشحنة القرض في المستودع نفسه (من مدير الشحنة إلى المستلم، من بضاعته هناك): يملك المستلم القمح في المستودع، مرتبطًا بسفينة القرض.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal },
  owners: { amc: owners.amc, rsgl: owners.rsgl },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: amcBoard, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'own', from: amcBoard, to: amcTerminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'own', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('The consignee lends 40 MT on board', 'المستلم يُقرض 40 طنًا على متن السفينة'),
      text: tx(
        `Add Consignee to SM, place “On board (at the port)”: the vessel’s voyage and the BL ‹${demo.amcBl}› (the list shows each BL with its lender, borrower, LC/PO and what is available), quantity 40. Nothing moves now: the loan reserves 40 MT of the BL for the shipment manager. It may not lend more than the BL has on board less what its port loadings and other loans still plan to load.`,
        `إضافة من المستلم إلى مدير الشحنة، المكان «على متن السفينة (في الميناء)»: رحلة السفينة والبوليصة ‹${demo.amcBl}› (تعرض القائمة كل بوليصة مع المُقرض والمقترض والاعتماد/أمر الشراء والمتاح)، الكمية 40. لا يتحرك شيء الآن: يحجز القرض 40 طنًا من البوليصة لمدير الشحنة، ولا يجوز أن يُقرض أكثر مما على متن السفينة من البوليصة بعد خصم ما تخطط عمليات التحميل والقروض الأخرى لتحميله.`,
      ),
      moves: [{ from: amcBoard, to: rsglBoard, quantity: '40', by: 'reserve', loan: 'issued' }],
      ledger: tx('nothing is posted: cargo on board has no owner in the ledger; the loan’s quantity is kept for its Loan port loadings.', 'لا يُقيَّد شيء: البضاعة على متن السفينة بلا مالك في الدفتر؛ وتُحفظ كمية القرض لعمليات التحميل بنوع «قرض».'),
    },
    portLoadingStep({
      id: 'loan',
      from: rsglBoard,
      to: rsglTerminal,
      quantity: '40',
      type: 'warehouse',
      bl: demo.amcBl,
      destination: 'Jeddah Grain Terminal',
      extra: tx(
        'Here the quantity type is Loan and the loan is chosen (“L n · Arabian Milling Company to Red Sea Grain Logistics · left 40.000 MT”): the owner at the destination is the borrower. The loan’s port loadings never plan more than the loan.',
        'نوع الكمية هنا «قرض» ويُختار القرض («L n · من Arabian Milling Company إلى Red Sea Grain Logistics · المتبقي 40.000 طن متري»): المالك في الوجهة هو المقترض. ولا تخطط عمليات تحميل القرض لأكثر من القرض.',
      ),
    }),
    warehouseReceiptStep({ receives: 'loan', warehouse: 'Jeddah Grain Terminal', owner: owners.rsgl.name, storage: tx('Silo A2', 'Silo A2') }),
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The shipment manager returns the 40 MT in the warehouse', 'مدير الشحنة يُرجع الأربعين طنًا في المستودع'),
      text: tx(
        'Add SM to Consignee: the loan on board (outstanding 40); “The loaned cargo” cannot be chosen for a loan on board, so the return is from “Other cargo of the shipment manager”: “Jeddah Grain Terminal · Silo A2 · LC-NCB-2026-0412” (usable 40), quantity 40. The consignee receives the wheat in Silo A2.',
        'إضافة من مدير الشحنة إلى المستلم: القرض على متن السفينة (المتبقي 40)؛ لا يمكن اختيار «البضاعة المُقرَضة» لقرض على متن السفينة، فيكون الإرجاع من «بضاعة أخرى لمدير الشحنة»: «Jeddah Grain Terminal · Silo A2 · LC-NCB-2026-0412» (المتاح 40)، الكمية 40. يستلم المستلم القمح في Silo A2.',
      ),
      moves: [{ from: rsglTerminal, to: amcTerminal, quantity: '40', by: 'inPlace', loan: 'returned' }],
    },
    loanReportStep({ at: amcTerminal, lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '40', returned: '40' }),
  ],
  notes: [
    tx(
      'A port loading of quantity type BL never makes the shipment manager the owner: it takes cargo of a BL only through a loan on board and a port loading of quantity type Loan.',
      'لا تجعل عملية التحميل بنوع الكمية «بوليصة» مدير الشحنة مالكًا: فهو لا يأخذ بضاعة بوليصة إلا بقرض على متن السفينة وعملية تحميل بنوع الكمية «قرض».',
    ),
    tx(
      'The loan on board cannot be reversed while a Loan port loading or a return stands on it; a Loan port loading delivers to a warehouse or a delivery location of the shipment manager or its consignees, never to a customer.',
      'لا يمكن عكس القرض على متن السفينة ما دامت عليه عملية تحميل بنوع «قرض» أو إرجاع قائم؛ وتسلّم عملية التحميل بنوع «قرض» إلى مستودع أو موقع تسليم لمدير الشحنة أو للمستلمين التابعين له، ولا تسلّم إلى عميل أبدًا.',
    ),
    loanNotes.aboveOutstanding,
  ],
};
