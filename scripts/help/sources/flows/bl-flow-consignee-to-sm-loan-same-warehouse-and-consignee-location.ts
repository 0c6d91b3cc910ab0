import { tx, type FlowDiagramSource } from '../../model';
import { menuPath } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const amcTerminal = { place: 'terminal', owner: 'amc' };
const rsglTerminal = { place: 'terminal', owner: 'rsgl' };
const amcMill = { place: 'riyadhMill', owner: 'amc' };
const rsglMill = { place: 'riyadhMill', owner: 'rsgl' };
const inWarehouse = menuPath('warehouse/consignee-to-sm');
const atSite = menuPath('consignee/consignee-to-sm');
const back = menuPath('warehouse/sm-to-consignee');

/** Two loans of one consignee to its shipment manager, one in a warehouse and one at its own mill, each returned where it was lent. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-consignee-to-sm-loan-same-warehouse-and-consignee-location',
  summary: tx(
    `One BL feeds a warehouse and, by direct delivery, the consignee’s own mill. The consignee lends to its shipment manager in both places: in the warehouse on ${inWarehouse.en}, at the mill on ${atSite.en}. Both loans are on the same loan balance line and both are returned on ${back.en}, each where it was lent.`,
    `تغذّي بوليصة واحدة مستودعًا، وبالتسليم المباشر مطحنة المستلم نفسه. يُقرض المستلم مدير الشحنة التابع له في المكانين: في المستودع من «${inWarehouse.ar}»، وفي المطحنة من «${atSite.ar}». يظهر القرضان في سطر رصيد القرض نفسه، ويُرجعان كلاهما من «${back.ar}»، كلٌّ حيث أُقرض.`,
  ),
  places: { falcon: places.falcon, terminal: places.terminal, riyadhMill: places.riyadhMill },
  owners: { amc: owners.amc, rsgl: owners.rsgl },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'terminal', from: { place: 'falcon', owner: 'amc' }, to: amcTerminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'terminal', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    portLoadingStep({
      id: 'mill',
      from: { place: 'falcon', owner: 'amc' },
      to: amcMill,
      quantity: '150',
      type: 'directDelivery',
      bl: demo.amcBl,
      destination: 'AMC Riyadh Mill',
      extra: tx('A direct delivery goes to a site of the BL consignee (or of a consignee of its shipment manager).', 'يذهب التسليم المباشر إلى موقع للمستلم في البوليصة (أو لمستلم تابع لمدير الشحنة نفسه).'),
    }),
    consigneeReceiptStep({ receives: 'mill', location: 'AMC Riyadh Mill', owner: owners.amc.name }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('A 15 MT loan in the warehouse', 'قرض 15 طنًا في المستودع'),
      text: tx(
        'Add Consignee to SM, place “In a warehouse”: Jeddah Grain Terminal, the position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, quantity 15. The shipment manager owns the 15 MT in Silo A1.',
        'إضافة من المستلم إلى مدير الشحنة، المكان «في مستودع»: Jeddah Grain Terminal، الموضع «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، الكمية 15. يملك مدير الشحنة الأطنان الخمسة عشر في Silo A1.',
      ),
      moves: [{ from: amcTerminal, to: rsglTerminal, quantity: '15', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['consignee/consignee-to-sm'],
      title: tx('A 10 MT loan at the consignee’s mill', 'قرض 10 أطنان في مطحنة المستلم'),
      text: tx(
        `${atSite.en}, Add: the consignee location ‹AMC Riyadh Mill›, the position in its open area (owner, LC/PO, usable), quantity 10. The same loan as in a warehouse, made at the consignee’s own site; it is listed on this screen and returned on SM To Consignee.`,
        `«${atSite.ar}»، إضافة: موقع المستلم ‹AMC Riyadh Mill›، الموضع في منطقته المفتوحة (المالك، الاعتماد/أمر الشراء، المتاح)، الكمية 10. هو القرض نفسه الذي يُجرى في المستودع، لكنه في موقع المستلم نفسه؛ ويُعرض في هذه الشاشة ويُرجَع من «من مدير الشحنة إلى المستلم».`,
      ),
      moves: [{ from: amcMill, to: rsglMill, quantity: '10', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The warehouse loan comes back', 'إرجاع قرض المستودع'),
      text: tx(
        'Add SM to Consignee: the loan at Jeddah Grain Terminal (outstanding 15), return from “The loaned cargo”, quantity 15.',
        'إضافة من مدير الشحنة إلى المستلم: القرض في Jeddah Grain Terminal (المتبقي 15)، الإرجاع من «البضاعة المُقرَضة»، الكمية 15.',
      ),
      moves: [{ from: rsglTerminal, to: amcTerminal, quantity: '15', by: 'inPlace', loan: 'returned' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The mill loan comes back', 'إرجاع قرض المطحنة'),
      text: tx(
        'Add SM to Consignee: the loan at AMC Riyadh Mill (outstanding 10), return from “The loaned cargo”, quantity 10. The wheat is the mill’s again, in its open area.',
        'إضافة من مدير الشحنة إلى المستلم: القرض في AMC Riyadh Mill (المتبقي 10)، الإرجاع من «البضاعة المُقرَضة»، الكمية 10. يعود القمح ملكًا للمطحنة في منطقتها المفتوحة.',
      ),
      moves: [{ from: rsglMill, to: amcMill, quantity: '10', by: 'inPlace', loan: 'returned' }],
    },
    loanReportStep({ at: amcMill, lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '25', returned: '25' }),
  ],
  notes: [
    tx(
      'The loan balance adds up every loan of a lender, borrower, LC/PO and cargo type, wherever it was made: the line shows 25 MT issued; its movements name the place of each.',
      'يجمع رصيد القرض كل قروض المُقرض والمقترض والاعتماد/أمر الشراء ونوع البضاعة أينما أُجريت: يعرض السطر 25 طنًا مُقرَضة، وتذكر حركاته مكان كلٍّ منها.',
    ),
    loanNotes.borrower,
    loanNotes.usable,
    loanNotes.reversal,
  ],
};
